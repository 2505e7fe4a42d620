-- The confirmations report reads the reports' summary (decision 0070): its rows per month and doctor (how the due
-- appointments were confirmed) and per month, doctor and channel (done and missed appointments by the channel their
-- patient chose) are stored like the other queries' (decision 0062). So a late confirmation of a past appointment
-- marks its start, like its state already did.
DROP TRIGGER reportes_cambio_cita_actualizada ON "citas";--> statement-breakpoint
CREATE TRIGGER reportes_cambio_cita_actualizada AFTER UPDATE ON "citas" FOR EACH ROW
  WHEN ((OLD.estado, OLD.causa_cancelacion, OLD.doctor_id, OLD.procedimiento_id, OLD.tipo, OLD.inicio, OLD.fin, OLD.paciente_id,
         OLD.confirmada_via, OLD.confirmada_en)
    IS DISTINCT FROM (NEW.estado, NEW.causa_cancelacion, NEW.doctor_id, NEW.procedimiento_id, NEW.tipo, NEW.inicio, NEW.fin, NEW.paciente_id,
         NEW.confirmada_via, NEW.confirmada_en))
  EXECUTE FUNCTION reportes_cambio_cita();--> statement-breakpoint
-- A patient's channel (no row: correo) decides which group all her done and missed appointments count in: choosing
-- another one, or dropping her row, changes the months of her past appointments' starts.
CREATE FUNCTION reportes_marcar_paciente(p_paciente integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reportes_cambios (instante)
  SELECT DISTINCT c.inicio FROM citas c WHERE c.paciente_id = p_paciente AND c.inicio < now();
END $$;--> statement-breakpoint
CREATE FUNCTION reportes_cambio_preferencia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM reportes_marcar_paciente(OLD.usuario_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.usuario_id <> OLD.usuario_id) THEN
    PERFORM reportes_marcar_paciente(NEW.usuario_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reportes_cambio_preferencia AFTER INSERT OR DELETE ON "preferencias_contacto" FOR EACH ROW
  EXECUTE FUNCTION reportes_cambio_preferencia();--> statement-breakpoint
CREATE TRIGGER reportes_cambio_preferencia_actualizada AFTER UPDATE OF canal, usuario_id ON "preferencias_contacto" FOR EACH ROW
  WHEN ((OLD.canal, OLD.usuario_id) IS DISTINCT FROM (NEW.canal, NEW.usuario_id))
  EXECUTE FUNCTION reportes_cambio_preferencia();--> statement-breakpoint
-- The stored periods lack the new queries' rows: every report reads live until the job stores them again. The
-- job's delivered rows go too (the outbox purges them anyway), so the next start queues today's run, due at once,
-- instead of waiting for tomorrow's.
DELETE FROM reportes_resumen;--> statement-breakpoint
DELETE FROM reportes_periodos;--> statement-breakpoint
DELETE FROM bandeja_salida WHERE tipo = 'reportes.resumir' AND entregada_en IS NOT NULL;
