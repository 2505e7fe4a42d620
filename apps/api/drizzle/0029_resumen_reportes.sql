CREATE TABLE "reportes_cambios" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reportes_cambios_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instante" timestamp with time zone NOT NULL,
	"visto_mes" boolean DEFAULT false NOT NULL,
	"visto_dia" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reportes_periodos" (
	"periodo" text PRIMARY KEY NOT NULL,
	"resumido_en" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reportes_resumen" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reportes_resumen_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"periodo" text NOT NULL,
	"consulta" text NOT NULL,
	"doctor_id" integer,
	"fila" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reportes_cambios_instante_idx" ON "reportes_cambios" USING btree ("instante");--> statement-breakpoint
CREATE INDEX "reportes_resumen_consulta_periodo_idx" ON "reportes_resumen" USING btree ("consulta","periodo","doctor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bandeja_salida_resumen_turno_unico" ON "bandeja_salida" USING btree (("carga"->>'turno')) WHERE "bandeja_salida"."tipo" = 'reportes.resumir';--> statement-breakpoint
-- The reports' summary (decision 0062): every write that changes what a report shows for a past month or day
-- records the instants it touches in reportes_cambios, in the same transaction; a stored period holding such an
-- instant is computed live until the summary job stores it again. Only instants already past are recorded (a closed
-- period lies in the past; today is always live). A payment or its void touches its own instant (ingresos) and its
-- appointment's deposits (anticipos goes by the first deposit's month).
CREATE FUNCTION reportes_marcar_pago(p_registrado timestamptz, p_cita integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reportes_cambios (instante)
  SELECT s.x FROM (
    SELECT p_registrado AS x
    UNION SELECT p.registrado_en FROM pagos p WHERE p_cita IS NOT NULL AND p.cita_id = p_cita AND p.concepto = 'anticipo'
  ) s WHERE s.x < now();
END $$;--> statement-breakpoint
CREATE FUNCTION reportes_cambio_pago() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reportes_marcar_pago(NEW.registrado_en, NEW.cita_id);
  IF TG_OP = 'UPDATE' AND OLD.registrado_en IS DISTINCT FROM NEW.registrado_en THEN
    PERFORM reportes_marcar_pago(OLD.registrado_en, OLD.cita_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION reportes_cambio_anulacion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM reportes_marcar_pago(p.registrado_en, p.cita_id) FROM pagos p WHERE p.id = NEW.pago_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- An appointment touches the month of its start (attendance, minutes, conversion), the months of its payments (the
-- revenue's doctor and procedure, the deposit's fate), and, for conversion (DIAS_CONVERSION = 90 days), the months of
-- its patient's evaluations done from 90 days before it on (whether they were followed by a procedure, and which
-- evaluation was the patient's first).
CREATE FUNCTION reportes_marcar_cita(p_cita integer, p_paciente integer, p_inicio timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reportes_cambios (instante)
  SELECT s.x FROM (
    SELECT p_inicio AS x
    UNION SELECT p.registrado_en FROM pagos p WHERE p.cita_id = p_cita
    UNION SELECT e.inicio FROM citas e
      WHERE e.paciente_id = p_paciente AND e.tipo = 'evaluacion' AND e.estado = 'realizada'
        AND e.inicio >= p_inicio - interval '90 days'
  ) s WHERE s.x < now();
END $$;--> statement-breakpoint
CREATE FUNCTION reportes_cambio_cita() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM reportes_marcar_cita(OLD.id, OLD.paciente_id, OLD.inicio); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM reportes_marcar_cita(NEW.id, NEW.paciente_id, NEW.inicio); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER reportes_cambio_pago AFTER INSERT OR UPDATE ON "pagos" FOR EACH ROW EXECUTE FUNCTION reportes_cambio_pago();--> statement-breakpoint
CREATE TRIGGER reportes_cambio_anulacion AFTER INSERT ON "pagos_anulaciones" FOR EACH ROW EXECUTE FUNCTION reportes_cambio_anulacion();--> statement-breakpoint
CREATE TRIGGER reportes_cambio_cita AFTER INSERT OR DELETE ON "citas" FOR EACH ROW EXECUTE FUNCTION reportes_cambio_cita();--> statement-breakpoint
CREATE TRIGGER reportes_cambio_cita_actualizada AFTER UPDATE ON "citas" FOR EACH ROW
  WHEN ((OLD.estado, OLD.causa_cancelacion, OLD.doctor_id, OLD.procedimiento_id, OLD.tipo, OLD.inicio, OLD.fin, OLD.paciente_id)
    IS DISTINCT FROM (NEW.estado, NEW.causa_cancelacion, NEW.doctor_id, NEW.procedimiento_id, NEW.tipo, NEW.inicio, NEW.fin, NEW.paciente_id))
  EXECUTE FUNCTION reportes_cambio_cita();
