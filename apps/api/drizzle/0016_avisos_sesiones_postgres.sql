-- The session cache on PostgreSQL too (docs/decisions/0006-cache-de-sesiones.md): every committed change to a
-- session, or to a user's rol or estado, now sends NOTIFY sesiones_cambio whoever writes it, not only when the
-- writing connection listens. Other API instances (their dedicated listening connection) and an operator's
-- plain SQL are covered that way. Same payloads as 0003: 's:<sid>', 'u:<usuario id>' or '*' (truncate).
CREATE OR REPLACE FUNCTION avisar_cambio_sesion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('sesiones_cambio', '*');
  ELSIF TG_TABLE_NAME = 'sesiones' THEN
    PERFORM pg_notify('sesiones_cambio', 's:' || OLD.id);
  ELSE
    PERFORM pg_notify('sesiones_cambio', 'u:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;
