-- A patient registered at the desk may have no e-mail (issue 27.8, decision 0048): correo becomes optional. The
-- stored search text treats a missing e-mail as empty (without coalesce it would be null for her, and the column is
-- NOT NULL). Dropping the column drops its trigram index, created again here. usuarios_correo_unico stays: a
-- unique index allows any number of nulls.
ALTER TABLE "usuarios" ALTER COLUMN "correo" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" DROP COLUMN "busqueda";--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "busqueda" text GENERATED ALWAYS AS (lower(f_unaccent(nombre || ' ' || coalesce(correo, '') || ' ' || numerodocumento))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "usuarios_busqueda_trgm" ON "usuarios" USING gin ("busqueda" gin_trgm_ops);
