-- Searches compare stored lower-case, accent-free text (usuarios.nombre_busqueda, usuarios.busqueda): the trigram indexes no longer recheck with unaccent() per row.
DROP INDEX "usuarios_busqueda_trgm";--> statement-breakpoint
DROP INDEX "usuarios_nombre_trgm";--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (f_unaccent(lower(nombre))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (f_unaccent(lower(nombre || ' ' || correo || ' ' || numerodocumento))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "usuarios_busqueda_trgm" ON "usuarios" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuarios_nombre_trgm" ON "usuarios" USING gin ("nombre_busqueda" gin_trgm_ops);