-- The patient search compares a stored lower-case, accent-free name: the trigram index no longer rechecks with unaccent() per row.
DROP INDEX "usuarios_nombre_trgm";--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "nombre_busqueda" text GENERATED ALWAYS AS (f_unaccent(lower(nombre))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "usuarios_nombre_trgm" ON "usuarios" USING gin ("nombre_busqueda" gin_trgm_ops);