CREATE TABLE "cierres_caja" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cierres_caja_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"fecha" date NOT NULL,
	"usuario_id" integer NOT NULL,
	"totales" jsonb NOT NULL,
	"efectivo_esperado" integer NOT NULL,
	"efectivo_contado" integer NOT NULL,
	"diferencia" integer NOT NULL,
	"notas" text,
	"cerrado_por" integer NOT NULL,
	"cerrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cierres_caja_dia_usuario" UNIQUE("fecha","usuario_id"),
	CONSTRAINT "cierres_caja_contado_valido" CHECK ("cierres_caja"."efectivo_contado" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consecutivos" (
	"nombre" text PRIMARY KEY NOT NULL,
	"ultimo" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pagos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pagos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paciente_id" integer NOT NULL,
	"monto" integer NOT NULL,
	"metodo" text NOT NULL,
	"concepto" text NOT NULL,
	"referencia" text,
	"cita_id" integer,
	"paquete_paciente_id" integer,
	"estado" text NOT NULL,
	"recibo_numero" integer,
	"registrado_por" integer,
	"registrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"resuelto_en" timestamp with time zone,
	"notas" text,
	CONSTRAINT "pagos_recibo_numero_unico" UNIQUE("recibo_numero"),
	CONSTRAINT "pagos_monto_positivo" CHECK ("pagos"."monto" > 0)
);
--> statement-breakpoint
CREATE TABLE "pagos_anulaciones" (
	"pago_id" integer PRIMARY KEY NOT NULL,
	"motivo" text NOT NULL,
	"anulado_por" integer NOT NULL,
	"anulado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paquetes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paquetes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"procedimiento_id" integer NOT NULL,
	"sesiones" integer NOT NULL,
	"precio" integer NOT NULL,
	"vigencia_dias" integer NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_por" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paquetes_sesiones_validas" CHECK ("paquetes"."sesiones" between 1 and 100),
	CONSTRAINT "paquetes_precio_positivo" CHECK ("paquetes"."precio" > 0),
	CONSTRAINT "paquetes_vigencia_valida" CHECK ("paquetes"."vigencia_dias" between 1 and 1825)
);
--> statement-breakpoint
CREATE TABLE "paquetes_consumos" (
	"paquete_paciente_id" integer NOT NULL,
	"cita_id" integer NOT NULL,
	"consumido_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paquetes_consumos_cita_id_pk" PRIMARY KEY("cita_id")
);
--> statement-breakpoint
CREATE TABLE "paquetes_paciente" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "paquetes_paciente_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"paquete_id" integer NOT NULL,
	"paciente_id" integer NOT NULL,
	"procedimiento_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"sesiones_total" integer NOT NULL,
	"sesiones_usadas" integer DEFAULT 0 NOT NULL,
	"precio" integer NOT NULL,
	"vence_el" date NOT NULL,
	"vendido_por" integer,
	"vendido_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paquetes_paciente_sesiones" CHECK ("paquetes_paciente"."sesiones_usadas" between 0 and "paquetes_paciente"."sesiones_total")
);
--> statement-breakpoint
ALTER TABLE "cierres_caja" ADD CONSTRAINT "cierres_caja_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cierres_caja" ADD CONSTRAINT "cierres_caja_cerrado_por_usuarios_id_fk" FOREIGN KEY ("cerrado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_paquete_paciente_id_paquetes_paciente_id_fk" FOREIGN KEY ("paquete_paciente_id") REFERENCES "public"."paquetes_paciente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos" ADD CONSTRAINT "pagos_registrado_por_usuarios_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_anulaciones" ADD CONSTRAINT "pagos_anulaciones_pago_id_pagos_id_fk" FOREIGN KEY ("pago_id") REFERENCES "public"."pagos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagos_anulaciones" ADD CONSTRAINT "pagos_anulaciones_anulado_por_usuarios_id_fk" FOREIGN KEY ("anulado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes" ADD CONSTRAINT "paquetes_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes" ADD CONSTRAINT "paquetes_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes_consumos" ADD CONSTRAINT "paquetes_consumos_paquete_paciente_id_paquetes_paciente_id_fk" FOREIGN KEY ("paquete_paciente_id") REFERENCES "public"."paquetes_paciente"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes_consumos" ADD CONSTRAINT "paquetes_consumos_cita_id_citas_id_fk" FOREIGN KEY ("cita_id") REFERENCES "public"."citas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes_paciente" ADD CONSTRAINT "paquetes_paciente_paquete_id_paquetes_id_fk" FOREIGN KEY ("paquete_id") REFERENCES "public"."paquetes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes_paciente" ADD CONSTRAINT "paquetes_paciente_paciente_id_usuarios_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes_paciente" ADD CONSTRAINT "paquetes_paciente_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paquetes_paciente" ADD CONSTRAINT "paquetes_paciente_vendido_por_usuarios_id_fk" FOREIGN KEY ("vendido_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pagos_paciente_idx" ON "pagos" USING btree ("paciente_id","registrado_en");--> statement-breakpoint
CREATE INDEX "pagos_cita_idx" ON "pagos" USING btree ("cita_id");--> statement-breakpoint
CREATE INDEX "pagos_registrado_en_idx" ON "pagos" USING btree ("registrado_en");--> statement-breakpoint
CREATE INDEX "pagos_registrado_por_idx" ON "pagos" USING btree ("registrado_por","registrado_en");--> statement-breakpoint
CREATE UNIQUE INDEX "pagos_en_linea_referencia_unica" ON "pagos" USING btree ("referencia") WHERE "pagos"."metodo" = 'en_linea' and "pagos"."concepto" <> 'devolucion';--> statement-breakpoint
CREATE INDEX "paquetes_consumos_paquete_idx" ON "paquetes_consumos" USING btree ("paquete_paciente_id");--> statement-breakpoint
CREATE INDEX "paquetes_paciente_paciente_idx" ON "paquetes_paciente" USING btree ("paciente_id","procedimiento_id");--> statement-breakpoint
-- Money is append-only (issue 23, item 1; docs/dinero.md). A payment's amount, method, purpose, patient and author
-- never change; an online payment's state is resolved once (pendiente -> aprobado or rechazado), and its receipt
-- number, reference and resolution time are set once. No money row is deleted or truncated: a mistake is a void
-- (pagos_anulaciones), a refund is a payment of its own. Restoring a backup disables these triggers for its load.
CREATE FUNCTION dinero_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Los movimientos de dinero no se modifican ni se borran: registra una anulación o una devolución' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE FUNCTION pagos_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     OR NEW.id <> OLD.id OR NEW.paciente_id <> OLD.paciente_id OR NEW.monto <> OLD.monto OR NEW.metodo <> OLD.metodo
     OR NEW.concepto <> OLD.concepto OR NEW.cita_id IS DISTINCT FROM OLD.cita_id
     OR NEW.paquete_paciente_id IS DISTINCT FROM OLD.paquete_paciente_id
     OR NEW.registrado_por IS DISTINCT FROM OLD.registrado_por OR NEW.registrado_en <> OLD.registrado_en
     OR NEW.notas IS DISTINCT FROM OLD.notas
     OR (NEW.estado <> OLD.estado AND OLD.estado <> 'pendiente')
     OR (NEW.recibo_numero IS DISTINCT FROM OLD.recibo_numero AND OLD.recibo_numero IS NOT NULL)
     OR (NEW.referencia IS DISTINCT FROM OLD.referencia AND OLD.referencia IS NOT NULL)
     OR (NEW.resuelto_en IS DISTINCT FROM OLD.resuelto_en AND OLD.resuelto_en IS NOT NULL) THEN
    RAISE EXCEPTION 'Un pago no se modifica ni se borra: anúlalo con un motivo' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER pagos_inmutable BEFORE UPDATE OR DELETE ON "pagos" FOR EACH ROW EXECUTE FUNCTION pagos_proteger();--> statement-breakpoint
CREATE TRIGGER pagos_sin_truncar BEFORE TRUNCATE ON "pagos" FOR EACH STATEMENT EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
CREATE TRIGGER pagos_anulaciones_inmutable BEFORE UPDATE OR DELETE ON "pagos_anulaciones" FOR EACH ROW EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
CREATE TRIGGER pagos_anulaciones_sin_truncar BEFORE TRUNCATE ON "pagos_anulaciones" FOR EACH STATEMENT EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
CREATE TRIGGER cierres_caja_inmutable BEFORE UPDATE OR DELETE ON "cierres_caja" FOR EACH ROW EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
CREATE TRIGGER cierres_caja_sin_truncar BEFORE TRUNCATE ON "cierres_caja" FOR EACH STATEMENT EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
CREATE TRIGGER paquetes_consumos_inmutable BEFORE UPDATE OR DELETE ON "paquetes_consumos" FOR EACH ROW EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
CREATE TRIGGER paquetes_consumos_sin_truncar BEFORE TRUNCATE ON "paquetes_consumos" FOR EACH STATEMENT EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
-- A package sold keeps what was sold; only the sessions used move, and only forward (the check bounds them).
CREATE FUNCTION paquetes_paciente_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     OR NEW.id <> OLD.id OR NEW.paquete_id <> OLD.paquete_id OR NEW.paciente_id <> OLD.paciente_id
     OR NEW.procedimiento_id <> OLD.procedimiento_id OR NEW.nombre <> OLD.nombre
     OR NEW.sesiones_total <> OLD.sesiones_total OR NEW.precio <> OLD.precio OR NEW.vence_el <> OLD.vence_el
     OR NEW.vendido_por IS DISTINCT FROM OLD.vendido_por OR NEW.vendido_en <> OLD.vendido_en
     OR NEW.sesiones_usadas < OLD.sesiones_usadas THEN
    RAISE EXCEPTION 'Un paquete vendido no se modifica ni se borra' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER paquetes_paciente_inmutable BEFORE UPDATE OR DELETE ON "paquetes_paciente" FOR EACH ROW EXECUTE FUNCTION paquetes_paciente_proteger();--> statement-breakpoint
CREATE TRIGGER paquetes_paciente_sin_truncar BEFORE TRUNCATE ON "paquetes_paciente" FOR EACH STATEMENT EXECUTE FUNCTION dinero_inmutable();--> statement-breakpoint
-- Receipt numbers start at 1 and only move forward, one at a time (gapless: the increment commits with the payment
-- or not at all). The service writes `insert ... values (name, 1) on conflict (nombre) do update set ultimo + 1`.
CREATE FUNCTION consecutivos_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.ultimo = 1 THEN
    RETURN NEW;
  END IF;
  IF TG_OP <> 'UPDATE' OR NEW.nombre <> OLD.nombre OR NEW.ultimo <> OLD.ultimo + 1 THEN
    RAISE EXCEPTION 'Un consecutivo solo avanza de uno en uno' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER consecutivos_avanza BEFORE INSERT OR UPDATE OR DELETE ON "consecutivos" FOR EACH ROW EXECUTE FUNCTION consecutivos_proteger();--> statement-breakpoint
CREATE TRIGGER consecutivos_sin_truncar BEFORE TRUNCATE ON "consecutivos" FOR EACH STATEMENT EXECUTE FUNCTION dinero_inmutable();
