// /calendariocitas: the staff agenda by day (doctors as columns), week (days as columns) or month (a Monday-to-
// Sunday grid whose days open their day view). Appointments are coloured by type with type and state in text;
// cancelled ones are hidden unless the toggle shows them. Click opens the details; "Mover" (menu, keyboard) or
// dragging reschedules: to another time through reagendarcita, to another doctor's column (day view) through
// editarcita, which applies that doctor's hours, blocks and agenda. A refused move snaps back with the server's
// message; an accepted one offers «Deshacer» for a few seconds, which moves it back through the same path (every
// rule applies again). The grid is the page's main content: a one-line header and toolbar, the grid scrolls inside.
// View, day, doctor and toggle live in the URL.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconCalendarPlus, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { permite } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import { diaDeSemana, FECHA, fechaEnZona, instanteLocal, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import { EstadoError } from '../../components/estado-error.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFecha, formatFechaHora, formatFechaLarga, hoy, zonaClinica } from '../../lib/tiempo.ts';
import { useAgenda } from '../../lib/api/citas/get-agenda.ts';
import { useMoverCita } from '../../lib/api/citas/reagendar-cita.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { nombreTipo, tiposCita } from './agenda-textos.ts';
import { CalendarioGrid, minutosDe, type Columna } from './components/calendario-grid.tsx';
import classes from './components/calendario.module.css';
import { CalendarioMes, lunesDe, rangoMes } from './components/calendario-mes.tsx';
import { CancelarCitaModal } from '../../components/citas/cancelar-cita-modal.tsx';
import { MoverCitaModal } from './components/mover-cita-modal.tsx';
import { SoloPersonal } from '../../components/citas/solo-personal.tsx';
import { useFiltrosUrl } from './filtros-url.ts';

type Vista = 'dia' | 'semana' | 'mes';

/** How long a moved appointment offers «Deshacer». */
export const DESHACER_MS = 8000;

