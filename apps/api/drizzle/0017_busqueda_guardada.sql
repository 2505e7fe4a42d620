-- Searches compare stored text without accents, in lower case (usuarios.nombre_busqueda, usuarios.busqueda): the
-- trigram indexes no longer recheck with unaccent() per row. Both columns in one ALTER: one rewrite of the table.
DROP INDEX "usuarios_busqueda_trgm";--> statement-breakpoint
DROP INDEX "usuarios_nombre_trgm";--> statement-breakpoint
ALTER TABLE "usuarios"
  ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (lower(f_unaccent(nombre))) STORED NOT NULL,
  ADD COLUMN "busqueda" text GENERATED ALWAYS AS (lower(f_unaccent(nombre || ' ' || correo || ' ' || numerodocumento))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "usuarios_busqueda_trgm" ON "usuarios" USING gin ("busqueda" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "usuarios_nombre_trgm" ON "usuarios" USING gin ("nombre_busqueda" gin_trgm_ops);
