// Day + free time picker for booking, rescheduling and editing: one availability request covers the next weeks,
// so days without free times (Sundays, holidays, full days) are disabled in the calendar and the first day with
// room is chosen for the person. Times show as big buttons, 'h:mm a. m.' in the clinic's zone (lib/tiempo).
import type { TipoCita } from '@clinica/contracts/citas';
import { esDiaNoHabil, fechaEnZona, instanteLocal, sumarDias } from '@clinica/contracts/tiempo';
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendarOff } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { formatFechaLarga, formatHora, hoy, zonaClinica } from '../../../lib/tiempo.ts';
import { useDisponibilidad, type EspacioWire } from '../../../lib/api/disponibilidad/get-disponibilidad.ts';
import classes from './selector-horario.module.css';
import { ErrorDeCarga } from './seccion-cita.tsx';

/** How far ahead people may book from these screens (the API answers up to 62 days at once). */
export const DIAS_A_LA_VISTA = 45;

export type SelectorHorarioProps = {
  /** The level of its "Elige el día" heading: under the page's h1 directly (2) or under a section's h2 (3). */
  nivelTitulo?: 2 | 3;
  /** null: any doctor. */
  doctorId: number | null;
  tipo?: TipoCita;
  procedimientoId?: number | null;
  value: EspacioWire | null;
  onChange: (espacio: EspacioWire | null) => void;
  /** Names of doctors by id, to say who attends at each time when any doctor will do. */
  nombreDoctor?: (id: number) => string | undefined;
  disabled?: boolean;
  /** A time to leave out (the appointment being moved). */
  excluirInicio?: string;
  /** Repeat the chosen day and time under the buttons (off where the screen already summarises it). */
  mostrarEleccion?: boolean;
};

const diaDe = (iso: string) => fechaEnZona(new Date(iso), zonaClinica);

