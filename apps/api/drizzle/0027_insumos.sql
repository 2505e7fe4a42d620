CREATE TABLE "lotes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"producto_id" integer NOT NULL,
	"numero" text NOT NULL,
	"vence_el" date NOT NULL,
	"cantidad_recibida" integer NOT NULL,
	"consumido" integer DEFAULT 0 NOT NULL,
	"proveedor" text NOT NULL,
	"referencia_compra" text,
	"recibido_por" integer NOT NULL,
	"recibido_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotes_cantidad_positiva" CHECK ("lotes"."cantidad_recibida" > 0),
	CONSTRAINT "lotes_consumido_en_rango" CHECK ("lotes"."consumido" >= 0 and "lotes"."consumido" <= "lotes"."cantidad_recibida")
);
--> statement-breakpoint
CREATE TABLE "lotes_movimientos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lotes_movimientos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lote_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"cantidad" integer NOT NULL,
	"motivo" text,
	"detalle" text,
	"registrado_por" integer NOT NULL,
	"registrado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lotes_movimientos_cantidad" CHECK ("lotes_movimientos"."cantidad" <> 0),
	CONSTRAINT "lotes_movimientos_ajuste_motivado" CHECK (("lotes_movimientos"."tipo" = 'ajuste') = ("lotes_movimientos"."motivo" is not null and "lotes_movimientos"."detalle" is not null))
);
--> statement-breakpoint
CREATE TABLE "productos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "productos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"tipo" text NOT NULL,
	"fabricante" text NOT NULL,
	"registro_invima" text NOT NULL,
	"unidad" text NOT NULL,
	"stock_minimo" integer DEFAULT 0 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_por" integer,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "productos_stock_minimo" CHECK ("productos"."stock_minimo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_producto_id_productos_id_fk" FOREIGN KEY ("producto_id") REFERENCES "public"."productos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes" ADD CONSTRAINT "lotes_recibido_por_usuarios_id_fk" FOREIGN KEY ("recibido_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_movimientos" ADD CONSTRAINT "lotes_movimientos_lote_id_lotes_id_fk" FOREIGN KEY ("lote_id") REFERENCES "public"."lotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotes_movimientos" ADD CONSTRAINT "lotes_movimientos_registrado_por_usuarios_id_fk" FOREIGN KEY ("registrado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "productos" ADD CONSTRAINT "productos_creado_por_usuarios_id_fk" FOREIGN KEY ("creado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lotes_producto_numero_unico" ON "lotes" USING btree ("producto_id",upper("numero"));--> statement-breakpoint
CREATE INDEX "lotes_vence_idx" ON "lotes" USING btree ("vence_el");--> statement-breakpoint
CREATE INDEX "lotes_movimientos_lote_idx" ON "lotes_movimientos" USING btree ("lote_id","registrado_en");--> statement-breakpoint
CREATE UNIQUE INDEX "productos_nombre_registro_unico" ON "productos" USING btree (lower("nombre"),"registro_invima");--> statement-breakpoint
-- Traceability is append-only (issue 24; docs/trazabilidad.md): a lot's received data never change and only its
-- `consumido` moves (the check keeps it within what was received); movements are never changed or deleted; no lot
-- or movement is deleted or truncated. Restoring a backup disables these triggers for its load.
CREATE FUNCTION trazabilidad_inmutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'La trazabilidad de los lotes no se modifica ni se borra: registra un ajuste con su motivo' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE FUNCTION lotes_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     OR NEW.id <> OLD.id OR NEW.producto_id <> OLD.producto_id OR NEW.numero <> OLD.numero
     OR NEW.vence_el <> OLD.vence_el OR NEW.cantidad_recibida <> OLD.cantidad_recibida
     OR NEW.proveedor <> OLD.proveedor OR NEW.referencia_compra IS DISTINCT FROM OLD.referencia_compra
     OR NEW.recibido_por <> OLD.recibido_por OR NEW.recibido_en <> OLD.recibido_en THEN
    RAISE EXCEPTION 'Un lote recibido no se modifica ni se borra: registra un ajuste con su motivo' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER lotes_inmutable BEFORE UPDATE OR DELETE ON "lotes" FOR EACH ROW EXECUTE FUNCTION lotes_proteger();--> statement-breakpoint
CREATE TRIGGER lotes_sin_truncar BEFORE TRUNCATE ON "lotes" FOR EACH STATEMENT EXECUTE FUNCTION trazabilidad_inmutable();--> statement-breakpoint
CREATE TRIGGER lotes_movimientos_inmutable BEFORE UPDATE OR DELETE ON "lotes_movimientos" FOR EACH ROW EXECUTE FUNCTION trazabilidad_inmutable();--> statement-breakpoint
CREATE TRIGGER lotes_movimientos_sin_truncar BEFORE TRUNCATE ON "lotes_movimientos" FOR EACH STATEMENT EXECUTE FUNCTION trazabilidad_inmutable();
