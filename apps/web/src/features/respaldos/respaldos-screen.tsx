// /respaldos: the clinic's backups (issue 28, item 2; decision 0038), for administrators. The latest ones with
// their time, size and whether they were read back and checked; a warning when the newest checked one is older than
// 26 hours or the last one failed; "Respaldar ahora". While one is being written the list looks again every 2 s.
import { Alert, Button, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDatabaseExport, IconDatabaseOff, IconInfoCircle } from '@tabler/icons-react';
import { permite } from '@clinica/contracts/roles';
import { respaldosRutas } from '@clinica/contracts/rutas';
import { ContenidoDeConsulta } from '../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PanelDeLista } from '../../components/panel-de-lista.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TarjetaConEstado } from '../../components/tarjeta-con-estado.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import type { Estado } from '../../app/theme.ts';
import { esProhibido } from '../../lib/api-client.ts';
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
  return (
    <TarjetaConEstado
      cabecera={
        <>
          <Text fw={600}>{formatFechaHora(r.iniciado_en)}</Text>
          {r.archivo && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {r.archivo}
              {r.eliminado ? ' (ya se borró: solo se guardan los más recientes)' : ''}
            </Text>
          )}
        </>
      }
      estado={ESTADOS[r.estado]}
      detalles={[
        ORIGENES[r.origen],
        r.tamano !== null ? tamanoLegible(r.tamano) : null,
        r.filas !== null ? `${numero(r.filas)} filas` : null,
        r.archivos !== null ? `${numero(r.archivos)} archivos` : null,
      ]}
      fallo={r.estado === 'fallido' && r.error}
    />
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

  if (!permitido || esProhibido(q.error)) {
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
        <PanelDeLista
          icono={<IconDatabaseExport size={18} aria-hidden="true" />}
          titulo="Últimos respaldos"
          accion={
            <Button
              onClick={ahora}
              loading={respaldar.isPending}
              disabled={enCurso || q.data?.programacion.cifrado === 'falta'}
            >
              {enCurso ? 'Respaldando…' : 'Respaldar ahora'}
            </Button>
          }
        >
          {q.data && <Programacion p={q.data.programacion} />}
          <ContenidoDeConsulta
            consulta={q}
            cargando={<SkeletonTabla filas={4} columnas={3} etiqueta="Cargando respaldos…" />}
            vacio={
              items.length === 0 && (
                <EstadoVacio
                  icono={<IconDatabaseOff size={26} stroke={1.6} aria-hidden="true" />}
                  titulo="Aún no hay respaldos"
                  descripcion="El primero se hace a la hora programada, o ahora mismo con «Respaldar ahora»."
                />
              )
            }
          >
            <VisuallyHidden>
              <h2>Respaldos, del más reciente al más antiguo</h2>
            </VisuallyHidden>
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-busy={q.isFetching}>
              {items.map((r) => (
                <TarjetaRespaldo key={r.id} r={r} />
              ))}
            </Stack>
          </ContenidoDeConsulta>
        </PanelDeLista>
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
