// /consultarhistorialmedico exactly as SPEC 2, 5 and 8 describe the medical history list (issue 9 item 2): a title
// and a search box; columns ID, nombre, correo, rol, género, opciones (view details, edit -> /editarhistorialmedico/
// {id}, and a delete that is shown disabled with its reason: Res. 1995 de 1999 forbids deleting records); the
// placeholders 'Sin nombre', 'Sin correo', 'Sin rol', 'Sin género'; an empty state or a no-match message while
// searching; the banner 'Mostrando N de M registros'. The search is client-side and case-insensitive over id, name,
// email, role and gender. "Ver detalles" stores the selected record and goes to /DetallesHistorialMedico. A failed
// load logs the error and shows an alert titled 'Error'; with no token, the alert 'No estás autenticado'.
import { Alert, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconEye, IconFilePlus, IconLock, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { permite } from '@clinica/contracts/roles';
import { historiasRutas } from '@clinica/contracts/rutas';
import { CampoBusqueda } from '../../components/campo-busqueda.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaDeFilas } from '../../components/tabla-de-filas.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useListaHistorias, type HistoriaResumenWire } from '../../lib/api/historias/get-historias.ts';
import {
  correoPaciente,
  filtrarHistorias,
  guardarSeleccion,
  mostrando,
  nombreGenero,
  nombrePaciente,
  nombreRol,
  sinCoincidencias,
  TEXTOS_LISTA,
} from './historia-textos.ts';
import { BotonIcono } from '../../components/boton-icono.tsx';

const ID_MOTIVO = 'historias-no-se-eliminan';

/** Looks disabled and does nothing, yet keeps its tooltip (a disabled button gets no hover). */
const DESHABILITADO_LEGIBLE = {
  'data-disabled': true,
  'aria-disabled': 'true',
  onClick: (e: MouseEvent) => e.preventDefault(),
} as const;

function Opciones({ h, puedeEditar, onVer }: { h: HistoriaResumenWire; puedeEditar: boolean; onVer: () => void }) {
  const nombre = nombrePaciente(h.usuario);
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <BotonIcono
        ayuda="Ver detalles"
        nombre={`Ver detalles de la historia de ${nombre}`}
        icono={IconEye}
        size="lg"
        onClick={onVer}
      />
      {puedeEditar ? (
        <BotonIcono
          ayuda="Editar"
          nombre={`Editar la historia de ${nombre}`}
          icono={IconPencil}
          a={paths.editarHistorialMedico(h.id)}
          size="lg"
        />
      ) : (
        <BotonIcono
          ayuda="Solo el médico edita la historia clínica"
          nombre={`Editar la historia de ${nombre}`}
          icono={IconPencil}
          size="lg"
          {...DESHABILITADO_LEGIBLE}
        />
      )}
      {/* SPEC 2: a delete button with no action. Disabled (not hidden) so the reason can be read. */}
      <BotonIcono
        ayuda={TEXTOS_LISTA.noSeElimina}
        nombre={`Eliminar la historia de ${nombre}`}
        icono={IconTrash}
        color="red"
        size="lg"
        aria-describedby={ID_MOTIVO}
        {...DESHABILITADO_LEGIBLE}
      />
    </Group>
  );
}

function Resaltado({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" fw={600}>
      {children}
    </Text>
  );
}

function Correo({ h }: { h: HistoriaResumenWire }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {correoPaciente(h.usuario)}
    </Text>
  );
}

