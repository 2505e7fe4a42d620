CREATE TABLE "archivos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "archivos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"clave" text NOT NULL,
	"categoria" text NOT NULL,
	"propietario_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"tipo_contenido" text NOT NULL,
	"tamano" integer NOT NULL,
	"sha256" text NOT NULL,
	"creado_por" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bandeja_salida" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bandeja_salida_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tipo" text NOT NULL,
	"carga" jsonb NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"disponible_en" timestamp with time zone DEFAULT now() NOT NULL,
	"intentos" integer DEFAULT 0 NOT NULL,
	"reclamada_hasta" timestamp with time zone,
	"entregada_en" timestamp with time zone,
	"ultimo_error" text
);
--> statement-breakpoint
ALTER TABLE "archivos" ADD CONSTRAINT "archivos_propietario_id_usuarios_id_fk" FOREIGN KEY ("propietario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archivos" ADD CONSTRAINT "archivos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "archivos_clave_unica" ON "archivos" USING btree ("clave");--> statement-breakpoint
CREATE INDEX "archivos_propietario_idx" ON "archivos" USING btree ("propietario_id");--> statement-breakpoint
CREATE INDEX "bandeja_salida_pendientes_idx" ON "bandeja_salida" USING btree ("disponible_en") WHERE "bandeja_salida"."entregada_en" is null;