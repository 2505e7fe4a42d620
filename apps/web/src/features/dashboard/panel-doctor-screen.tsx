// /panelotro, the doctor panel (SPEC 2; issue 10.5): the doctor's figures for today, this week (Monday to Sunday)
// and this month in the clinic's zone, today's agenda and the live notifications feed. Everything updates without
// reloading: a live notification about an appointment refreshes the appointment queries (lib/notificaciones).
// Assistants and administrators see the same figures for the whole clinic (the API lists every doctor's agenda for
// them); patients have their own home.
import { Anchor, Badge, Grid, SegmentedControl, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBellRinging, IconChartBar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { normalizarRol, permite } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import { rangoDePeriodo, type Periodo } from '@clinica/contracts/tiempo';
import { EstadoError } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SeccionConTitulo } from '../../components/seccion-con-titulo.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ListaNotificaciones } from '../../lib/notificaciones/lista-notificaciones.tsx';
import { useNotificaciones } from '../../lib/notificaciones/notificaciones-context.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFecha, formatFechaLarga, zonaClinica } from '../../lib/tiempo.ts';
import { contar, diasDelPanel, LIMITE_CITAS, useCitasDelPanel, type Conteo } from './panel-doctor-conteo.ts';
import { AgendaHoy } from './components/agenda-hoy.tsx';
import classes from './dashboard.module.css';

const numero = new Intl.NumberFormat('es-CO');
const mesYAnio = new Intl.DateTimeFormat('es-CO', { month: 'long', year: 'numeric', timeZone: zonaClinica });

const PESTANAS: { value: Periodo; label: string }[] = [
  { value: 'dia', label: 'Hoy' },
  { value: 'semana', label: 'Semana' },
  { value: 'mes', label: 'Mes' },
];

const CIFRAS: { clave: keyof Conteo; etiqueta: string }[] = [
  { clave: 'total', etiqueta: 'Total' },
  { clave: 'pendientes', etiqueta: 'Pendientes' },
  { clave: 'confirmadas', etiqueta: 'Confirmadas' },
  { clave: 'canceladas', etiqueta: 'Canceladas' },
  { clave: 'realizadasEvaluacion', etiqueta: 'Realizadas de evaluación' },
  { clave: 'realizadasProcedimiento', etiqueta: 'Realizadas de procedimiento' },
];

/** "Hoy, lunes 23 de noviembre", "Del 23/11/2026 al 29/11/2026", "Noviembre de 2026". */
function describirPeriodo(periodo: Periodo, ahora: Date): string {
  const { desde, hasta } = rangoDePeriodo(periodo, ahora, zonaClinica);
  if (periodo === 'dia') return formatFechaLarga(ahora).replace(/^./, (c) => c.toUpperCase());
  if (periodo === 'semana') return `Del ${formatFecha(desde)} al ${formatFecha(new Date(hasta.getTime() - 1))}`;
  return mesYAnio.format(desde).replace(/^./, (c) => c.toUpperCase());
}

