// /detalleshistorialmedico and /DetallesHistorialMedico (SPEC 2; issue 9 item 2): the record selected in the list
// (sessionStorage, or `?id=` so the page can be reloaded or shared) in readable sections, alerts first, with its
// history of versions. A doctor reads the clinical content (each read is audited) and can download the patient's
// complete copy (issue 9 item 7, audited too). The front desk gets the restricted view DOMAIN.md allows: existence,
// demographics and alert flags as yes/no. The administration gets a 403 and sees the demographics the list gave
// them, with a plain explanation, and the products and lots she received (issue 24, item 3: recalls).
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AlertasClinicas, SinAlertasClinicas } from '../../components/alertas-clinicas.tsx';
import { IconArrowLeft, IconCalendarEvent, IconLock, IconPencil } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { banderasAlerta } from '@clinica/contracts/citas';
import { normalizarRol, permite } from '@clinica/contracts/roles';
import { historiasRutas } from '@clinica/contracts/rutas';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { BotonEnlace } from '../../components/boton-enlace.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { descargarCopiaPaciente } from '../../lib/api/historias/descargar-copia.ts';
import {
  useHistoria,
  useHistoriaRestringida,
  type HistoriaRestringidaWire,
} from '../../lib/api/historias/get-historia.ts';
import { type HistoriaResumenWire } from '../../lib/api/historias/get-historias.ts';
import { CopiaHistoria } from './components/copia-historia.tsx';
import { FichaHistoria } from './components/ficha-historia.tsx';
import { ProductosAplicados } from './components/productos-aplicados.tsx';
import { HistoriaNoEncontrada, SinHistoriaElegida } from './components/estados-historia.tsx';
import { VersionesHistoria } from './components/versiones-historia.tsx';
import {
  correoPaciente,
  etiquetaBandera,
  idDeConsulta,
  leerSeleccion,
  nombreGenero,
  nombrePaciente,
  nombreRol,
} from './historia-textos.ts';

export const SIN_SELECCION = 'Selecciona una historia clínica para ver los detalles';
export const SIN_PERMISO_CLINICO =
  'Tu rol no permite leer el contenido clínico. Solo el médico lo consulta, y cada lectura queda registrada para la paciente.';
export const VISTA_RECEPCION =
  'Como recepción ves que la historia existe, los datos de la paciente y sus alertas (sí o no). El contenido clínico lo consulta solo el médico; esta consulta queda registrada para la paciente.';
export const TEXTOS_COPIA_DOCTOR = {
  titulo: 'Copia para la paciente',
  descripcion:
    'La historia clínica completa en PDF o todos sus datos en JSON, por ejemplo cuando la paciente la pide en consulta. La descarga queda registrada y la paciente la ve en su historia.',
  pdf: 'Descargar historia completa (PDF)',
  json: 'Descargar datos de la paciente (JSON)',
} as const;

/** The front desk's alert flags (DOMAIN.md): yes/no only; "alergias" says that some are recorded, not which. */
function AlertasRecepcion({ alertas }: { alertas: HistoriaRestringidaWire['alertas'] }) {
  const activas = [
    ...(alertas.alergias ? ['Alergias registradas'] : []),
    ...banderasAlerta.filter((b) => alertas[b]).map(etiquetaBandera),
  ];
  if (!activas.length) return <SinAlertasClinicas titulo="Sin alertas registradas" />;
  return <AlertasClinicas titulo="Alertas" alertas={activas} />;
}

