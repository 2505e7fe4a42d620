-- The audit log is append-only (issue 21, item 5): with the application's own database role, UPDATE and DELETE of
-- auditoria succeeded. Rows are refused to change or go, one by one or by TRUNCATE, as signed notes and consents are.
CREATE FUNCTION auditoria_proteger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'El registro de auditoría no se puede modificar ni borrar' USING ERRCODE = '42501';
END $$;--> statement-breakpoint
CREATE TRIGGER auditoria_inmutable BEFORE UPDATE OR DELETE ON "auditoria" FOR EACH ROW EXECUTE FUNCTION auditoria_proteger();--> statement-breakpoint
CREATE TRIGGER auditoria_sin_truncar BEFORE TRUNCATE ON "auditoria" FOR EACH STATEMENT EXECUTE FUNCTION auditoria_proteger();--> statement-breakpoint
-- The administrators' search reads newest first, by action and by resource.
CREATE INDEX "auditoria_accion_idx" ON "auditoria" USING btree ("accion","id");--> statement-breakpoint
CREATE INDEX "auditoria_recurso_idx" ON "auditoria" USING btree ("recurso","recurso_id");