function Cifras({ deLaClinica }: { deLaClinica: boolean }) {
  // The moment the panel opened: "today" for the figures (a panel left open overnight is reloaded by then).
  const [ahora] = useState(() => new Date());
  const [periodo, setPeriodo] = useState<Periodo>('dia');
  const dias = useMemo(() => diasDelPanel(ahora, zonaClinica), [ahora]);
  const q = useCitasDelPanel(dias, true);
  const conteo = useMemo(
    () => (q.data ? contar(q.data.items, periodo, ahora, zonaClinica) : null),
    [q.data, periodo, ahora],
  );
  const etiquetaPeriodo = PESTANAS.find((p) => p.value === periodo)!.label;

  let cuerpo;
  if (q.isError) {
    cuerpo = (
      <EstadoError
        mensaje="No pudimos cargar tus citas. Revisa tu conexión e inténtalo de nuevo."
        onRetry={() => void q.refetch()}
        reintentando={q.isFetching}
      />
    );
  } else {
    cuerpo = (
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0} aria-busy={q.isPending}>
        {CIFRAS.map((c) => (
          <div key={c.clave} className={classes.cifra}>
            <Text component="dt" size="xs" c="dimmed" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {c.etiqueta}
            </Text>
            <Text component="dd" m={0} fz={28} fw={600} lh={1.3} ff="heading">
              {conteo ? (
                numero.format(conteo[c.clave])
              ) : (
                <Skeleton component="span" display="block" height={28} width={48} mt={6} radius="sm" />
              )}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <SeccionConTitulo
      id="cifras-panel"
      titulo={deLaClinica ? 'Citas de la clínica' : 'Tus citas'}
      icono={IconChartBar}
      accion={
        <SegmentedControl<Periodo>
          value={periodo}
          onChange={setPeriodo}
          data={PESTANAS}
          size="sm"
          aria-label="Periodo de las cifras"
        />
      }
    >
      <Text size="sm" c="dimmed" aria-live="polite">
        {etiquetaPeriodo}: {describirPeriodo(periodo, ahora)}
      </Text>
      {cuerpo}
      {q.data && q.data.total > q.data.items.length && (
        <Text size="xs" c="dimmed">
          Hay más de {numero.format(LIMITE_CITAS)} citas en estas semanas: las cifras cuentan las primeras{' '}
          {numero.format(LIMITE_CITAS)}.
        </Text>
      )}
    </SeccionConTitulo>
  );
}

function FeedEnVivo() {
  const { notificaciones, noLeidas, cargando, conectado, rutaHistorial } = useNotificaciones();
  const recientes = notificaciones.slice(0, 8);
  let cuerpo;
  if (cargando && notificaciones.length === 0) {
    cuerpo = (
      <Stack gap="xs" role="status" aria-label="Cargando notificaciones">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={52} radius="md" aria-hidden="true" />
        ))}
      </Stack>
    );
  } else if (recientes.length === 0) {
    cuerpo = (
      <Text size="sm" c="dimmed">
        Aún no tienes notificaciones. Cuando te agenden una cita la verás aquí al instante.
      </Text>
    );
  } else {
    cuerpo = <ListaNotificaciones notificaciones={recientes} etiqueta="Notificaciones en vivo" />;
  }
  return (
    <SeccionConTitulo
      id="feed-en-vivo"
      titulo="Notificaciones"
      icono={IconBellRinging}
      altoCompleto
      junto={
        noLeidas > 0 && (
          <Badge variant="filled" color="rosa.7" style={{ minWidth: 'max-content' }}>
            {noLeidas === 1 ? '1 sin leer' : `${noLeidas} sin leer`}
          </Badge>
        )
      }
      accion={
        <Badge
          variant="dot"
          color={conectado ? 'green' : 'gray'}
          style={{ minWidth: 'max-content' }}
          role="status"
          tt="none"
        >
          {conectado ? 'En vivo' : 'Conectando…'}
        </Badge>
      }
    >
      {cuerpo}
      <Anchor component={Link} to={rutaHistorial} size="sm" fw={600}>
        Ver el historial de notificaciones
      </Anchor>
    </SeccionConTitulo>
  );
}

export default function PanelDoctorScreen() {
  usePageMeta({ title: 'Panel del médico' });
  const { userRole } = useAuth();
  const esDoctor = normalizarRol(userRole) === 'doctor';
  const hoy = formatFechaLarga(new Date());

  if (!esDoctor && !permite(citasRutas.listar.auth, userRole)) {
    return <SinAcceso descripcion="Este panel es para el equipo de la clínica. Tus citas están en «Mis citas»." />;
  }

  return (
    <>
      <PageHeader
        eyebrow={hoy.charAt(0).toUpperCase() + hoy.slice(1)}
        title={esDoctor ? 'Panel del médico' : 'Panel de la clínica'}
        description={
          esDoctor
            ? 'Tu agenda de hoy, tus cifras de la semana y del mes, y los avisos de tus citas en cuanto llegan.'
            : 'La agenda de hoy y las cifras de la clínica, al día.'
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Cifras deLaClinica={!esDoctor} />
            <AgendaHoy conDoctor={!esDoctor} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <FeedEnVivo />
        </Grid.Col>
      </Grid>
    </>
  );
}
