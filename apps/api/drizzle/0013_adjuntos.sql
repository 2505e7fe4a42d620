CREATE TABLE "fotos_clinicas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "fotos_clinicas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cita_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"etiqueta" text NOT NULL,
	"zona" text NOT NULL,
	"archivo_id" integer NOT NULL,
	"consentimiento_id" integer NOT NULL,
	"tomada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"subida_por" integer NOT NULL,
	CONSTRAINT "fotos_clinicas_etiqueta" CHECK ("fotos_clinicas"."etiqueta" in ('antes', 'despues'))
);
--> statement-breakpoint
CREATE TABLE "resultados_examen" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "resultados_examen_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cita_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"orden_examen_id" integer,
	"archivo_id" integer NOT NULL,
	"subido_por" integer NOT NULL,
	"subido_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fotos_clinicas" ADD CONSTRAINT "fotos_clinicas_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos_clinicas" ADD CONSTRAINT "fotos_clinicas_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos_clinicas" ADD CONSTRAINT "fotos_clinicas_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos_clinicas" ADD CONSTRAINT "fotos_clinicas_consentimiento_id_consentimientos_id_fk" FOREIGN KEY ("consentimiento_id") REFERENCES "public"."consentimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fotos_clinicas" ADD CONSTRAINT "fotos_clinicas_subida_por_usuarios_id_fk" FOREIGN KEY ("subida_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultados_examen" ADD CONSTRAINT "resultados_examen_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultados_examen" ADD CONSTRAINT "resultados_examen_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultados_examen" ADD CONSTRAINT "resultados_examen_orden_examen_id_ordenes_examen_id_fk" FOREIGN KEY ("orden_examen_id") REFERENCES "public"."ordenes_examen"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultados_examen" ADD CONSTRAINT "resultados_examen_archivo_id_archivos_id_fk" FOREIGN KEY ("archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resultados_examen" ADD CONSTRAINT "resultados_examen_subido_por_usuarios_id_fk" FOREIGN KEY ("subido_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fotos_clinicas_cita_idx" ON "fotos_clinicas" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "fotos_clinicas_paciente_idx" ON "fotos_clinicas" USING btree ("paciente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fotos_clinicas_archivo_unico" ON "fotos_clinicas" USING btree ("archivo_id");--> statement-breakpoint
CREATE INDEX "resultados_examen_cita_idx" ON "resultados_examen" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "resultados_examen_paciente_idx" ON "resultados_examen" USING btree ("paciente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resultados_examen_archivo_unico" ON "resultados_examen" USING btree ("archivo_id");--> statement-breakpoint
-- Written by hand: exam results and clinical photos are part of the clinical record, which is never changed or
-- deleted (Res. 1995 de 1999; DOMAIN.md). A wrong upload stays, and a new one is added; no route deletes one
-- and the database refuses it whatever the code does.
CREATE FUNCTION adjuntos_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'fotos_clinicas' THEN
    RAISE EXCEPTION 'Una foto clínica hace parte de la historia clínica: no se modifica ni se borra' USING ERRCODE = '42501';
  END IF;
  RAISE EXCEPTION 'Un resultado de examen hace parte de la historia clínica: no se modifica ni se borra' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER resultados_examen_inmutables BEFORE UPDATE OR DELETE ON "resultados_examen" FOR EACH ROW EXECUTE FUNCTION adjuntos_proteger();--> statement-breakpoint
CREATE TRIGGER fotos_clinicas_inmutables BEFORE UPDATE OR DELETE ON "fotos_clinicas" FOR EACH ROW EXECUTE FUNCTION adjuntos_proteger();