export function SelectorHorario({
  doctorId,
  tipo,
  procedimientoId,
  value,
  onChange,
  nombreDoctor,
  disabled = false,
  excluirInicio,
  mostrarEleccion = true,
  nivelTitulo = 3,
}: SelectorHorarioProps) {
  const desde = hoy();
  const hasta = sumarDias(desde, DIAS_A_LA_VISTA);
  const disponibilidad = useDisponibilidad({
    doctor_id: doctorId ?? undefined,
    tipo,
    procedimiento_id: procedimientoId ?? undefined,
    desde,
    hasta,
  });

  // Free times by clinic day; with any doctor, one button per time (the first doctor free at it).
  const porDia = useMemo(() => {
    const mapa = new Map<string, EspacioWire[]>();
    const vistos = new Set<string>();
    const excluido = excluirInicio ? Date.parse(excluirInicio) : NaN;
    for (const e of disponibilidad.data ?? []) {
      const t = Date.parse(e.inicio);
      if (t === excluido || vistos.has(String(t))) continue;
      vistos.add(String(t));
      const dia = diaDe(e.inicio);
      const lista = mapa.get(dia) ?? [];
      lista.push(e);
      mapa.set(dia, lista);
    }
    for (const lista of mapa.values()) lista.sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio));
    return mapa;
  }, [disponibilidad.data, excluirInicio]);

  const primerDia = useMemo(() => [...porDia.keys()].sort()[0] ?? null, [porDia]);
  // The day the person picked; until then (or when it has no room left) the first day with free times.
  const [diaElegido, setDiaElegido] = useState<string | null>(value ? diaDe(value.inicio) : null);
  const [mesElegido, setMes] = useState<string | null>(value ? diaDe(value.inicio) : null);
  const cargando = disponibilidad.isPending;
  const dia = diaElegido && (cargando || porDia.has(diaElegido)) ? diaElegido : primerDia;
  const mes = mesElegido ?? dia ?? desde;

  // A chosen time that is no longer offered (another doctor, fresh data) is dropped.
  useEffect(() => {
    if (!value || !disponibilidad.data) return;
    const sigue = (porDia.get(diaDe(value.inicio)) ?? []).some(
      (e) => e.inicio === value.inicio && (doctorId === null || e.doctor_id === value.doctor_id),
    );
    if (!sigue) onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the offer changes
  }, [porDia]);

  if (disponibilidad.isError) {
    return <ErrorDeCarga titulo="No pudimos cargar los horarios libres" consulta={disponibilidad} />;
  }

  const horas = dia ? (porDia.get(dia) ?? []) : [];

  return (
    <div className={classes.selector}>
      <Paper withBorder p="sm" className={classes.calendario}>
        <Text component={nivelTitulo === 2 ? 'h2' : 'h3'} id="titulo-dia" fw={600} mb="xs">
          Elige el día
        </Text>
        <DatePicker
          aria-labelledby="titulo-dia"
          value={dia}
          onChange={(d) => {
            setDiaElegido(d);
            if (value && d !== diaDe(value.inicio)) onChange(null);
          }}
          date={mes}
          onDateChange={setMes}
          minDate={desde}
          maxDate={hasta}
          excludeDate={(d) => esDiaNoHabil(d.slice(0, 10)) || (!cargando && !porDia.has(d.slice(0, 10)))}
          hideOutsideDates
          // Saturdays are working days: only Sundays get the weekend colour.
          weekendDays={[0]}
          size="md"
          className={classes.datepicker}
          classNames={{ day: classes.dia }}
          getDayProps={() => (disabled ? { disabled: true } : {})}
        />
      </Paper>

      <Stack gap="xs" className={classes.horas}>
        <Text component="h3" fw={600} id="titulo-horas">
          {dia ? `Horarios libres del ${formatFechaLarga(instanteLocal(dia, '12:00', zonaClinica))}` : 'Elige la hora'}
        </Text>
        {cargando ? (
          <div role="status">
            <VisuallyHidden>Buscando horarios libres…</VisuallyHidden>
            <SimpleGrid minColWidth="7.5rem" spacing="xs" aria-hidden="true">
              {Array.from({ length: 9 }, (_, i) => (
                <Skeleton key={i} height={48} radius="md" />
              ))}
            </SimpleGrid>
          </div>
        ) : porDia.size === 0 ? (
          <Alert variant="light" color="orange" icon={<IconCalendarOff size={20} aria-hidden="true" />}>
            No hay horarios libres en las próximas semanas{doctorId !== null ? ' con este doctor' : ''}.
            {doctorId !== null ? ' Prueba con otro doctor o con «Cualquier doctor».' : ' Comunícate con la clínica.'}
          </Alert>
        ) : !dia || horas.length === 0 ? (
          <Text c="dimmed" size="sm">
            Elige un día resaltado en el calendario para ver sus horarios.
          </Text>
        ) : (
          <SimpleGrid
            // As many whole buttons per row as fit («10:00 a. m.» is never cut), beside the calendar or under it.
            minColWidth="7.5rem"
            spacing="xs"
            role="group"
            aria-labelledby="titulo-horas"
            className={classes.grilla}
          >
            {horas.map((e) => {
              const elegido = value?.inicio === e.inicio;
              const quien = doctorId === null ? nombreDoctor?.(e.doctor_id) : undefined;
              return (
                <Button
                  key={`${e.inicio}-${e.doctor_id}`}
                  variant={elegido ? 'filled' : 'default'}
                  size="lg"
                  radius="md"
                  aria-pressed={elegido}
                  disabled={disabled}
                  onClick={() => onChange(elegido ? null : e)}
                  className={classes.hora}
                  aria-label={`${formatHora(e.inicio)}${quien ? ` con ${quien}` : ''}`}
                >
                  {formatHora(e.inicio)}
                </Button>
              );
            })}
          </SimpleGrid>
        )}
        {mostrarEleccion && value && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Elegiste:
            </Text>
            <Text size="sm" fw={600}>
              {formatFechaLarga(value.inicio)}, {formatHora(value.inicio)}
              {doctorId === null && nombreDoctor?.(value.doctor_id) ? ` con ${nombreDoctor(value.doctor_id)}` : ''}
            </Text>
          </Group>
        )}
      </Stack>
    </div>
  );
}
