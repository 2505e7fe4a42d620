// /respaldos: the clinic's backups (issue 28, item 2; decision 0038), for administrators. The latest ones with
// their time, size and whether they were read back and checked; a warning when the newest checked one is older than
// 26 hours or the last one failed; "Respaldar ahora". While one is being written the list looks again every 2 s.
import { Alert, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDatabaseExport, IconDatabaseOff, IconInfoCircle } from '@tabler/icons-react';
import { permite } from '@clinica/contracts/roles';
import { respaldosRutas } from '@clinica/contracts/rutas';
import { CitaBadge } from '../../components/cita-badges.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import type { Estado } from '../../app/theme.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { useRespaldarAhora } from '../../lib/api/respaldos/respaldar-ahora.ts';
import { useRespaldos, type RespaldoWire, type RespaldosWire } from '../../lib/api/respaldos/get-respaldos.ts';

const ESTADOS: Record<RespaldoWire['estado'], { texto: string; tono: Estado }> = {
  en_curso: { texto: 'En curso', tono: 'info' },
  verificado: { texto: 'Verificado', tono: 'success' },
  fallido: { texto: 'Fallido', tono: 'danger' },
};

const ORIGENES: Record<RespaldoWire['origen'], string> = {
  programado: 'Automático',
  manual: 'Hecho desde esta pantalla',
  comando: 'Con npm run respaldo',
};

/** 12,3 MB, as es-CO writes it. */
export function tamanoLegible(bytes: number): string {
  const unidades = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < unidades.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toLocaleString('es-CO', { maximumFractionDigits: i === 0 ? 0 : 1 })} ${unidades[i]}`;
}

const numero = (n: number) => n.toLocaleString('es-CO');

function TarjetaRespaldo({ r }: { r: RespaldoWire }) {
  const estado = ESTADOS[r.estado];
  const detalles = [
    ORIGENES[r.origen],
    r.tamano !== null ? tamanoLegible(r.tamano) : null,
    r.filas !== null ? `${numero(r.filas)} filas` : null,
    r.archivos !== null ? `${numero(r.archivos)} archivos` : null,
  ].filter(Boolean);
  return (
    <Paper component="li" withBorder p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{formatFechaHora(r.iniciado_en)}</Text>
            {r.archivo && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {r.archivo}
                {r.eliminado ? ' (ya se borró: solo se guardan los más recientes)' : ''}
              </Text>
            )}
          </div>
          <CitaBadge tono={estado.tono} texto={estado.texto} size="sm" />
        </Group>
        <Text size="xs" c="dimmed">
          {detalles.join(' · ')}
        </Text>
        {r.estado === 'fallido' && r.error && (
          <Text size="sm" c="red.8">
            {r.error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function Programacion({ p }: { p: RespaldosWire['programacion'] }) {
  const cifrado = {
    clave: 'cifrados con la clave RESPALDO_CLAVE',
    generada:
      'cifrados con una clave generada en la carpeta de datos (desarrollo): guárdala fuera del equipo o define RESPALDO_CLAVE',
    falta: 'sin clave: en producción no se hacen hasta que se defina RESPALDO_CLAVE',
  }[p.cifrado];
  return (
    <Text size="sm" c="dimmed">
      {p.hora ? `Cada día a las ${p.hora} (${p.zona})` : 'Los respaldos automáticos están apagados (RESPALDO_HORA=no)'}
      {`; se guardan los ${p.conservar} más recientes en ${p.directorio}; ${cifrado}.`}
    </Text>
  );
}

export default function RespaldosScreen() {
  usePageMeta({ title: 'Respaldos' });
  const { userRole } = useAuth();
  const permitido = permite(respaldosRutas.listar.auth, userRole);
  // Roles the server would refuse never ask.
  const q = useRespaldos(permitido);
  const respaldar = useRespaldarAhora();

  if (!permitido || (q.error instanceof ApiClientError && q.error.status === 403)) {
    return (
      <SinAcceso descripcion="Los respaldos de la información de la clínica los revisa el administrador. Si te preocupa alguno, pregúntale." />
    );
  }

  const items = q.data?.items ?? [];
  const enCurso = items.some((r) => r.estado === 'en_curso');

  function ahora() {
    respaldar.mutate(undefined, {
      onSuccess: () =>
        notifications.show({
          color: 'blue',
          title: 'Respaldo en curso',
          message: 'Se está escribiendo y verificando el respaldo. Esta lista se actualiza sola cuando termine.',
        }),
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: 'No se inició el respaldo',
          message: mensajeDeError(err, 'No pudimos iniciar el respaldo. Inténtalo de nuevo.'),
        }),
    });
  }

  let contenido;
  if (q.isPending) {
    contenido = <SkeletonTabla filas={4} columnas={3} etiqueta="Cargando respaldos…" />;
  } else if (q.isError) {
    contenido = <ErrorDeCarga consulta={q} />;
  } else if (items.length === 0) {
    contenido = (
      <EstadoVacio
        icono={<IconDatabaseOff size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Aún no hay respaldos"
        descripcion="El primero se hace a la hora programada, o ahora mismo con «Respaldar ahora»."
      />
    );
  } else {
    contenido = (
      <>
        <VisuallyHidden>
          <h2>Respaldos, del más reciente al más antiguo</h2>
        </VisuallyHidden>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={q.isFetching}>
          {items.map((r) => (
            <TarjetaRespaldo key={r.id} r={r} />
          ))}
        </Stack>
      </>
    );
  }

  const alerta = q.data?.alerta;
  return (
    <>
      <PageHeader
        eyebrow="Administración"
        title="Respaldos"
        description="Copias cifradas de toda la información de la clínica (base de datos y archivos), verificadas al terminar."
      />
      <Stack gap="lg">
        {alerta && (
          <Alert
            color={alerta.tipo === 'nunca' ? 'yellow' : 'red'}
            variant="light"
            icon={<IconAlertTriangle aria-hidden="true" />}
            title={alerta.tipo === 'nunca' ? 'Sin respaldos' : 'Revisa los respaldos'}
            role="alert"
          >
            {alerta.mensaje}
          </Alert>
        )}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="xs">
                <IconDatabaseExport size={18} aria-hidden="true" />
                <Text fw={600}>Últimos respaldos</Text>
              </Group>
              <Button
                onClick={ahora}
                loading={respaldar.isPending}
                disabled={enCurso || q.data?.programacion.cifrado === 'falta'}
              >
                {enCurso ? 'Respaldando…' : 'Respaldar ahora'}
              </Button>
            </Group>
            {q.data && <Programacion p={q.data.programacion} />}
            {contenido}
          </Stack>
        </Paper>
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle aria-hidden="true" />}
          title="Fuera de este equipo"
          role="note"
        >
          Un respaldo en el mismo disco se pierde con él. Copia los archivos de la carpeta de respaldos a otro disco, a
          una carpeta de red o a la nube (están cifrados); el README explica cómo restaurarlos en otro equipo.
        </Alert>
      </Stack>
    </>
  );
}
