// "Mover": the keyboard way to reschedule (the calendar also takes drag and drop). The person picks the doctor
// (this one or another), a day and one of that doctor's free times for this appointment's type and procedure;
// the server has the last word (another doctor's hours, blocks and agenda).
import { Alert, Button, Modal, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconArrowsMove, IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { esDiaNoHabil, fechaEnZona, instanteLocal } from '@clinica/contracts/tiempo';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { formatFechaHora, formatFechaLarga, hoy, zonaClinica } from '../../../lib/tiempo.ts';
import { useMoverCita } from '../../../lib/api/citas/reagendar-cita.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { useDisponibilidad } from '../../../lib/api/disponibilidad/get-disponibilidad.ts';
import { useDoctores } from '../../../lib/api/doctores/get-doctores.ts';
import { HorariosLibres } from './horarios-libres.tsx';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';

export function MoverCitaModal({ cita, onClose }: { cita: CitaWire | null; onClose: () => void }) {
  // Keep the last appointment while the modal animates out.
  const [ultima, setUltima] = useState<CitaWire | null>(cita);
  if (cita && cita !== ultima) setUltima(cita);
  const c = cita ?? ultima;
  return (
    <Modal opened={!!cita} onClose={onClose} title="Mover la cita" size="lg">
      {c && <Contenido key={c.id} cita={c} onClose={onClose} />}
    </Modal>
  );
}

function Contenido({ cita, onClose }: { cita: CitaWire; onClose: () => void }) {
  const diaActual = fechaEnZona(new Date(cita.inicio), zonaClinica);
  const [dia, setDia] = useState<string | null>(diaActual < hoy() ? hoy() : diaActual);
  const [inicio, setInicio] = useState<string | null>(null);
  const [doctorId, setDoctorId] = useState(cita.doctor.id);
  const [error, setError] = useState<string | null>(null);
  const doctores = useDoctores();
  const opcionesDoctor = [
    ...(doctores.data?.some((d) => d.id === cita.doctor.id) ? [] : [cita.doctor]),
    ...(doctores.data ?? []),
  ].map((d) => ({ value: String(d.id), label: d.id === cita.doctor.id ? `${d.nombre} (actual)` : d.nombre }));
  const libres = useDisponibilidad(
    dia
      ? {
          doctor_id: doctorId,
          tipo: cita.tipo,
          procedimiento_id: cita.tipo === 'procedimiento' ? cita.procedimiento?.id : undefined,
          desde: dia,
          hasta: dia,
        }
      : null,
  );
  const mover = useMoverCita();

  function confirmar() {
    if (!inicio) return;
    setError(null);
    mover.mutate(
      { cita, inicio, doctorId },
      {
        onSuccess: (c) => {
          notifications.show({
            color: 'green',
            title: 'Cita movida',
            message: `La cita de ${c.usuario.nombre} quedó para el ${formatFechaHora(c.inicio)}${
              c.doctor.id !== cita.doctor.id ? ` con ${c.doctor.nombre}` : ''
            }`,
          });
          onClose();
        },
        onError: (err) => setError(mensajeDeError(err, 'No pudimos mover la cita. Inténtalo de nuevo.')),
      },
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        {cita.usuario.nombre} con {cita.doctor.nombre}. Hora actual: {formatFechaHora(cita.inicio)}
      </Text>
      <Select
        label="Doctor"
        data={opcionesDoctor}
        value={String(doctorId)}
        onChange={(v) => {
          if (v) setDoctorId(Number(v));
          setInicio(null);
          setError(null);
        }}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <DatePickerInput
        label="Nuevo día"
        value={dia}
        onChange={(d) => {
          setDia(d);
          setInicio(null);
        }}
        minDate={hoy()}
        excludeDate={esDiaNoHabil}
        valueFormat="DD/MM/YYYY"
        leftSection={<IconCalendar size={16} aria-hidden="true" />}
        popoverProps={{ withinPortal: true }}
      />
      {dia && (
        <HorariosLibres
          legend={`Horas libres del ${formatFechaLarga(instanteLocal(dia, '12:00', zonaClinica))}`}
          espacios={libres.data}
          cargando={libres.isPending}
          error={libres.isError ? mensajeDeError(libres.error, 'No pudimos cargar los horarios libres.') : null}
          value={inicio ? `${doctorId}|${inicio}` : null}
          onChange={(_k, e) => setInicio(e.inicio)}
        />
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" title="No se movió la cita">
          {error}
        </Alert>
      )}
      <AccionesDialogo onVolver={onClose} ocupado={mover.isPending}>
        <Button
          onClick={confirmar}
          disabled={!inicio}
          loading={mover.isPending}
          leftSection={<IconArrowsMove size={18} aria-hidden="true" />}
        >
          Mover cita
        </Button>
      </AccionesDialogo>
    </Stack>
  );
}
