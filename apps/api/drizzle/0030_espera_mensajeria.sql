CREATE TABLE "lista_espera" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lista_espera_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paciente_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"procedimiento_id" integer,
	"doctor_id" integer,
	"desde" date NOT NULL,
	"hasta" date NOT NULL,
	"franjas" text[] DEFAULT '{}'::text[] NOT NULL,
	"nota" text,
	"estado" text DEFAULT 'activa' NOT NULL,
	"creada_por" integer NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"cita_id" integer,
	"cerrada_en" timestamp with time zone,
	CONSTRAINT "lista_espera_rango" CHECK ("lista_espera"."hasta" >= "lista_espera"."desde"),
	CONSTRAINT "lista_espera_procedimiento" CHECK (("lista_espera"."tipo" = 'procedimiento') = ("lista_espera"."procedimiento_id" is not null)),
	CONSTRAINT "lista_espera_atendida" CHECK (("lista_espera"."estado" = 'atendida') = ("lista_espera"."cita_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ofertas_espera" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ofertas_espera_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lista_espera_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fin" timestamp with time zone NOT NULL,
	"estado" text DEFAULT 'ofrecida' NOT NULL,
	"vence_en" timestamp with time zone NOT NULL,
	"ofrecida_por" integer,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"respondida_en" timestamp with time zone,
	"cita_id" integer,
	"valor" integer,
	CONSTRAINT "ofertas_espera_fin" CHECK ("ofertas_espera"."fin" > "ofertas_espera"."inicio"),
	CONSTRAINT "ofertas_espera_aceptada" CHECK (("ofertas_espera"."estado" = 'aceptada') = ("ofertas_espera"."cita_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "autorizaciones_whatsapp" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "autorizaciones_whatsapp_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"numero" text NOT NULL,
	"accion" text NOT NULL,
	"medio" text NOT NULL,
	"texto" text NOT NULL,
	"registrada_por" integer,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "codigos_whatsapp" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "codigos_whatsapp_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"numero" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"intentos" smallint DEFAULT 0 NOT NULL,
	"usado_en" timestamp with time zone,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enlaces_cita_usados" (
	"huella" text PRIMARY KEY NOT NULL,
	"cita_id" integer NOT NULL,
	"accion" text NOT NULL,
	"usado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preferencias_contacto" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"canal" text DEFAULT 'correo' NOT NULL,
	"whatsapp_numero" text,
	"whatsapp_verificado_en" timestamp with time zone,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks_whatsapp" (
	"clave" text PRIMARY KEY NOT NULL,
	"recibido_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bandeja_salida" ADD COLUMN "externo_id" text;--> statement-breakpoint
ALTER TABLE "bandeja_salida" ADD COLUMN "entrega" text;--> statement-breakpoint
ALTER TABLE "bandeja_salida" ADD COLUMN "entrega_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "confirmada_via" text;--> statement-breakpoint
ALTER TABLE "citas" ADD COLUMN "confirmada_en" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_doctor_id_usuarios_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_creada_por_usuarios_id_fk" FOREIGN KEY ("creada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lista_espera" ADD CONSTRAINT "lista_espera_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_espera" ADD CONSTRAINT "ofertas_espera_lista_espera_id_lista_espera_id_fk" FOREIGN KEY ("lista_espera_id") REFERENCES "public"."lista_espera"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_espera" ADD CONSTRAINT "ofertas_espera_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_espera" ADD CONSTRAINT "ofertas_espera_doctor_id_usuarios_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_espera" ADD CONSTRAINT "ofertas_espera_ofrecida_por_usuarios_id_fk" FOREIGN KEY ("ofrecida_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ofertas_espera" ADD CONSTRAINT "ofertas_espera_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_whatsapp" ADD CONSTRAINT "autorizaciones_whatsapp_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autorizaciones_whatsapp" ADD CONSTRAINT "autorizaciones_whatsapp_registrada_por_usuarios_id_fk" FOREIGN KEY ("registrada_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_whatsapp" ADD CONSTRAINT "codigos_whatsapp_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enlaces_cita_usados" ADD CONSTRAINT "enlaces_cita_usados_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preferencias_contacto" ADD CONSTRAINT "preferencias_contacto_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lista_espera_activas_idx" ON "lista_espera" USING btree ("tipo","procedimiento_id","id") WHERE "lista_espera"."estado" = 'activa';--> statement-breakpoint
CREATE INDEX "lista_espera_paciente_idx" ON "lista_espera" USING btree ("paciente_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lista_espera_una_activa" ON "lista_espera" USING btree ("paciente_id","tipo",coalesce("procedimiento_id", 0)) WHERE "lista_espera"."estado" = 'activa';--> statement-breakpoint
CREATE UNIQUE INDEX "ofertas_espera_entrada_hueco" ON "ofertas_espera" USING btree ("lista_espera_id","doctor_id","inicio");--> statement-breakpoint
CREATE UNIQUE INDEX "ofertas_espera_una_abierta" ON "ofertas_espera" USING btree ("lista_espera_id") WHERE "ofertas_espera"."estado" = 'ofrecida';--> statement-breakpoint
CREATE INDEX "ofertas_espera_abiertas_idx" ON "ofertas_espera" USING btree ("doctor_id","inicio") WHERE "ofertas_espera"."estado" = 'ofrecida';--> statement-breakpoint
CREATE INDEX "ofertas_espera_paciente_idx" ON "ofertas_espera" USING btree ("paciente_id","id");--> statement-breakpoint
CREATE INDEX "autorizaciones_whatsapp_usuario_idx" ON "autorizaciones_whatsapp" USING btree ("usuario_id","id");--> statement-breakpoint
CREATE INDEX "codigos_whatsapp_usuario_idx" ON "codigos_whatsapp" USING btree ("usuario_id","id");--> statement-breakpoint
CREATE INDEX "enlaces_cita_usados_cita_idx" ON "enlaces_cita_usados" USING btree ("cita_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bandeja_salida_externo_unico" ON "bandeja_salida" USING btree ("externo_id") WHERE "bandeja_salida"."externo_id" is not null;--> statement-breakpoint
-- A patient's WhatsApp opt-ins and opt-outs are the proof of her authorisation (Ley 1581 de 2012): append-only.
CREATE FUNCTION autorizaciones_whatsapp_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de autorizaciones de WhatsApp no se modifica: se agrega una entrada nueva' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER autorizaciones_whatsapp_inmutables BEFORE UPDATE OR DELETE ON "autorizaciones_whatsapp" FOR EACH ROW EXECUTE FUNCTION autorizaciones_whatsapp_proteger();--> statement-breakpoint
CREATE TRIGGER autorizaciones_whatsapp_sin_truncar BEFORE TRUNCATE ON "autorizaciones_whatsapp" FOR EACH STATEMENT EXECUTE FUNCTION autorizaciones_whatsapp_proteger();
