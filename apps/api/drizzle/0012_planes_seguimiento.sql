CREATE TABLE "planes_seguimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "planes_seguimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"evolucion_id" integer NOT NULL,
	"cita_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"procedimiento_id" integer NOT NULL,
	"descripcion" text NOT NULL,
	"cada_dias" integer NOT NULL,
	"sesiones" integer NOT NULL,
	"desde" date NOT NULL,
	"creado_por" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planes_seguimiento_cada_dias" CHECK ("planes_seguimiento"."cada_dias" between 1 and 365),
	CONSTRAINT "planes_seguimiento_sesiones" CHECK ("planes_seguimiento"."sesiones" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "planes_seguimiento_citas" (
	"plan_id" integer NOT NULL,
	"sesion" integer NOT NULL,
	"cita_id" integer NOT NULL,
	CONSTRAINT "planes_seguimiento_citas_plan_id_cita_id_pk" PRIMARY KEY("plan_id","cita_id"),
	CONSTRAINT "planes_seguimiento_citas_sesion" CHECK ("planes_seguimiento_citas"."sesion" >= 1)
);
--> statement-breakpoint
ALTER TABLE "planes_seguimiento" ADD CONSTRAINT "planes_seguimiento_evolucion_id_evoluciones_id_fk" FOREIGN KEY ("evolucion_id") REFERENCES "public"."evoluciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_seguimiento" ADD CONSTRAINT "planes_seguimiento_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_seguimiento" ADD CONSTRAINT "planes_seguimiento_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_seguimiento" ADD CONSTRAINT "planes_seguimiento_doctor_id_usuarios_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_seguimiento" ADD CONSTRAINT "planes_seguimiento_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_seguimiento" ADD CONSTRAINT "planes_seguimiento_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_seguimiento_citas" ADD CONSTRAINT "planes_seguimiento_citas_plan_id_planes_seguimiento_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."planes_seguimiento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planes_seguimiento_citas" ADD CONSTRAINT "planes_seguimiento_citas_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planes_seguimiento_una_por_nota" ON "planes_seguimiento" USING btree ("evolucion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planes_seguimiento_una_por_cita" ON "planes_seguimiento" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "planes_seguimiento_paciente_idx" ON "planes_seguimiento" USING btree ("paciente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "planes_seguimiento_citas_cita" ON "planes_seguimiento_citas" USING btree ("cita_id");