function Demografia({ usuario, extra }: { usuario: Partial<HistoriaResumenWire['usuario']>; extra?: React.ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="paciente-titulo">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="paciente-titulo">
          {nombrePaciente(usuario)}
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <Dato etiqueta="Correo">{correoPaciente(usuario)}</Dato>
          <Dato etiqueta="Rol">{nombreRol(usuario.rol)}</Dato>
          <Dato etiqueta="Género">{nombreGenero(usuario.genero)}</Dato>
          {extra}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function Dato({ etiqueta, children }: { etiqueta: string; children: React.ReactNode }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
        {etiqueta}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export default function DetallesHistorialScreen() {
  const [sp] = useSearchParams();
  const { userRole } = useAuth();
  const seleccion = leerSeleccion();
  const id = idDeConsulta(sp.get('id')) ?? seleccion?.id ?? null;
  const rol = normalizarRol(userRole);
  // The front desk never asks for the clinical content (it would be refused): it asks for its restricted view.
  const recepcion = rol === 'asistente';
  const q = useHistoria(recepcion ? 0 : (id ?? 0));
  const r = useHistoriaRestringida(id ?? 0, recepcion);
  const h = q.data ?? r.data;
  usePageMeta({ title: h ? `Historia clínica de ${nombrePaciente(h.usuario)}` : 'Detalles de la historia clínica' });
  const puedeEditar = permite(historiasRutas.editar.auth, userRole) && permite(historiasRutas.listar.auth, userRole);
  const volver = (
    <BotonEnlace
      a={paths.consultarHistorialMedico}
      variant="default"
      leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
    >
      Volver a la lista
    </BotonEnlace>
  );

  let contenido;
  if (!id) contenido = <SinHistoriaElegida titulo={SIN_SELECCION} />;
  else if (recepcion) {
    if (r.isPending) contenido = <SkeletonLineas lineas={6} etiqueta="Cargando la historia clínica…" />;
    else if (r.error instanceof ApiClientError && (r.error.status === 404 || r.error.status === 400))
      contenido = <HistoriaNoEncontrada />;
    else if (r.isError) contenido = <ErrorDeCarga consulta={r} />;
    else
      contenido = (
        <Stack gap="lg">
          <Demografia usuario={r.data.usuario} />
          <AlertasRecepcion alertas={r.data.alertas} />
          <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />} title="Vista de recepción">
            {VISTA_RECEPCION}
          </Alert>
        </Stack>
      );
  } else if (q.isPending) contenido = <SkeletonLineas lineas={10} etiqueta="Cargando la historia clínica…" />;
  else if (q.error instanceof ApiClientError && q.error.status === 403) {
    // The list's demographics are all this role may see (DOMAIN.md); the stored selection has them.
    const usuario = seleccion?.id === id ? seleccion.usuario : undefined;
    contenido = (
      <Stack gap="lg">
        {usuario && <Demografia usuario={usuario} />}
        {/* Administrators answer lot recalls: they see what she received, not the rest of her record. */}
        {rol === 'administrador' && usuario?.id && <ProductosAplicados pacienteId={usuario.id} propia={false} />}
        <Alert
          color="orange"
          variant="light"
          icon={<IconLock aria-hidden="true" />}
          title="Contenido clínico reservado"
          role="alert"
        >
          {SIN_PERMISO_CLINICO}
        </Alert>
      </Stack>
    );
  } else if (q.error instanceof ApiClientError && (q.error.status === 404 || q.error.status === 400))
    contenido = <HistoriaNoEncontrada />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else {
    const historia = q.data;
    contenido = (
      <Stack gap="lg">
        <Demografia
          usuario={historia.usuario}
          extra={
            <Dato etiqueta="Última actualización">
              {formatFechaHora(historia.actualizada_en)}{' '}
              <Badge size="sm" variant="default" ml={4}>
                Versión {historia.version}
              </Badge>
            </Dato>
          }
        />
        <FichaHistoria h={historia} />
        {rol === 'doctor' && <ProductosAplicados pacienteId={historia.paciente_id} propia={false} />}
        <VersionesHistoria h={historia} />
        {rol === 'doctor' && (
          <CopiaHistoria
            titulo={TEXTOS_COPIA_DOCTOR.titulo}
            descripcion={TEXTOS_COPIA_DOCTOR.descripcion}
            etiquetas={TEXTOS_COPIA_DOCTOR}
            descargar={(formato) => descargarCopiaPaciente(historia.paciente_id, formato)}
          />
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Historia clínica"
        title="Detalles de la historia clínica"
        actions={
          <Group gap="sm">
            {volver}
            {h && (
              <BotonEnlace
                a={paths.citasPaciente(h.paciente_id)}
                variant="light"
                leftSection={<IconCalendarEvent size={18} aria-hidden="true" />}
              >
                Citas de la paciente
              </BotonEnlace>
            )}
            {h && puedeEditar && (
              <BotonEnlace
                a={paths.editarHistorialMedico(h.id)}
                leftSection={<IconPencil size={18} aria-hidden="true" />}
              >
                Editar
              </BotonEnlace>
            )}
          </Group>
        }
      />
      {contenido}
    </>
  );
}
