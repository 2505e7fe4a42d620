// A doctor's blocks (vacations, training) from today on: the list, deleting one after a confirmation, and the form
// that creates one with its reason.
import { Alert, Button, Modal, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendarOff, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { instanteLocal, sumarDias } from '@clinica/contracts/tiempo';
import { ContenidoDeConsulta } from '../../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { SkeletonTabla } from '../../../components/skeletons.tsx';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { formatFechaHora, hoy, zonaClinica } from '../../../lib/tiempo.ts';
import { useCrearBloqueo } from '../../../lib/api/horarios/crear-bloqueo.ts';
import { useEliminarBloqueo } from '../../../lib/api/horarios/eliminar-bloqueo.ts';
import { useBloqueos } from '../../../lib/api/horarios/get-bloqueos.ts';
import type { BloqueoWire } from '../../../lib/api/horarios/tipos.ts';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';
import { AccionIcono, EncabezadoAcciones } from '../../../components/accion-icono.tsx';

/** How far ahead the blocks list looks. */
const DIAS_BLOQUEOS = 365;

function NuevoBloqueo({ doctorId }: { doctorId: number }) {
  const crear = useCrearBloqueo(doctorId);
  const [desde, setDesde] = useState<string | null>(null);
  const [horaDesde, setHoraDesde] = useState('08:00');
  const [hasta, setHasta] = useState<string | null>(null);
  const [horaHasta, setHoraHasta] = useState('18:00');
  const [motivo, setMotivo] = useState('');
  const [intento, setIntento] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const finDia = hasta ?? desde;
  const inicio = desde && /^\d{2}:\d{2}$/.test(horaDesde) ? instanteLocal(desde, horaDesde, zonaClinica) : null;
  const fin = finDia && /^\d{2}:\d{2}$/.test(horaHasta) ? instanteLocal(finDia, horaHasta, zonaClinica) : null;
  const errores = {
    desde: !desde ? 'Elige el día de inicio.' : undefined,
    hasta: inicio && fin && fin <= inicio ? 'El fin debe ser posterior al inicio.' : undefined,
    motivo: motivo.trim().length < 3 ? 'Escribe el motivo (mínimo 3 caracteres).' : undefined,
  };

  function enviar(e: FormEvent) {
    e.preventDefault();
    setIntento(true);
    setError(null);
    if (errores.desde || errores.hasta || errores.motivo || !inicio || !fin) return;
    crear.mutate(
      { inicio: inicio.toISOString(), fin: fin.toISOString(), motivo: motivo.trim() },
      {
        onSuccess: (b) => {
          notifications.show({
            color: 'green',
            title: 'Bloqueo creado',
            message: `Del ${formatFechaHora(b.inicio)} al ${formatFechaHora(b.fin)} no se podrán agendar citas.`,
          });
          setDesde(null);
          setHasta(null);
          setMotivo('');
          setIntento(false);
        },
        onError: (err) => setError(mensajeDeError(err, 'No pudimos crear el bloqueo. Inténtalo de nuevo.')),
      },
    );
  }

  return (
    <form noValidate aria-labelledby="nuevo-bloqueo" onSubmit={enviar}>
      <Stack gap="sm">
        <Title order={3} fz="h5" id="nuevo-bloqueo">
          Nuevo bloqueo
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DatePickerInput
            label="Desde el día"
            required
            value={desde}
            onChange={setDesde}
            minDate={hoy()}
            valueFormat="DD/MM/YYYY"
            error={intento && errores.desde}
          />
          <TimeInput label="Hora de inicio" value={horaDesde} onChange={(e) => setHoraDesde(e.currentTarget.value)} />
          <DatePickerInput
            label="Hasta el día"
            placeholder="El mismo día"
            // Mantine's picker placeholder is too pale for AA; the dimmed text colour passes.
            styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
            value={hasta}
            onChange={setHasta}
            minDate={desde ?? hoy()}
            valueFormat="DD/MM/YYYY"
            clearable
            clearButtonProps={{ 'aria-label': 'Borrar el día final' }}
          />
          <TimeInput
            label="Hora de fin"
            value={horaHasta}
            onChange={(e) => setHoraHasta(e.currentTarget.value)}
            error={intento && errores.hasta}
          />
        </SimpleGrid>
        <Textarea
          label="Motivo"
          required
          placeholder="Vacaciones, capacitación, congreso…"
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          error={intento && errores.motivo}
          maxLength={300}
          autosize
          minRows={1}
        />
        <Text size="xs" c="dimmed">
          Las citas ya agendadas en ese horario no se cancelan solas: revísalas en el calendario.
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" title="No se creó el bloqueo">
            {error}
          </Alert>
        )}
        <BotonesFormulario enviando={crear.isPending} icono={<IconCalendarOff size={18} aria-hidden="true" />}>
          Bloquear horario
        </BotonesFormulario>
      </Stack>
    </form>
  );
}