const diaCorto = new Intl.DateTimeFormat('es-CO', { weekday: 'short', day: 'numeric', timeZone: zonaClinica });
const mediodia = (f: Fecha) => instanteLocal(f, '12:00', zonaClinica);
const mesLargo = new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: zonaClinica });
const capitalizar = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The previous or next day, week or month. */
function BotonVecino({ etiqueta, onClick, children }: { etiqueta: string; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip label={etiqueta}>
      <ActionIcon variant="default" size="lg" radius="xl" aria-label={etiqueta} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function CalendarioScreenContenido() {
  usePageMeta({ title: 'Calendario de citas' });
  const { userRole, userId } = useAuth();
  const esDoctor = userRole?.toLowerCase() === 'doctor';
  const puedeAgendar = permite(citasRutas.editar.auth, userRole);
  const { sp, actualizar } = useFiltrosUrl();
  const vistaUrl = sp.get('vista');
  const vista: Vista = vistaUrl === 'semana' || vistaUrl === 'mes' ? vistaUrl : 'dia';
  const fechaUrl = sp.get('fecha') ?? '';
  const fecha: Fecha = FECHA.test(fechaUrl) ? fechaUrl : hoy();
  const doctorFiltro = esDoctor ? null : Number(sp.get('doctor')) || null;
  const verCanceladas = sp.get('canceladas') === '1';

  const { desde, hasta } =
    vista === 'dia'
      ? { desde: fecha, hasta: fecha }
      : vista === 'semana'
        ? { desde: lunesDe(fecha), hasta: sumarDias(lunesDe(fecha), 6) }
        : rangoMes(fecha);
  const doctores = useDoctores();
  const citas = useAgenda({ desde, hasta, doctorId: doctorFiltro ?? undefined });
  const mover = useMoverCita();
  const [movidas, setMovidas] = useState<
    Map<number, { inicio: string; fin: string; doctor: { id: number; nombre: string } }>
  >(new Map());
  const [aMover, setAMover] = useState<CitaWire | null>(null);
  const [aCancelar, setACancelar] = useState<CitaWire | null>(null);

  // Optimistic positions of dropped appointments until the server answers.
  const visibles = useMemo(
    () =>
      (citas.data ?? [])
        .filter((c) => verCanceladas || c.estado !== 'cancelada')
        .map((c) => {
          const m = movidas.get(c.id);
          return m ? { ...c, ...m, fecha: m.inicio } : c;
        }),
    [citas.data, movidas, verCanceladas],
  );
  const canceladasOcultas = (citas.data ?? []).filter((c) => c.estado === 'cancelada').length;

  /** Moves `cita` (as the screen shows it) to `inicio` with `doctorId`, drawing it there until the server answers.
   *  `deshacer`: this move puts back one just made, so it offers no «Deshacer» of its own. */
  function moverA(cita: CitaWire, inicio: string, doctorId: number, deshacer = false) {
    const fin = new Date(Date.parse(inicio) + Date.parse(cita.fin) - Date.parse(cita.inicio)).toISOString();
    const doctor =
      doctorId === cita.doctor.id
        ? cita.doctor
        : { id: doctorId, nombre: doctores.data?.find((d) => d.id === doctorId)?.nombre ?? cita.doctor.nombre };
    const quitar = () =>
      setMovidas((m) => {
        const n = new Map(m);
        n.delete(cita.id);
        return n;
      });
    setMovidas((m) => new Map(m).set(cita.id, { inicio, fin, doctor }));
    // mutateAsync: each move gets its own answer even when another starts before it ends.
    mover
      .mutateAsync({ cita, inicio, doctorId })
      .then(
        (c) => {
          const cuando = `${formatFechaHora(c.inicio)}${c.doctor.id !== cita.doctor.id ? ` con ${c.doctor.nombre}` : ''}`;
          if (deshacer) {
            notifications.show({
              color: 'green',
              title: 'Movimiento deshecho',
              message: `La cita de ${c.usuario.nombre} volvió al ${cuando}`,
            });
            return;
          }
          const id = `cita-movida-${c.id}-${Date.now()}`;
          notifications.show({
            id,
            color: 'green',
            title: 'Cita movida',
            autoClose: DESHACER_MS,
            message: (
              <Stack gap={6} align="flex-start">
                <span>
                  La cita de {c.usuario.nombre} quedó para el {cuando}
                </span>
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => {
                    notifications.hide(id);
                    moverA(c, cita.inicio, cita.doctor.id, true);
                  }}
                >
                  Deshacer
                </Button>
              </Stack>
            ),
          });
        },
        (err: unknown) =>
          notifications.show({
            color: 'red',
            title: deshacer ? 'No se pudo deshacer el movimiento' : 'No se movió la cita',
            message: mensajeDeError(err, 'No pudimos mover la cita. Inténtalo de nuevo.'),
          }),
      )
      // Snap back (refused) or let the refreshed list place it (accepted).
      .finally(quitar);
  }
  const soltar = (cita: CitaWire, inicio: string, doctorId: number) => moverA(cita, inicio, doctorId);

  const dias: Fecha[] =
    vista === 'dia'
      ? [fecha]
      : // Monday to Saturday; Sunday only if something is booked on it.
        Array.from({ length: 7 }, (_, i) => sumarDias(desde, i)).filter(
          (d) => diaDeSemana(d) !== 0 || visibles.some((c) => fechaEnZona(new Date(c.inicio), zonaClinica) === d),
        );
  const diaDe = (c: CitaWire) => fechaEnZona(new Date(c.inicio), zonaClinica);
  const hoyClinica = hoy();

  let columnas: Columna[] = [];
  if (vista === 'dia') {
    const lista = (doctores.data ?? [])
      .filter((d) => (esDoctor ? d.id === userId : doctorFiltro === null || d.id === doctorFiltro))
      .map((d) => ({ id: d.id, nombre: d.nombre }));
    // Appointments of a doctor not in the list (e.g. deactivated) still get a column.
    for (const c of visibles)
      if (!lista.some((d) => d.id === c.doctor.id)) lista.push({ id: c.doctor.id, nombre: c.doctor.nombre });
    columnas = lista.map((d) => ({
      clave: `d${d.id}`,
      titulo: d.nombre,
      fecha,
      doctorId: d.id,
      citas: visibles.filter((c) => c.doctor.id === d.id),
      esHoy: false,
    }));
  } else if (vista === 'semana') {
    columnas = dias.map((d) => ({
      clave: d,
      titulo: capitalizar(diaCorto.format(mediodia(d))),
      fecha: d,
      doctorId: null,
      citas: visibles.filter((c) => diaDe(c) === d),
      esHoy: d === hoyClinica,
    }));
  }

  // 7:00 to 19:00, widened to show anything booked outside.
  let desdeMin = 7 * 60;
  let hastaMin = 19 * 60;
  for (const c of visibles) {
    desdeMin = Math.min(desdeMin, Math.floor(minutosDe(c.inicio) / 60) * 60);
    hastaMin = Math.max(hastaMin, Math.ceil(minutosDe(c.fin) / 60) * 60 || 24 * 60);
  }

  /** The same day of the previous or next day, week or month (the 1st for months). */
  const vecino = (sentido: 1 | -1): Fecha => {
    if (vista === 'dia') return sumarDias(fecha, sentido);
    if (vista === 'semana') return sumarDias(fecha, 7 * sentido);
    const [a, m] = fecha.split('-').map(Number) as [number, number];
    const n = a * 12 + (m - 1) + sentido;
    return `${Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}-01`;
  };
  const unidad = (
    {
      dia: ['Día anterior', 'Día siguiente'],
      semana: ['Semana anterior', 'Semana siguiente'],
      mes: ['Mes anterior', 'Mes siguiente'],
    } as const
  )[vista];
  const titulo =
    vista === 'dia'
      ? capitalizar(formatFechaLarga(mediodia(fecha)))
      : vista === 'semana'
        ? `Semana del ${formatFecha(desde)} al ${formatFecha(sumarDias(desde, 5))}`
        : capitalizar(mesLargo.format(mediodia(fecha)));
  const moviendo = new Set(movidas.keys());

  const resumen =
    visibles.length === 0
      ? { dia: 'No hay citas este día.', semana: 'No hay citas esta semana.', mes: 'No hay citas este mes.' }[vista]
      : `${visibles.length} ${visibles.length === 1 ? 'cita' : 'citas'}${
          !verCanceladas && canceladasOcultas > 0
            ? ` (${canceladasOcultas} ${canceladasOcultas === 1 ? 'cancelada oculta' : 'canceladas ocultas'})`
            : ''
        }.`;
  const ayuda =
    vista === 'mes'
      ? 'Abre un día para ver su agenda y mover sus citas.'
      : vista === 'dia' && columnas.length > 1
        ? 'Arrastra una cita a otra hora o a la columna de otro doctor, o usa su menú «Mover». Tras moverla puedes deshacerlo.'
        : 'Arrastra una cita o usa su menú «Mover» para cambiarle la hora. Tras moverla puedes deshacerlo.';

  let contenido;
  if (citas.isPending || doctores.isPending) {
    contenido = (
      <Text role="status" c="dimmed" py="xl" ta="center">
        Cargando la agenda…
      </Text>
    );
  } else if (citas.isError || doctores.isError) {
    const err = citas.error ?? doctores.error;
    contenido = (
      <EstadoError
        titulo="No pudimos cargar la agenda"
        mensaje={mensajeDeError(err, 'Inténtalo de nuevo en unos segundos.')}
        onRetry={() => void (citas.isError ? citas.refetch() : doctores.refetch())}
        reintentando={citas.isRefetching || doctores.isRefetching}
      />
    );
  } else if (vista === 'mes') {
    contenido = (
      <CalendarioMes
        fecha={fecha}
        citas={visibles}
        hoy={hoyClinica}
        conDoctor={doctorFiltro === null && !esDoctor}
        onAbrirDia={(d) => actualizar({ vista: null, fecha: d })}
      />
    );
  } else if (columnas.length === 0) {
    contenido = (
      <Alert color="gray" variant="light">
        No hay doctores activos para mostrar en la agenda.
      </Alert>
    );
  } else {
    contenido = (
      <CalendarioGrid
        columnas={columnas}
        desdeMin={desdeMin}
        hastaMin={hastaMin}
        conDoctor={vista === 'semana' && doctorFiltro === null && !esDoctor}
        compacto={vista === 'semana'}
        moviendo={moviendo}
        onSoltar={soltar}
        onMover={setAMover}
        onCancelar={setACancelar}
        ocupado={citas.isFetching}
      />
    );
  }

  const cargado = !citas.isPending && !doctores.isPending && !citas.isError && !doctores.isError;
  return (
    <>
      {/* One line of header and a compact toolbar: the agenda itself is the page (issue 27.6). */}
      <Group justify="space-between" align="center" gap="sm" mb="sm" wrap="wrap">
        <Title order={1} fz="h3">
          Calendario de citas
        </Title>
        {puedeAgendar && (
          <Button
            component={Link}
            to={`${paths.crearCitaAsistente}?fecha=${fecha}${doctorFiltro ? `&doctor=${doctorFiltro}` : ''}`}
            leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
          >
            Nueva cita
          </Button>
        )}
      </Group>
      <Paper withBorder p={{ base: 'xs', sm: 'sm' }}>
        <Stack gap="xs">
          <Group justify="space-between" align="center" gap="xs" wrap="wrap">
            <Group gap="xs" align="center" wrap="wrap">
              <SegmentedControl
                aria-label="Vista"
                value={vista}
                onChange={(v) => actualizar({ vista: v === 'dia' ? null : v })}
                data={[
                  { value: 'dia', label: 'Día' },
                  { value: 'semana', label: 'Semana' },
                  { value: 'mes', label: 'Mes' },
                ]}
              />
              <Group gap={4} wrap="nowrap">
                <BotonVecino etiqueta={unidad[0]} onClick={() => actualizar({ fecha: vecino(-1) })}>
                  <IconChevronLeft size={18} aria-hidden="true" />
                </BotonVecino>
                <Button variant="default" onClick={() => actualizar({ fecha: null })}>
                  Hoy
                </Button>
                <BotonVecino etiqueta={unidad[1]} onClick={() => actualizar({ fecha: vecino(1) })}>
                  <IconChevronRight size={18} aria-hidden="true" />
                </BotonVecino>
              </Group>
              <DatePickerInput
                aria-label="Ir a la fecha"
                value={fecha}
                onChange={(d) => actualizar({ fecha: d })}
                valueFormat="DD/MM/YYYY"
                leftSection={<IconCalendar size={16} aria-hidden="true" />}
                w={150}
              />
              {!esDoctor && (
                <Select
                  aria-label="Doctor"
                  w={210}
                  data={[
                    { value: '', label: 'Todos los doctores' },
                    ...(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre })),
                  ]}
                  value={doctorFiltro ? String(doctorFiltro) : ''}
                  onChange={(v) => actualizar({ doctor: v || null })}
                  allowDeselect={false}
                />
              )}
            </Group>
            <Switch
              label="Mostrar canceladas"
              checked={verCanceladas}
              onChange={(e) => actualizar({ canceladas: e.currentTarget.checked ? '1' : null })}
            />
          </Group>
          <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
            <Group gap="sm" align="baseline" wrap="wrap" style={{ minWidth: 0 }}>
              <Text component="h2" fw={600} fz="md" m={0}>
                {titulo}
              </Text>
              {cargado && (
                <Text size="sm" c="dimmed" aria-live="polite">
                  {resumen}
                </Text>
              )}
            </Group>
            <Group gap="sm" aria-label="Colores por tipo de cita" role="list">
              {tiposCita.map((t) => (
                <Group key={t} gap={6} role="listitem">
                  <span className={classes.leyenda} data-tipo={t} aria-hidden="true" />
                  <Text size="xs">{nombreTipo[t]}</Text>
                </Group>
              ))}
              <Text size="xs" c="dimmed">
                Canceladas: nombre tachado
              </Text>
            </Group>
          </Group>
          {contenido}
          {cargado && (
            <Text size="xs" c="dimmed">
              {ayuda}
            </Text>
          )}
        </Stack>
      </Paper>
      <MoverCitaModal cita={aMover} onClose={() => setAMover(null)} />
      <CancelarCitaModal cita={aCancelar} onClose={() => setACancelar(null)} />
    </>
  );
}

export default function CalendarioScreen() {
  return (
    <SoloPersonal>
      <CalendarioScreenContenido />
    </SoloPersonal>
  );
}
