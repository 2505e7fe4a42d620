CREATE TABLE "auditoria" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auditoria_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer,
	"accion" text NOT NULL,
	"recurso" text NOT NULL,
	"recurso_id" text,
	"resultado" text NOT NULL,
	"ip" text,
	"agente" text,
	"detalle" text,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bloqueos_login" (
	"clave" text PRIMARY KEY NOT NULL,
	"fallos" integer DEFAULT 0 NOT NULL,
	"bloqueos" integer DEFAULT 0 NOT NULL,
	"bloqueado_hasta" timestamp with time zone,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sesiones" (
	"id" text PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"ultima_actividad_en" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_en" timestamp with time zone NOT NULL,
	"revocada_en" timestamp with time zone,
	"ip" text,
	"agente" text
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "usuarios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"correo" text NOT NULL,
	"contrasena_hash" text NOT NULL,
	"rol" text NOT NULL,
	"estado" boolean DEFAULT true NOT NULL,
	"tipodocumento" text NOT NULL,
	"numerodocumento" text NOT NULL,
	"telefono" text,
	"direccion" text,
	"genero" text,
	"fecha_nacimiento" date,
	"ocupacion" text,
	"estado_civil" text,
	"fecha_registro" timestamp with time zone DEFAULT now() NOT NULL,
	"terminos_aceptados_en" timestamp with time zone,
	"version_terminos" text,
	"ip_aceptacion" text,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categorias_procedimiento" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categorias_procedimiento_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"nombre" text NOT NULL,
	"descripcion" text,
	"activa" boolean DEFAULT true NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedimiento_imagenes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "procedimiento_imagenes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"procedimiento_id" integer NOT NULL,
	"ruta" text NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"orden" integer DEFAULT 0 NOT NULL,
	"creada_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procedimientos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "procedimientos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"categoria_id" integer NOT NULL,
	"nombre" text NOT NULL,
	"descripcion" text DEFAULT '' NOT NULL,
	"precio" integer NOT NULL,
	"duracion_minutos" integer NOT NULL,
	"requiere_evaluacion" boolean DEFAULT false NOT NULL,
	"recomendaciones_previas" text,
	"examenes_requeridos" text,
	"edad_minima" integer DEFAULT 18 NOT NULL,
	"activo" boolean DEFAULT true NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	"actualizado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "procedimientos_precio_positivo" CHECK ("procedimientos"."precio" > 0),
	CONSTRAINT "procedimientos_duracion_positiva" CHECK ("procedimientos"."duracion_minutos" > 0),
	CONSTRAINT "procedimientos_edad_minima" CHECK ("procedimientos"."edad_minima" between 0 and 120)
);
--> statement-breakpoint
CREATE TABLE "carrito_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carrito_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"usuario_id" integer NOT NULL,
	"procedimiento_id" integer NOT NULL,
	"creado_en" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrito_items_usuario_procedimiento" UNIQUE("usuario_id","procedimiento_id")
);
--> statement-breakpoint
ALTER TABLE "sesiones" ADD CONSTRAINT "sesiones_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedimiento_imagenes" ADD CONSTRAINT "procedimiento_imagenes_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procedimientos" ADD CONSTRAINT "procedimientos_categoria_id_categorias_procedimiento_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias_procedimiento"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito_items" ADD CONSTRAINT "carrito_items_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrito_items" ADD CONSTRAINT "carrito_items_procedimiento_id_procedimientos_id_fk" FOREIGN KEY ("procedimiento_id") REFERENCES "public"."procedimientos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("creada_en");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "sesiones_usuario_idx" ON "sesiones" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_correo_unico" ON "usuarios" USING btree (lower("correo"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_documento_unico" ON "usuarios" USING btree ("tipodocumento","numerodocumento");--> statement-breakpoint
CREATE INDEX "usuarios_busqueda_trgm" ON "usuarios" USING gin (f_unaccent(lower("nombre" || ' ' || "correo" || ' ' || "numerodocumento")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuarios_rol_idx" ON "usuarios" USING btree ("rol","id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nombre_unico" ON "categorias_procedimiento" USING btree (f_unaccent(lower(btrim("nombre"))));--> statement-breakpoint
CREATE INDEX "procedimiento_imagenes_proc_idx" ON "procedimiento_imagenes" USING btree ("procedimiento_id","orden");--> statement-breakpoint
CREATE INDEX "procedimientos_categoria_idx" ON "procedimientos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "procedimientos_nombre_trgm" ON "procedimientos" USING gin (f_unaccent(lower("nombre")) gin_trgm_ops);