export function Bloqueos({ doctorId, nombreDoctor }: { doctorId: number; nombreDoctor: string }) {
  const desde = hoy();
  const q = useBloqueos(doctorId, desde, sumarDias(desde, DIAS_BLOQUEOS));
  const eliminar = useEliminarBloqueo(doctorId);
  const [aEliminar, setAEliminar] = useState<BloqueoWire | null>(null);
  const [ultimo, setUltimo] = useState<BloqueoWire | null>(null);
  if (aEliminar && aEliminar !== ultimo) setUltimo(aEliminar);
  const b = aEliminar ?? ultimo;

  const lista = (
    <ContenidoDeConsulta
      consulta={q}
      cargando={<SkeletonTabla filas={3} columnas={3} etiqueta="Cargando bloqueos…" />}
      tituloError="No pudimos cargar los bloqueos"
      vacio={
        q.data?.length === 0 && (
          <EstadoVacio
            icono={<IconCalendarOff size={26} stroke={1.6} aria-hidden="true" />}
            titulo="Sin bloqueos próximos"
            descripcion={`${nombreDoctor} atiende según su horario semanal. Bloquea vacaciones o capacitaciones abajo.`}
          />
        )
      }
    >
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Desde</Table.Th>
              <Table.Th scope="col">Hasta</Table.Th>
              <Table.Th scope="col">Motivo</Table.Th>
              <EncabezadoAcciones />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data?.map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>{formatFechaHora(x.inicio)}</Table.Td>
                <Table.Td>{formatFechaHora(x.fin)}</Table.Td>
                <Table.Td>{x.motivo}</Table.Td>
                <Table.Td ta="right">
                  <AccionIcono
                    tooltip="Eliminar bloqueo"
                    etiqueta={`Eliminar el bloqueo «${x.motivo}» del ${formatFechaHora(x.inicio)}`}
                    icono={IconTrash}
                    color="red"
                    onClick={() => setAEliminar(x)}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ContenidoDeConsulta>
  );

  function confirmar() {
    if (!b) return;
    eliminar.mutate(b.id, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Bloqueo eliminado',
          message: 'Ese horario vuelve a estar disponible para citas.',
        });
        setAEliminar(null);
      },
      onError: (err) =>
        notifications.show({ color: 'red', title: 'No se eliminó el bloqueo', message: mensajeDeError(err) }),
    });
  }

  return (
    <Stack gap="lg">
      {lista}
      <NuevoBloqueo doctorId={doctorId} />
      <Modal
        opened={!!aEliminar}
        onClose={() => !eliminar.isPending && setAEliminar(null)}
        title="¿Eliminar el bloqueo?"
      >
        {b && (
          <Stack gap="md">
            <Text size="sm">
              El bloqueo «{b.motivo}» ({formatFechaHora(b.inicio)} a {formatFechaHora(b.fin)}) se eliminará y ese
              horario volverá a ofrecerse para citas según el horario semanal de {nombreDoctor}.
            </Text>
            <AccionesDialogo onVolver={() => setAEliminar(null)} ocupado={eliminar.isPending}>
              <Button
                color="red"
                onClick={confirmar}
                loading={eliminar.isPending}
                leftSection={<IconTrash size={18} aria-hidden="true" />}
              >
                Eliminar bloqueo
              </Button>
            </AccionesDialogo>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
