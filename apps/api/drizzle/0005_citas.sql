CREATE TABLE "bloqueos_agenda" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bloqueos_agenda_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"doctor_id" integer NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"motivo" text NOT NULL,
	"creado_por" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloqueos_fin_despues_de_inicio" CHECK ("bloqueos_agenda"."fin" > "bloqueos_agenda"."inicio")
);
--> statement-breakpoint
CREATE TABLE "citas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "citas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paciente_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"ocupado_hasta" timestamp with time zone NOT NULL,
	"procedimiento_id" integer,
	"procedimientos_solicitados" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"motivo" text,
	"observaciones" text,
	"motivo_cancelacion" text,
	"creada_por" integer,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "citas_fin_despues_de_inicio" CHECK ("citas"."fin" > "citas"."inicio"),
	CONSTRAINT "citas_ocupado_cubre_fin" CHECK ("citas"."ocupado_hasta" >= "citas"."fin")
);
--> statement-breakpoint
CREATE TABLE "horarios_doctor" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "horarios_doctor_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"doctor_id" integer NOT NULL,
	"dia_semana" smallint NOT NULL,
	"hora_inicio" time NOT NULL,
	"hora_fin" time NOT NULL,
	CONSTRAINT "horarios_dia_valido" CHECK ("horarios_doctor"."dia_semana" between 0 and 6),
	CONSTRAINT "horarios_fin_despues_de_inicio" CHECK ("horarios_doctor"."hora_fin" > "horarios_doctor"."hora_inicio")
);
--> statement-breakpoint
CREATE TABLE "idempotencia" (
	"usuario_id" integer NOT NULL,
	"clave" text NOT NULL,
	"huella" text NOT NULL,
	"cita_id" integer NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotencia_usuario_id_clave_pk" PRIMARY KEY("usuario_id","clave")
);
--> statement-breakpoint
ALTER TABLE "procedimientos" ADD COLUMN "margen_minutos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bloqueos_agenda" ADD CONSTRAINT "bloqueos_agenda_doctor_id_usuarios_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bloqueos_agenda" ADD CONSTRAINT "bloqueos_agenda_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_doctor_id_usuarios_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "horarios_doctor" ADD CONSTRAINT "horarios_doctor_doctor_id_usuarios_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotencia" ADD CONSTRAINT "idempotencia_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bloqueos_doctor_inicio_idx" ON "bloqueos_agenda" USING btree ("doctor_id","inicio");--> statement-breakpoint
CREATE INDEX "citas_doctor_inicio_idx" ON "citas" USING btree ("doctor_id","inicio");--> statement-breakpoint
CREATE INDEX "citas_paciente_inicio_idx" ON "citas" USING btree ("paciente_id","inicio");--> statement-breakpoint
CREATE INDEX "citas_inicio_idx" ON "citas" USING btree ("inicio");--> statement-breakpoint
CREATE INDEX "horarios_doctor_idx" ON "horarios_doctor" USING btree ("doctor_id","dia_semana");--> statement-breakpoint
ALTER TABLE "procedimientos" ADD CONSTRAINT "procedimientos_margen_valido" CHECK ("procedimientos"."margen_minutos" between 0 and 240);--> statement-breakpoint
-- Written by hand (Drizzle does not model exclusion constraints): no slot is ever given twice, whatever the
-- application checks, even under concurrent requests (DOMAIN.md; QUALITY.md reliability 1).
ALTER TABLE "citas" ADD CONSTRAINT "citas_doctor_sin_cruce" EXCLUDE USING gist ("doctor_id" WITH =, tstzrange("inicio", "ocupado_hasta", '[)') WITH &&) WHERE ("estado" <> 'cancelada');--> statement-breakpoint
ALTER TABLE "citas" ADD CONSTRAINT "citas_paciente_sin_cruce" EXCLUDE USING gist ("paciente_id" WITH =, tstzrange("inicio", "fin", '[)') WITH &&) WHERE ("estado" <> 'cancelada');--> statement-breakpoint
ALTER TABLE "bloqueos_agenda" ADD CONSTRAINT "bloqueos_sin_cruce" EXCLUDE USING gist ("doctor_id" WITH =, tstzrange("inicio", "fin", '[)') WITH &&);
