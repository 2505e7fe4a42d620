// /auditoria: the administrators' search of the audit log (issue 21, item 5). Who did what to which resource and
// when, filtered by person, action, resource, result and clinic days, newest first and paginated; the same search
// downloads as CSV (itself recorded in the log). The filters live in the URL, so a search can be shared and
// survives a reload. The log cannot be edited or deleted (migration 0020), and this screen offers neither.
import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconListSearch, IconSearch, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EXPORTAR_MAX_FILAS } from '@clinica/contracts/auditoria';
import { permite } from '@clinica/contracts/roles';
import { auditoriaRutas } from '@clinica/contracts/rutas';
import { ErrorDeCarga, EstadoError } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { mensajeDeError, serverFieldErrors, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { etiquetasPaginacion, numero, textoMostrando } from '../../lib/paginacion.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useExportarAuditoria } from '../../lib/api/auditoria/exportar-auditoria.ts';
import { useListaAuditoria } from '../../lib/api/auditoria/get-auditoria.ts';
import {
  BORRADOR_VACIO,
  borradorDeUrl,
  filtroDeUrl,
  hayFiltros,
  POR_PAGINA,
  urlDeBorrador,
  type Borrador,
  type CampoFiltro,
} from './auditoria-filtros.ts';
import { FiltrosAuditoria } from './components/filtros-auditoria.tsx';
import { TablaAuditoria } from './components/tabla-auditoria.tsx';

const REGISTROS = { singular: 'registro', plural: 'registros' };

const ETIQUETAS: Record<CampoFiltro, string> = {
  quien: 'Quién',
  accion: 'Acción',
  recurso: 'Recurso',
  recurso_id: 'Id del recurso',
  resultado: 'Resultado',
  desde: 'Desde',
  hasta: 'Hasta',
};

/** "Hasta: La fecha final no puede ser anterior a la inicial." — the API's words under the form's labels. */
function mensajeValidacion(errores: FieldErrors, porDefecto: string): string {
  const partes = Object.entries(errores)
    .filter((e): e is [CampoFiltro, string] => !!e[1] && Object.hasOwn(ETIQUETAS, e[0]))
    .map(([campo, mensaje]) => `${ETIQUETAS[campo]}: ${mensaje.replace(/\.$/, '')}.`);
  return partes.length ? partes.join(' ') : porDefecto;
}

export default function AuditoriaScreen() {
  usePageMeta({ title: 'Auditoría' });
  const { userRole } = useAuth();
  const permitido = permite(auditoriaRutas.listar.auth, userRole);
  const [sp, setSp] = useSearchParams();
  const filtro = filtroDeUrl(sp);
  const aplicado = borradorDeUrl(sp);
  const idNota = useId();
  const movil = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });

  // The form starts from the URL and follows it when the URL changes (a page, «Limpiar», going back).
  const clave = sp.toString();
  const [borrador, setBorrador] = useState<Borrador>(aplicado);
  const [claveVista, setClaveVista] = useState(clave);
  if (clave !== claveVista) {
    setClaveVista(clave);
    setBorrador(aplicado);
  }

  // Roles the server would refuse never ask.
  const q = useListaAuditoria(filtro, permitido);
  const exportar = useExportarAuditoria();

  if (!permitido || (q.error instanceof ApiClientError && q.error.status === 403)) {
    return (
      <SinAcceso descripcion="El registro de auditoría lo revisa el administrador. Si necesitas saber quién hizo un cambio, pídeselo." />
    );
  }

  function buscar() {
    const siguiente = urlDeBorrador(borrador);
    // The same search again reads the log again: it keeps growing.
    if (siguiente.toString() === clave) void q.refetch();
    else setSp(siguiente);
  }

  function limpiar() {
    setBorrador(BORRADOR_VACIO);
    if (clave) setSp(new URLSearchParams());
  }

  function irAPagina(p: number) {
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('pagina', String(p));
        else next.delete('pagina');
        return next;
      },
      { replace: true },
    );
  }

  function descargarCsv() {
    exportar.mutate(filtro, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Exportación lista',
          message: 'Guardamos el archivo CSV con los registros de esta búsqueda.',
        }),
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: 'No pudimos exportar',
          message: mensajeDeError(err, 'No pudimos preparar el archivo. Inténtalo de nuevo.'),
        }),
    });
  }

  const validacion = q.error instanceof ApiClientError && q.error.status === 400;
  const errores = validacion ? serverFieldErrors(q.error) : {};
  const items = q.data?.items ?? [];
  const total = q.data?.total ?? 0;
  const exacto = q.data?.totalExacto ?? true;
  const pagina = filtro.pagina ?? 1;
  const desde = items.length ? (pagina - 1) * POR_PAGINA + 1 : 0;
  const hasta = items.length ? desde + items.length - 1 : 0;
  // Past the server's count the last page is unknown: a full page offers the next one.
  const conocidas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const paginas = exacto ? conocidas : Math.max(conocidas, pagina + (items.length === POR_PAGINA ? 1 : 0));
  const resumen = textoMostrando(desde, hasta, total, REGISTROS, exacto);

  let contenido;
  if (q.isPending) {
    contenido = <SkeletonTabla filas={6} columnas={7} etiqueta="Cargando registros…" />;
  } else if (q.isError) {
    contenido = validacion ? (
      <EstadoError titulo="Revisa los filtros" mensaje={mensajeValidacion(errores, q.error.message)} />
    ) : (
      <ErrorDeCarga consulta={q} />
    );
  } else if (items.length === 0) {
    contenido =
      total > 0 ? (
        <EstadoVacio
          icono={<IconListSearch size={26} stroke={1.6} aria-hidden="true" />}
          titulo="No hay registros en esta página"
          accion={
            <Button variant="light" onClick={() => irAPagina(1)}>
              Ir a la primera página
            </Button>
          }
        />
      ) : hayFiltros(aplicado) ? (
        <EstadoVacio
          icono={<IconSearch size={26} stroke={1.6} aria-hidden="true" />}
          titulo="No encontramos registros"
          descripcion="Nada coincide con los filtros elegidos. Prueba con menos filtros o con otras fechas."
          accion={
            <Button variant="light" onClick={limpiar} leftSection={<IconX size={16} aria-hidden="true" />}>
              Limpiar filtros
            </Button>
          }
        />
      ) : (
        <EstadoVacio
          icono={<IconListSearch size={26} stroke={1.6} aria-hidden="true" />}
          titulo="Aún no hay registros"
          descripcion="Aquí aparecen los accesos a historias clínicas, los cambios de citas y usuarios, y los inicios de sesión."
        />
      );
  } else {
    contenido = (
      <Stack gap="md">
        <TablaAuditoria items={items} resumen={resumen} ocupada={q.isFetching} previa={q.isPlaceholderData} />
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {resumen}
          </Text>
          {paginas > 1 && (
            <Pagination
              total={paginas}
              value={Math.min(pagina, paginas)}
              onChange={irAPagina}
              // On a phone, only «previous» and «next»: the line beside says where the page is.
              withPages={!movil}
              {...etiquetasPaginacion}
            />
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Administración"
        title="Auditoría"
        description="Quién hizo qué, sobre qué y cuándo: los accesos y cambios que la clínica registra, del más reciente al más antiguo. Estos registros no se pueden editar ni borrar."
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <FiltrosAuditoria
            borrador={borrador}
            onCambio={(campo: CampoFiltro, valor: string) => setBorrador((b) => ({ ...b, [campo]: valor }))}
            onBuscar={buscar}
            onLimpiar={limpiar}
            errores={errores}
            buscando={q.isFetching && !q.isPending}
          />
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
              <Stack gap={4} style={{ flex: '1 1 280px' }} maw={560}>
                <Group gap="xs">
                  <IconListSearch size={18} aria-hidden="true" />
                  <Text fw={600}>Registros</Text>
                </Group>
                <Text size="xs" c="dimmed" id={idNota}>
                  «Exportar CSV» descarga esta búsqueda: hasta {numero.format(EXPORTAR_MAX_FILAS)} registros, del más
                  reciente al más antiguo. La exportación también queda registrada en la auditoría.
                </Text>
              </Stack>
              <Button
                variant="light"
                leftSection={<IconFileSpreadsheet size={18} aria-hidden="true" />}
                onClick={descargarCsv}
                loading={exportar.isPending}
                disabled={q.isError || (q.isSuccess && total === 0)}
                aria-describedby={idNota}
              >
                Exportar CSV
              </Button>
            </Group>
            {contenido}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
