CREATE TABLE "adendas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "adendas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evolucion_id" integer NOT NULL,
	"autor_id" integer NOT NULL,
	"texto" text NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "evoluciones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evoluciones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cita_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"autor_id" integer NOT NULL,
	"motivo" text NOT NULL,
	"hallazgos" text DEFAULT '' NOT NULL,
	"procedimiento_realizado" text DEFAULT '' NOT NULL,
	"productos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"indicaciones" text DEFAULT '' NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"firmada_en" timestamp with time zone,
	"hash_contenido" text,
	"receta_archivo_id" integer,
	"orden_archivo_id" integer,
	CONSTRAINT "evoluciones_firma_con_hash" CHECK (("evoluciones"."firmada_en" is null) = ("evoluciones"."hash_contenido" is null))
);
--> statement-breakpoint
CREATE TABLE "formulas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "formulas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evolucion_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"dosis" text NOT NULL,
	"frecuencia" text NOT NULL,
	"duracion" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ordenes_examen" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ordenes_examen_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evolucion_id" integer NOT NULL,
	"examen" text NOT NULL,
	"indicaciones" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "adendas" ADD CONSTRAINT "adendas_evolucion_id_evoluciones_id_fk" FOREIGN KEY ("evolucion_id") REFERENCES "public"."evoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adendas" ADD CONSTRAINT "adendas_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evoluciones" ADD CONSTRAINT "evoluciones_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evoluciones" ADD CONSTRAINT "evoluciones_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evoluciones" ADD CONSTRAINT "evoluciones_autor_id_usuarios_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evoluciones" ADD CONSTRAINT "evoluciones_receta_archivo_id_archivos_id_fk" FOREIGN KEY ("receta_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evoluciones" ADD CONSTRAINT "evoluciones_orden_archivo_id_archivos_id_fk" FOREIGN KEY ("orden_archivo_id") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "formulas" ADD CONSTRAINT "formulas_evolucion_id_evoluciones_id_fk" FOREIGN KEY ("evolucion_id") REFERENCES "public"."evoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ordenes_examen" ADD CONSTRAINT "ordenes_examen_evolucion_id_evoluciones_id_fk" FOREIGN KEY ("evolucion_id") REFERENCES "public"."evoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adendas_evolucion_idx" ON "adendas" USING btree ("evolucion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "evoluciones_una_por_cita" ON "evoluciones" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "evoluciones_paciente_idx" ON "evoluciones" USING btree ("paciente_id");--> statement-breakpoint
CREATE INDEX "formulas_evolucion_idx" ON "formulas" USING btree ("evolucion_id");--> statement-breakpoint
CREATE INDEX "ordenes_examen_evolucion_idx" ON "ordenes_examen" USING btree ("evolucion_id");--> statement-breakpoint
-- Written by hand: the medical record cannot be deleted and a signed entry never changes (Res. 1995 de 1999,
-- art. 5 and 15; DOMAIN.md "Clinical notes"). The database refuses it whatever the code does: no note is ever
-- deleted, a signed note is never updated, its prescriptions and exam orders never change once it is signed,
-- and an addendum, once written, never changes nor disappears.
CREATE FUNCTION evoluciones_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Las notas de evolución no se pueden borrar (Resolución 1995 de 1999)' USING ERRCODE = '42501';
  END IF;
  IF OLD.firmada_en IS NOT NULL THEN
    RAISE EXCEPTION 'La nota de evolución ya está firmada y no se puede modificar' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER evoluciones_inmutables BEFORE UPDATE OR DELETE ON "evoluciones" FOR EACH ROW EXECUTE FUNCTION evoluciones_proteger();--> statement-breakpoint
CREATE FUNCTION evoluciones_detalle_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  nota integer;
BEGIN
  IF TG_OP = 'DELETE' THEN nota := OLD.evolucion_id; ELSE nota := NEW.evolucion_id; END IF;
  IF TG_OP = 'UPDATE' AND OLD.evolucion_id IS DISTINCT FROM NEW.evolucion_id THEN
    RAISE EXCEPTION 'Una fórmula u orden no cambia de nota de evolución' USING ERRCODE = '42501';
  END IF;
  IF EXISTS (SELECT 1 FROM evoluciones WHERE id = nota AND firmada_en IS NOT NULL) THEN
    RAISE EXCEPTION 'La nota de evolución ya está firmada: sus fórmulas y órdenes no se pueden modificar' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER formulas_inmutables BEFORE INSERT OR UPDATE OR DELETE ON "formulas" FOR EACH ROW EXECUTE FUNCTION evoluciones_detalle_proteger();--> statement-breakpoint
CREATE TRIGGER ordenes_examen_inmutables BEFORE INSERT OR UPDATE OR DELETE ON "ordenes_examen" FOR EACH ROW EXECUTE FUNCTION evoluciones_detalle_proteger();--> statement-breakpoint
CREATE FUNCTION adendas_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Las adendas no se pueden modificar ni borrar (Resolución 1995 de 1999)' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER adendas_inmutables BEFORE UPDATE OR DELETE ON "adendas" FOR EACH ROW EXECUTE FUNCTION adendas_proteger();--> statement-breakpoint
-- An addendum corrects a signed note; a draft is simply edited.
CREATE FUNCTION adendas_solo_firmadas() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM evoluciones WHERE id = NEW.evolucion_id AND firmada_en IS NOT NULL) THEN
    RAISE EXCEPTION 'Solo una nota firmada lleva adendas' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER adendas_de_nota_firmada BEFORE INSERT ON "adendas" FOR EACH ROW EXECUTE FUNCTION adendas_solo_firmadas();
