CREATE TABLE "consentimientos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consentimientos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cita_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"procedimiento_id" integer NOT NULL,
	"plantilla_id" integer NOT NULL,
	"plantilla_version" integer NOT NULL,
	"texto" text NOT NULL,
	"acepta_fotos" boolean NOT NULL,
	"firma_archivo_id" integer NOT NULL,
	"firmado_en" timestamp with time zone NOT NULL,
	"registrado_por" integer NOT NULL,
	"ip" text,
	"dispositivo" text,
	"pdf_archivo_id" integer NOT NULL,
	"pdf_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plantillas_consentimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plantillas_consentimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"procedimiento_id" integer NOT NULL,
	"version" integer NOT NULL,
	"texto" text NOT NULL,
	"vigente_desde" timestamp with time zone NOT NULL,
	"creada_por" integer,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revocaciones_consentimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "revocaciones_consentimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"consentimiento_id" integer NOT NULL,
	"revocado_en" timestamp with time zone NOT NULL,
	"motivo" text DEFAULT '' NOT NULL,
	"revocado_por" integer NOT NULL,
	"ip" text,
	"dispositivo" text
);
--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_plantilla_id_plantillas_consentimiento_id_fk" FOREIGN KEY ("plantilla_id") REFERENCES "public"."plantillas_consentimiento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_firma_archivo_id_archivos_id_fk" FOREIGN KEY ("firma_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_registrado_por_usuarios_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consentimientos" ADD CONSTRAINT "consentimientos_pdf_archivo_id_archivos_id_fk" FOREIGN KEY ("pdf_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_consentimiento" ADD CONSTRAINT "plantillas_consentimiento_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plantillas_consentimiento" ADD CONSTRAINT "plantillas_consentimiento_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revocaciones_consentimiento" ADD CONSTRAINT "revocaciones_consentimiento_consentimiento_id_consentimientos_id_fk" FOREIGN KEY ("consentimiento_id") REFERENCES "public"."consentimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revocaciones_consentimiento" ADD CONSTRAINT "revocaciones_consentimiento_revocado_por_usuarios_id_fk" FOREIGN KEY ("revocado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consentimientos_cita_idx" ON "consentimientos" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "consentimientos_paciente_idx" ON "consentimientos" USING btree ("paciente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plantillas_consentimiento_version" ON "plantillas_consentimiento" USING btree ("procedimiento_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "revocaciones_una_por_consentimiento" ON "revocaciones_consentimiento" USING btree ("consentimiento_id");--> statement-breakpoint
-- Written by hand: a signed consent never changes and is never deleted (Ley 23 de 1981; Res. 1995 de 1999;
-- DOMAIN.md "Signed notes and consents never change"). Consent rows are inserted already signed, so every
-- UPDATE or DELETE is refused; a template version is replaced by a new row, and a revocation is a new dated
-- row that itself never changes. The database refuses it whatever the code does.
CREATE FUNCTION consentimientos_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'plantillas_consentimiento' THEN
    RAISE EXCEPTION 'Una versión de plantilla de consentimiento no se modifica ni se borra: crea una nueva versión' USING ERRCODE = '42501';
  END IF;
  IF TG_TABLE_NAME = 'revocaciones_consentimiento' THEN
    RAISE EXCEPTION 'Una revocación de consentimiento no se modifica ni se borra' USING ERRCODE = '42501';
  END IF;
  RAISE EXCEPTION 'El consentimiento firmado no se puede modificar ni borrar' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER plantillas_consentimiento_inmutables BEFORE UPDATE OR DELETE ON "plantillas_consentimiento" FOR EACH ROW EXECUTE FUNCTION consentimientos_proteger();--> statement-breakpoint
CREATE TRIGGER consentimientos_inmutables BEFORE UPDATE OR DELETE ON "consentimientos" FOR EACH ROW EXECUTE FUNCTION consentimientos_proteger();--> statement-breakpoint
CREATE TRIGGER revocaciones_consentimiento_inmutables BEFORE UPDATE OR DELETE ON "revocaciones_consentimiento" FOR EACH ROW EXECUTE FUNCTION consentimientos_proteger();
