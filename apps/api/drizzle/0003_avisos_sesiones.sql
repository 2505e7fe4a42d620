-- Change notices for the session cache of the embedded database (docs/decisions/0006-cache-de-sesiones.md).
-- Any committed change to a session, or to a user's rol or estado, sends NOTIFY sesiones_cambio with
-- 's:<sid>', 'u:<usuario id>' or '*' (truncate). Only sessions that LISTEN on the channel pay for it: with
-- PGlite that is the one process that holds the data directory (and receives the notice before the writing
-- statement returns); PostgreSQL connections never listen, so there it costs one cheap check per write.
CREATE FUNCTION avisar_cambio_sesion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF 'sesiones_cambio' IN (SELECT pg_listening_channels()) THEN
    IF TG_LEVEL = 'STATEMENT' THEN
      PERFORM pg_notify('sesiones_cambio', '*');
    ELSIF TG_TABLE_NAME = 'sesiones' THEN
      PERFORM pg_notify('sesiones_cambio', 's:' || OLD.id);
    ELSE
      PERFORM pg_notify('sesiones_cambio', 'u:' || OLD.id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sesiones_aviso AFTER UPDATE OR DELETE ON sesiones
  FOR EACH ROW EXECUTE FUNCTION avisar_cambio_sesion();--> statement-breakpoint
CREATE TRIGGER sesiones_aviso_truncate AFTER TRUNCATE ON sesiones
  FOR EACH STATEMENT EXECUTE FUNCTION avisar_cambio_sesion();--> statement-breakpoint
CREATE TRIGGER usuarios_aviso AFTER UPDATE ON usuarios
  FOR EACH ROW WHEN (OLD.rol IS DISTINCT FROM NEW.rol OR OLD.estado IS DISTINCT FROM NEW.estado)
  EXECUTE FUNCTION avisar_cambio_sesion();--> statement-breakpoint
CREATE TRIGGER usuarios_aviso_borrado AFTER DELETE ON usuarios
  FOR EACH ROW EXECUTE FUNCTION avisar_cambio_sesion();--> statement-breakpoint
CREATE TRIGGER usuarios_aviso_truncate AFTER TRUNCATE ON usuarios
  FOR EACH STATEMENT EXECUTE FUNCTION avisar_cambio_sesion();
