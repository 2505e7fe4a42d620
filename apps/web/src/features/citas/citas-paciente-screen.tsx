// /citaspaciente/:usuarioId exactly as SPEC 2 describes it: heading 'Citas del paciente' with the patient's name
// (default 'Desconocido'); columns ID, date (es-CO with time), type, status, options; SPEC badges; details ->
// /detallescitas/{id}; edit -> /editarcita/{id}, disabled when cancelada; delete only logs to the console
// (appointments are cancelled, never deleted: Res. 1995/1999 keeps the clinical record). Empty: 'No hay citas
// registradas para este paciente.'; spinner while loading; a failed load: 'No se pudieron cargar las citas' in a
// red alert in place of the list (SPEC 8). Data from GET /apicitas/citasusuario/:usuarioId. With no appointments
// the name comes from the person herself (issue 27.13), so 'Desconocido' is left for an id nobody has; a role the
// API refuses (another patient's list, a doctor's non-patient) sees the one no-access screen.
import { Alert, Center, Group, Loader, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { normalizarRol } from '@clinica/contracts/roles';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useCitasUsuario, useNombrePaciente } from '../../lib/api/citas/get-citas-usuario.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import { EstadoCitaBadge, TipoCitaBadge } from '../../components/cita-badges.tsx';
import { SoloApilada } from '../../components/tabla-apilable.tsx';
import { TablaDeFilas } from '../../components/tabla-de-filas.tsx';
import { idDeRuta } from '../../lib/id-de-ruta.ts';
import { BotonIcono } from '../../components/boton-icono.tsx';

function eliminar(cita: CitaWire) {
  // SPEC 2: delete only logs. Appointments are never deleted; the toast says what to do instead.
  console.info('Eliminar cita', cita.id);
  notifications.show({
    color: 'blue',
    title: 'Las citas no se eliminan',
    message: 'Quedan en la historia de la paciente. Si no se realizará, ábrela y cancélala con un motivo.',
  });
}

function Opciones({ cita }: { cita: CitaWire }) {
  const cancelada = cita.estado === 'cancelada';
  return (
    <Group gap={4} wrap="nowrap">
      <BotonIcono
        ayuda="Ver detalles"
        nombre={`Ver detalles de la cita ${cita.id}`}
        icono={IconEye}
        a={paths.detallesCita(cita.id)}
        size="lg"
      />
      {cancelada ? (
        <BotonIcono
          ayuda="La cita está cancelada y no se puede modificar."
          nombre={`Editar la cita ${cita.id}`}
          icono={IconPencil}
          size="lg"
          disabled
        />
      ) : (
        <BotonIcono
          ayuda="Editar"
          nombre={`Editar la cita ${cita.id}`}
          icono={IconPencil}
          a={paths.editarCita(cita.id)}
          size="lg"
        />
      )}
      <BotonIcono
        ayuda="Eliminar"
        nombre={`Eliminar la cita ${cita.id}`}
        icono={IconTrash}
        color="red"
        size="lg"
        onClick={() => eliminar(cita)}
      />
    </Group>
  );
}

/** The appointment's number; on a phone's card it reads «Cita n.º 12». */
function NumeroCita({ id }: { id: number }) {
  return (
    <Text size="sm" fw={600}>
      <SoloApilada>Cita n.º </SoloApilada>
      {id}
    </Text>
  );
}

function FechaCita({ fecha }: { fecha: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatFechaHora(fecha)}
    </Text>
  );
}

export default function CitasPacienteScreen() {
  const { usuarioId: param } = useParams();
  const usuarioId = idDeRuta(param);
  usePageMeta({ title: 'Citas del paciente' });
  const { userId, userRole } = useAuth();
  const esPaciente = normalizarRol(userRole) === 'paciente';
  // A patient sees only her own list (the API refuses the rest): nothing is asked for somebody else's.
  const ajena = esPaciente && usuarioId > 0 && usuarioId !== userId;
  const citas = useCitasUsuario(ajena ? 0 : usuarioId);
  const sinCitas = citas.isSuccess && citas.data.length === 0;
  const persona = useNombrePaciente(usuarioId, esPaciente, sinCitas);
  const nombre = citas.data?.[0]?.usuario.nombre || persona.data || 'Desconocido';
  const cargandoNombre = citas.isPending || (sinCitas && persona.isPending);

  if (ajena || (citas.error instanceof ApiClientError && citas.error.status === 403))
    return (
      <SinAcceso
        descripcion={
          ajena
            ? 'Las citas de cada paciente son privadas. Las tuyas están en «Mis citas».'
            : (citas.error as ApiClientError).body.error
        }
      />
    );

  const lista = citas.data ?? [];
  let contenido;
  if (usuarioId > 0 && citas.isPending)
    contenido = (
      <Center py="xl" role="status" aria-label="Cargando las citas…">
        <Loader />
      </Center>
    );
  else if (usuarioId === 0 || citas.isError)
    contenido = (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={20} aria-hidden="true" />}>
        No se pudieron cargar las citas
      </Alert>
    );
  else if (lista.length === 0)
    contenido = (
      <Paper withBorder p="xl">
        <Text ta="center" c="dimmed">
          No hay citas registradas para este paciente.
        </Text>
      </Paper>
    );
  else
    contenido = (
      // A table from tablet widths up; on phones each appointment is a card (no sideways scroll either way).
      <Paper withBorder p={{ base: 'sm', sm: 0 }}>
        <TablaDeFilas
          apilarBajo={560}
          highlightOnHover
          verticalSpacing="sm"
          horizontalSpacing="md"
          filas={lista}
          clave={(c) => c.id}
          columnas={[
            { titulo: 'ID', celda: (c) => <NumeroCita id={c.id} /> },
            { titulo: 'Fecha', celda: (c) => <FechaCita fecha={c.fecha} /> },
            { titulo: 'Tipo', celda: (c) => <TipoCitaBadge tipo={c.tipo} /> },
            { titulo: 'Estado', celda: (c) => <EstadoCitaBadge estado={c.estado} /> },
          ]}
          acciones={{ titulo: 'Opciones', celda: (c) => <Opciones cita={c} /> }}
        />
      </Paper>
    );

  return (
    <>
      <PageHeader
        eyebrow="Citas"
        title="Citas del paciente"
        description={
          !cargandoNombre && (
            <Text component="span" fw={600} c="var(--mantine-color-text)" data-testid="nombre-paciente">
              {nombre}
            </Text>
          )
        }
      />
      {contenido}
    </>
  );
}
