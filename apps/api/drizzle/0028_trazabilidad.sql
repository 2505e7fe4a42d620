CREATE TABLE "alertas_lote" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alertas_lote_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lote_id" integer NOT NULL,
	"autor_id" integer NOT NULL,
	"texto" text NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alertas_lote_pacientes" (
	"alerta_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	CONSTRAINT "alertas_lote_pacientes_alerta_id_paciente_id_pk" PRIMARY KEY("alerta_id","paciente_id")
);
--> statement-breakpoint
CREATE TABLE "aplicaciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "aplicaciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evolucion_id" integer NOT NULL,
	"orden" smallint NOT NULL,
	"vista" text NOT NULL,
	"zona" text NOT NULL,
	"x" smallint NOT NULL,
	"y" smallint NOT NULL,
	"lote_id" integer NOT NULL,
	"cantidad" integer NOT NULL,
	"plano" text NOT NULL,
	"tecnica" text NOT NULL,
	"dispositivo" text NOT NULL,
	"calibre" text NOT NULL,
	"nota" text DEFAULT '' NOT NULL,
	CONSTRAINT "aplicaciones_cantidad_positiva" CHECK ("aplicaciones"."cantidad" > 0),
	CONSTRAINT "aplicaciones_en_el_dibujo" CHECK ("aplicaciones"."x" between 0 and 1000 and "aplicaciones"."y" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "intervalos_retratamiento" (
	"tipo" text PRIMARY KEY NOT NULL,
	"semanas_desde" smallint NOT NULL,
	"semanas_hasta" smallint NOT NULL,
	"recordar" boolean DEFAULT true NOT NULL,
	"actualizado_por" integer,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervalos_retratamiento_rango" CHECK ("intervalos_retratamiento"."semanas_desde" between 1 and 260 and "intervalos_retratamiento"."semanas_hasta" between "intervalos_retratamiento"."semanas_desde" and 260)
);
--> statement-breakpoint
CREATE TABLE "retratamientos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "retratamientos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evolucion_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"aplicado_el" date NOT NULL,
	"desde_el" date NOT NULL,
	"hasta_el" date NOT NULL,
	"recordado_en" timestamp with time zone,
	"cita_id" integer
);
--> statement-breakpoint
ALTER TABLE "fotos_clinicas" ADD COLUMN "zona_mapa" text;--> statement-breakpoint
ALTER TABLE "lotes_movimientos" ADD COLUMN "evolucion_id" integer;--> statement-breakpoint
ALTER TABLE "alertas_lote" ADD CONSTRAINT "alertas_lote_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_lote" ADD CONSTRAINT "alertas_lote_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_lote_pacientes" ADD CONSTRAINT "alertas_lote_pacientes_alerta_id_alertas_lote_id_fk" FOREIGN KEY ("alerta_id") REFERENCES "public"."alertas_lote"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alertas_lote_pacientes" ADD CONSTRAINT "alertas_lote_pacientes_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicaciones" ADD CONSTRAINT "aplicaciones_evolucion_id_evoluciones_id_fk" FOREIGN KEY ("evolucion_id") REFERENCES "public"."evoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aplicaciones" ADD CONSTRAINT "aplicaciones_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intervalos_retratamiento" ADD CONSTRAINT "intervalos_retratamiento_actualizado_por_usuarios_id_fk" FOREIGN KEY ("actualizado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retratamientos" ADD CONSTRAINT "retratamientos_evolucion_id_evoluciones_id_fk" FOREIGN KEY ("evolucion_id") REFERENCES "public"."evoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retratamientos" ADD CONSTRAINT "retratamientos_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retratamientos" ADD CONSTRAINT "retratamientos_doctor_id_usuarios_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retratamientos" ADD CONSTRAINT "retratamientos_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alertas_lote_lote_idx" ON "alertas_lote" USING btree ("lote_id","creada_en");--> statement-breakpoint
CREATE INDEX "alertas_lote_pacientes_paciente_idx" ON "alertas_lote_pacientes" USING btree ("paciente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "aplicaciones_evolucion_orden" ON "aplicaciones" USING btree ("evolucion_id","orden");--> statement-breakpoint
CREATE INDEX "aplicaciones_lote_idx" ON "aplicaciones" USING btree ("lote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retratamientos_evolucion_tipo" ON "retratamientos" USING btree ("evolucion_id","tipo");--> statement-breakpoint
CREATE INDEX "retratamientos_desde_idx" ON "retratamientos" USING btree ("desde_el");--> statement-breakpoint
CREATE INDEX "retratamientos_paciente_idx" ON "retratamientos" USING btree ("paciente_id");--> statement-breakpoint
ALTER TABLE "lotes_movimientos" ADD CONSTRAINT "lotes_movimientos_evolucion_id_evoluciones_id_fk" FOREIGN KEY ("evolucion_id") REFERENCES "public"."evoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_movimientos" ADD CONSTRAINT "lotes_movimientos_uso_de_nota" CHECK (("lotes_movimientos"."tipo" = 'uso') = ("lotes_movimientos"."evolucion_id" is not null));--> statement-breakpoint
-- The injection chart is part of its note (issue 24; docs/trazabilidad.md): a draft's points are replaced as the
-- draft is saved, and once the note is signed none is added, changed or deleted (corrections are addenda).
CREATE FUNCTION aplicaciones_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  nota integer;
BEGIN
  IF TG_OP = 'DELETE' THEN nota := OLD.evolucion_id; ELSE nota := NEW.evolucion_id; END IF;
  IF TG_OP = 'UPDATE' AND OLD.evolucion_id IS DISTINCT FROM NEW.evolucion_id THEN
    RAISE EXCEPTION 'Un punto del mapa de aplicación no cambia de nota' USING ERRCODE = '42501';
  END IF;
  IF EXISTS (SELECT 1 FROM evoluciones WHERE id = nota AND firmada_en IS NOT NULL) THEN
    RAISE EXCEPTION 'La nota de evolución ya está firmada: su mapa de aplicación no se puede modificar' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER aplicaciones_inmutables BEFORE INSERT OR UPDATE OR DELETE ON "aplicaciones" FOR EACH ROW EXECUTE FUNCTION aplicaciones_proteger();--> statement-breakpoint
CREATE TRIGGER aplicaciones_sin_truncar BEFORE TRUNCATE ON "aplicaciones" FOR EACH STATEMENT EXECUTE FUNCTION trazabilidad_inmutable();--> statement-breakpoint
-- A recall notice and the list of who it reached are records of what the clinic told its patients: append-only.
CREATE TRIGGER alertas_lote_inmutables BEFORE UPDATE OR DELETE ON "alertas_lote" FOR EACH ROW EXECUTE FUNCTION trazabilidad_inmutable();--> statement-breakpoint
CREATE TRIGGER alertas_lote_sin_truncar BEFORE TRUNCATE ON "alertas_lote" FOR EACH STATEMENT EXECUTE FUNCTION trazabilidad_inmutable();--> statement-breakpoint
CREATE TRIGGER alertas_lote_pacientes_inmutables BEFORE UPDATE OR DELETE ON "alertas_lote_pacientes" FOR EACH ROW EXECUTE FUNCTION trazabilidad_inmutable();--> statement-breakpoint
CREATE TRIGGER alertas_lote_pacientes_sin_truncar BEFORE TRUNCATE ON "alertas_lote_pacientes" FOR EACH STATEMENT EXECUTE FUNCTION trazabilidad_inmutable();