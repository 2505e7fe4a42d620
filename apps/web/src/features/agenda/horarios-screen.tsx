// /agenda/horarios: a doctor's weekly hours and blocks (vacations, training). Administrators and assistants
// choose the doctor; a doctor sees and edits their own. Hours are replaced as a whole week (PUT); blocks are
// listed from today on, created with a reason and deleted after a confirmation.
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendarOff, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { instanteLocal, sumarDias } from '@clinica/contracts/tiempo';
import { ContenidoDeConsulta } from '../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SeccionConTitulo } from '../../components/seccion-con-titulo.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora, hoy, zonaClinica } from '../../lib/tiempo.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { useCrearBloqueo } from '../../lib/api/horarios/crear-bloqueo.ts';
import { useEliminarBloqueo } from '../../lib/api/horarios/eliminar-bloqueo.ts';
import { useBloqueos } from '../../lib/api/horarios/get-bloqueos.ts';
import { useHorarios } from '../../lib/api/horarios/get-horarios.ts';
import { useReemplazarHorarios } from '../../lib/api/horarios/reemplazar-horarios.ts';
import type { BloqueoWire, HorarioWire } from '../../lib/api/horarios/tipos.ts';
import { SoloPersonal } from '../../components/citas/solo-personal.tsx';
import { AccionesDialogo } from '../../components/acciones-dialogo.tsx';

/** Monday first, as the clinic's week (dia_semana as Date#getDay: 0 = domingo). */
const DIAS = [
  { dia: 1, nombre: 'Lunes' },
  { dia: 2, nombre: 'Martes' },
  { dia: 3, nombre: 'Miércoles' },
  { dia: 4, nombre: 'Jueves' },
  { dia: 5, nombre: 'Viernes' },
  { dia: 6, nombre: 'Sábado' },
  { dia: 0, nombre: 'Domingo' },
] as const;

/** How far ahead the blocks list looks. */
const DIAS_BLOQUEOS = 365;

type Franja = HorarioWire & { clave: number };
let siguienteClave = 1;
const conClave = (h: HorarioWire): Franja => ({ ...h, clave: siguienteClave++ });

/** Errors of a week, by franja key: end after start, no overlap with another window of the same day. */
function erroresSemana(franjas: Franja[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const f of franjas) {
    if (!/^\d{2}:\d{2}$/.test(f.hora_inicio) || !/^\d{2}:\d{2}$/.test(f.hora_fin))
      out.set(f.clave, 'Escribe las dos horas.');
    else if (f.hora_fin <= f.hora_inicio) out.set(f.clave, 'La hora final debe ser posterior a la inicial.');
  }
  for (const { dia } of DIAS) {
    const delDia = franjas.filter((f) => f.dia_semana === dia && !out.has(f.clave));
    delDia.sort((a, b) => a.hora_inicio.localeCompare(b.hora_inicio));
    for (let i = 1; i < delDia.length; i++)
      if (delDia[i]!.hora_inicio < delDia[i - 1]!.hora_fin)
        out.set(delDia[i]!.clave, 'Se cruza con otra franja del mismo día.');
  }
  return out;
}

function HorarioSemanal({ doctorId }: { doctorId: number }) {
  const q = useHorarios(doctorId);
  return (
    <ContenidoDeConsulta
      consulta={q}
      cargando={<SkeletonTabla filas={6} columnas={3} etiqueta="Cargando el horario…" />}
      tituloError="No pudimos cargar el horario"
    >
      {q.data && <EditorHorario doctorId={doctorId} guardado={q.data} />}
    </ContenidoDeConsulta>
  );
}