export default function ConsultarHistorialScreen() {
  usePageMeta({ title: TEXTOS_LISTA.titulo });
  const { token, userRole } = useAuth();
  const navigate = useNavigate();
  const [busqueda, setBusqueda] = useState('');
  // An unknown role is left to the server to judge; a known one that may not list gets the "no access" screen.
  const sinPermiso = !!userRole && !permite(historiasRutas.listar.auth, userRole);
  const q = useListaHistorias(!!token && !sinPermiso);
  // Staff who may also edit: the doctor (DOMAIN.md).
  const puedeEditar = permite(historiasRutas.editar.auth, userRole) && permite(historiasRutas.listar.auth, userRole);
  const puedeCrear = puedeEditar;

  // SPEC 8: the failure is logged, then shown.
  useEffect(() => {
    if (q.error) console.error('Error al cargar los historialmedico:', q.error);
  }, [q.error]);

  function verDetalles(h: HistoriaResumenWire) {
    guardarSeleccion(h);
    // The id also goes in the address, so the details can be reloaded or opened in a new tab.
    void navigate(`${paths.detallesHistorialMedicoSeleccion}?id=${h.id}`);
  }

  if (sinPermiso)
    return (
      <SinAcceso descripcion="La lista de historias clínicas es para el personal de la clínica. Tu propia historia está en «Mi historia clínica»." />
    );

  const lista = q.data ?? [];
  const filtradas = filtrarHistorias(lista, busqueda);
  const buscando = busqueda.trim() !== '';

  let contenido;
  if (!token) {
    contenido = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={TEXTOS_LISTA.noAutenticado}
        icon={<IconLock aria-hidden="true" />}
      >
        Inicia sesión para consultar las historias clínicas.
      </Alert>
    );
  } else if (q.isPending) {
    contenido = <SkeletonTabla filas={5} columnas={6} etiqueta="Cargando el historial médico…" />;
  } else if (q.isError) {
    contenido = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={TEXTOS_LISTA.errorTitulo}
        icon={<IconAlertCircle aria-hidden="true" />}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{TEXTOS_LISTA.error}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void q.refetch()} loading={q.isFetching}>
            Reintentar
          </Button>
        </Stack>
      </Alert>
    );
  } else if (filtradas.length === 0) {
    contenido = (
      <Paper withBorder p="xl" bg="var(--clinica-superficie-suave)">
        <Stack gap="sm" align="center">
          <Text ta="center" fw={600}>
            {buscando ? sinCoincidencias(busqueda) : TEXTOS_LISTA.vacio}
          </Text>
          {buscando ? (
            <Button
              variant="light"
              onClick={() => setBusqueda('')}
              leftSection={<IconX size={16} aria-hidden="true" />}
            >
              Limpiar búsqueda
            </Button>
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              Las historias aparecen aquí cuando una paciente llena su historia antes de su primera cita o cuando su
              médico la crea.
            </Text>
          )}
        </Stack>
      </Paper>
    );
  } else {
    contenido = (
      <TablaDeFilas
        apilarBajo={820}
        verticalSpacing="sm"
        highlightOnHover
        aria-busy={q.isFetching}
        caption={<VisuallyHidden>{TEXTOS_LISTA.titulo}</VisuallyHidden>}
        filas={filtradas}
        clave={(h) => h.id}
        columnas={[
          { titulo: 'ID', celda: (h) => <Resaltado>{h.id}</Resaltado> },
          { titulo: 'Nombre', celda: (h) => <Resaltado>{nombrePaciente(h.usuario)}</Resaltado> },
          { titulo: 'Correo', celda: (h) => <Correo h={h} /> },
          { titulo: 'Rol', celda: (h) => <Text size="sm">{nombreRol(h.usuario?.rol)}</Text> },
          { titulo: 'Género', celda: (h) => <Text size="sm">{nombreGenero(h.usuario?.genero)}</Text> },
        ]}
        acciones={{
          titulo: 'Opciones',
          celda: (h) => <Opciones h={h} puedeEditar={puedeEditar} onVer={() => verDetalles(h)} />,
          derecha: true,
        }}
      />
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Historia clínica"
        title={TEXTOS_LISTA.titulo}
        description="Busca la historia clínica de una paciente por ID, nombre, correo, rol o género."
        actions={
          puedeCrear && (
            <Button
              component={Link}
              to={paths.crearHistorialClinico}
              leftSection={<IconFilePlus size={18} aria-hidden="true" />}
            >
              Nueva historia clínica
            </Button>
          )
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <div role="search" aria-label="Buscar en el historial médico">
            <CampoBusqueda placeholder="Nombre, correo, ID…" value={busqueda} onChange={setBusqueda} maw={520} />
          </div>
          {q.isSuccess && (
            <Alert variant="light" color="blue" py="xs" aria-live="polite">
              <Text size="sm">{mostrando(filtradas.length, lista.length)}</Text>
            </Alert>
          )}
          {contenido}
        </Stack>
      </Paper>
      <VisuallyHidden id={ID_MOTIVO}>{TEXTOS_LISTA.noSeElimina}</VisuallyHidden>
    </>
  );
}
