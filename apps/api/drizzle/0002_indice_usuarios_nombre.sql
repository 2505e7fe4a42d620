DROP INDEX "usuarios_rol_idx";--> statement-breakpoint
CREATE INDEX "usuarios_rol_nombre_idx" ON "usuarios" USING btree ("rol","nombre","id");