/** The week being edited, from the stored one (`guardado`), and again whenever that changes (saved). */
function EditorHorario({ doctorId, guardado }: { doctorId: number; guardado: HorarioWire[] }) {
  const guardar = useReemplazarHorarios(doctorId);
  const [edicion, setEdicion] = useState(() => ({ base: guardado, franjas: guardado.map(conClave) }));
  const [intento, setIntento] = useState(false);
  if (edicion.base !== guardado) setEdicion({ base: guardado, franjas: guardado.map(conClave) });
  const franjas = edicion.franjas;
  const errores = erroresSemana(franjas);
  const cambiar = (f: (xs: Franja[]) => Franja[]) => setEdicion((e) => ({ ...e, franjas: f(e.franjas) }));
  const sinGuardar = JSON.stringify(franjas.map(({ clave: _c, ...h }) => h)) !== JSON.stringify(guardado);

  /** One end of a time window; `nombre` is its weekday, `i` its place in that day. */
  const campoHora = (
    nombre: string,
    f: Franja,
    i: number,
    campo: 'hora_inicio' | 'hora_fin',
    error: string | boolean | undefined,
  ) => {
    return (
      <TimeInput
        aria-label={`${nombre}, franja ${i + 1}: ${campo === 'hora_inicio' ? 'desde' : 'hasta'}`}
        value={f[campo]}
        onChange={(e) => {
          const v = e.currentTarget.value;
          cambiar((xs) => xs.map((x) => (x.clave === f.clave ? { ...x, [campo]: v } : x)));
        }}
        w={120}
        error={error}
      />
    );
  };

  function enviar() {
    setIntento(true);
    if (errores.size > 0) return;
    guardar.mutate(
      franjas.map(({ clave: _c, ...h }) => h),
      {
        onSuccess: () => {
          setIntento(false);
          notifications.show({
            color: 'green',
            title: 'Horario guardado',
            message: 'Las horas libres ya usan el nuevo horario.',
          });
        },
        onError: (err) =>
          notifications.show({ color: 'red', title: 'No se guardó el horario', message: mensajeDeError(err) }),
      },
    );
  }

  return (
    <Stack gap="md">
      <Stack gap="xs">
        {DIAS.map(({ dia, nombre }) => {
          const delDia = franjas.filter((f) => f.dia_semana === dia);
          return (
            <Paper key={dia} withBorder p="sm" radius="md" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Text component="legend" fw={600} w={110} style={{ float: 'left', paddingTop: 6 }}>
                  {nombre}
                </Text>
                <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
                  {delDia.length === 0 && (
                    <Text size="sm" c="dimmed" pt={6}>
                      No atiende
                    </Text>
                  )}
                  {delDia.map((f, i) => (
                    <Group key={f.clave} gap="xs" align="flex-start" wrap="wrap">
                      {campoHora(nombre, f, i, 'hora_inicio', intento && errores.get(f.clave))}
                      <Text pt={6} aria-hidden="true">
                        a
                      </Text>
                      {campoHora(nombre, f, i, 'hora_fin', intento && errores.has(f.clave))}
                      <Tooltip label="Quitar franja">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          mt={2}
                          aria-label={`Quitar la franja ${i + 1} del ${nombre.toLowerCase()}`}
                          onClick={() => cambiar((xs) => xs.filter((x) => x.clave !== f.clave))}
                        >
                          <IconTrash size={18} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  ))}
                </Stack>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  mt={4}
                  leftSection={<IconPlus size={16} aria-hidden="true" />}
                  aria-label={`Agregar franja al ${nombre.toLowerCase()}`}
                  onClick={() => {
                    const ultima = delDia[delDia.length - 1];
                    cambiar((xs) => [
                      ...xs,
                      conClave(
                        ultima && ultima.hora_fin < '17:00'
                          ? {
                              dia_semana: dia,
                              hora_inicio: ultima.hora_fin < '13:00' ? '13:00' : ultima.hora_fin,
                              hora_fin: '18:00',
                            }
                          : { dia_semana: dia, hora_inicio: '08:00', hora_fin: '12:00' },
                      ),
                    ]);
                  }}
                >
                  Agregar franja
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {intento && errores.size > 0 && (
        <Alert color="red" variant="light" role="alert">
          Revisa las franjas marcadas: {[...new Set(errores.values())].join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          disabled={!sinGuardar || guardar.isPending}
          onClick={() => {
            setIntento(false);
            setEdicion({ base: guardado, franjas: guardado.map(conClave) });
          }}
        >
          Descartar cambios
        </Button>
        <Button
          onClick={enviar}
          loading={guardar.isPending}
          disabled={!sinGuardar}
          leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
        >
          Guardar horario
        </Button>
      </Group>
    </Stack>
  );
}

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
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={crear.isPending}
            leftSection={<IconCalendarOff size={18} aria-hidden="true" />}
          >
            Bloquear horario
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Bloqueos({ doctorId, nombreDoctor }: { doctorId: number; nombreDoctor: string }) {
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
              <Table.Th scope="col" ta="right">
                Acciones
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data?.map((x) => (
              <Table.Tr key={x.id}>
                <Table.Td>{formatFechaHora(x.inicio)}</Table.Td>
                <Table.Td>{formatFechaHora(x.fin)}</Table.Td>
                <Table.Td>{x.motivo}</Table.Td>
                <Table.Td ta="right">
                  <Tooltip label="Eliminar bloqueo">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      onClick={() => setAEliminar(x)}
                      aria-label={`Eliminar el bloqueo «${x.motivo}» del ${formatFechaHora(x.inicio)}`}
                    >
                      <IconTrash size={18} aria-hidden="true" />
                    </ActionIcon>
                  </Tooltip>
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

function HorariosScreenContenido() {
  usePageMeta({ title: 'Horarios y bloqueos' });
  const { userRole, userId } = useAuth();
  const esDoctor = userRole?.toLowerCase() === 'doctor';
  const doctores = useDoctores();
  const [elegido, setElegido] = useState<string | null>(null);
  const doctorId = esDoctor ? userId : elegido ? Number(elegido) : (doctores.data?.[0]?.id ?? null);
  const nombreDoctor = doctores.data?.find((d) => d.id === doctorId)?.nombre ?? (esDoctor ? 'Tú' : 'El doctor');

  const cuerpo =
    doctorId === null ? (
      <EstadoVacio
        titulo="No hay doctores activos"
        descripcion="Cuando haya un doctor activo podrás definir su horario aquí."
      />
    ) : (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SeccionConTitulo
          id="horario-semanal"
          titulo="Horario semanal"
          descripcion={`Las franjas en que ${esDoctor ? 'atiendes' : `${nombreDoctor} atiende`}. Las horas libres se calculan con ellas.`}
        >
          <HorarioSemanal key={doctorId} doctorId={doctorId} />
        </SeccionConTitulo>
        <SeccionConTitulo
          id="bloqueos"
          titulo="Bloqueos"
          descripcion="Vacaciones, capacitaciones y otros ratos sin citas, del día de hoy en adelante."
        >
          <Bloqueos key={doctorId} doctorId={doctorId} nombreDoctor={nombreDoctor} />
        </SeccionConTitulo>
      </SimpleGrid>
    );

  return (
    <>
      <PageHeader
        eyebrow="Agenda"
        title="Horarios y bloqueos"
        description={
          esDoctor
            ? 'Tu horario de atención y los días que no atiendes.'
            : 'El horario de atención de cada doctor y los días que no atiende.'
        }
        actions={
          !esDoctor && (
            <Select
              label="Doctor"
              w={260}
              data={(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre }))}
              value={doctorId ? String(doctorId) : null}
              onChange={setElegido}
              allowDeselect={false}
            />
          )
        }
      />
      {esDoctor ? (
        cuerpo
      ) : (
        // Staff first need the doctors to choose from.
        <ContenidoDeConsulta
          consulta={doctores}
          cargando={<SkeletonTabla filas={4} columnas={3} etiqueta="Cargando doctores…" />}
          tituloError="No pudimos cargar los doctores"
        >
          {cuerpo}
        </ContenidoDeConsulta>
      )}
    </>
  );
}

export default function HorariosScreen() {
  return (
    <SoloPersonal>
      <HorariosScreenContenido />
    </SoloPersonal>
  );
}
