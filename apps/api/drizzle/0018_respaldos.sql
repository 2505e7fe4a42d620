CREATE TABLE "respaldos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "respaldos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"origen" text NOT NULL,
	"programado_para" timestamp with time zone,
	"solicitado_por" integer,
	"estado" text DEFAULT 'en_curso' NOT NULL,
	"iniciado_en" timestamp with time zone NOT NULL,
	"terminado_en" timestamp with time zone,
	"archivo" text,
	"tamano" bigint,
	"tablas" integer,
	"filas" bigint,
	"archivos" integer,
	"error" text,
	"eliminado_en" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "respaldos" ADD CONSTRAINT "respaldos_solicitado_por_usuarios_id_fk" FOREIGN KEY ("solicitado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "respaldos_programado_unico" ON "respaldos" USING btree ("programado_para");--> statement-breakpoint
CREATE UNIQUE INDEX "respaldos_uno_en_curso" ON "respaldos" USING btree ("estado") WHERE "respaldos"."estado" = 'en_curso';--> statement-breakpoint
CREATE INDEX "respaldos_iniciado_idx" ON "respaldos" USING btree ("iniciado_en" DESC NULLS LAST);