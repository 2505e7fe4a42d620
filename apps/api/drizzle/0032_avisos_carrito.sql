-- Change notices for the cart cache (docs/decisions/0071-carrito-en-memoria.md), on both databases. Every
-- committed change to carrito_items sends NOTIFY carrito_cambio whoever writes it (a service, the booking
-- statement, a user's delete cascading, a test's or an operator's plain SQL), with the user id whose cart changed:
-- for an update that moves a row to another user, both; '*' for a truncate. No pg_listening_channels() check (the
-- mistake 0016 fixed for sessions): on PostgreSQL the writing connection may not listen, other instances do.
-- Identical notices of one transaction are delivered once, so clearing a cart sends one.
CREATE FUNCTION avisar_cambio_carrito() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('carrito_cambio', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('carrito_cambio', OLD.usuario_id::text);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.usuario_id IS DISTINCT FROM OLD.usuario_id) THEN
    PERFORM pg_notify('carrito_cambio', NEW.usuario_id::text);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER carrito_items_aviso AFTER INSERT OR UPDATE OR DELETE ON carrito_items
  FOR EACH ROW EXECUTE FUNCTION avisar_cambio_carrito();--> statement-breakpoint
CREATE TRIGGER carrito_items_aviso_truncate AFTER TRUNCATE ON carrito_items
  FOR EACH STATEMENT EXECUTE FUNCTION avisar_cambio_carrito();
