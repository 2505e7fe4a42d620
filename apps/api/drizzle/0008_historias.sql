CREATE TABLE "historias_clinicas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "historias_clinicas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paciente_id" integer NOT NULL,
	"antecedentes" jsonb NOT NULL,
	"otras_condiciones" text,
	"embarazo_lactancia" boolean DEFAULT false NOT NULL,
	"consume_tabaco" boolean DEFAULT false NOT NULL,
	"consume_alcohol" boolean DEFAULT false NOT NULL,
	"usa_anticonceptivos" boolean DEFAULT false NOT NULL,
	"detalles_anticonceptivos" text,
	"diabetes" boolean DEFAULT false NOT NULL,
	"hipertension" boolean DEFAULT false NOT NULL,
	"historial_cancer" boolean DEFAULT false NOT NULL,
	"problemas_coagulacion" boolean DEFAULT false NOT NULL,
	"epilepsia" boolean DEFAULT false NOT NULL,
	"fototipo" smallint,
	"version" integer DEFAULT 1 NOT NULL,
	"creada_por" integer,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizada_por" integer,
	"actualizada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "historias_fototipo" CHECK ("historias_clinicas"."fototipo" is null or "historias_clinicas"."fototipo" between 1 and 6),
	CONSTRAINT "historias_anticonceptivos_detalle" CHECK (not "historias_clinicas"."usa_anticonceptivos" or coalesce(btrim("historias_clinicas"."detalles_anticonceptivos"), '') <> '')
);
--> statement-breakpoint
CREATE TABLE "historias_clinicas_versiones" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "historias_clinicas_versiones_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"historia_id" integer NOT NULL,
	"version" integer NOT NULL,
	"datos" jsonb NOT NULL,
	"campos" text[] NOT NULL,
	"cambiada_por" integer,
	"cambiada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "historias_clinicas" ADD CONSTRAINT "historias_clinicas_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historias_clinicas" ADD CONSTRAINT "historias_clinicas_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historias_clinicas" ADD CONSTRAINT "historias_clinicas_actualizada_por_usuarios_id_fk" FOREIGN KEY ("actualizada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historias_clinicas_versiones" ADD CONSTRAINT "historias_clinicas_versiones_historia_id_historias_clinicas_id_fk" FOREIGN KEY ("historia_id") REFERENCES "public"."historias_clinicas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "historias_clinicas_versiones" ADD CONSTRAINT "historias_clinicas_versiones_cambiada_por_usuarios_id_fk" FOREIGN KEY ("cambiada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "historias_un_paciente" ON "historias_clinicas" USING btree ("paciente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "historias_versiones_unica" ON "historias_clinicas_versiones" USING btree ("historia_id","version");--> statement-breakpoint
-- Written by hand: the clinical record and its versions are never deleted (Res. 1995 de 1999, art. 15), and
-- a version, once written, never changes.
CREATE FUNCTION historias_no_se_borran() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La historia clínica no se puede borrar (Resolución 1995 de 1999)' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER historias_sin_borrado BEFORE DELETE ON "historias_clinicas" FOR EACH ROW EXECUTE FUNCTION historias_no_se_borran();--> statement-breakpoint
CREATE TRIGGER historias_versiones_inmutables BEFORE UPDATE OR DELETE ON "historias_clinicas_versiones" FOR EACH ROW EXECUTE FUNCTION historias_no_se_borran();
