// /listaespera (issue 25, item 1; docs/espera.md): the desk's waitlist per day and procedure, in order of joining,
// with each patient's contact, what she waits for and her open offer; «Ofrecer horario» offers a free slot of a doctor
// by hand (the first to accept books it), «Retirar» takes her off the list. A doctor reads the entries that may be hers.
import { Badge, Button, Chip, Group, Modal, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendarShare, IconListNumbers, IconUserPlus } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { franjaNombres, type TipoEspera } from '@clinica/contracts/espera';
import { esperaRutas } from '@clinica/contracts/espera-rutas';
import { permite } from '@clinica/contracts/roles';
import { AccionesDialogo } from '../../components/acciones-dialogo.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useDisponibilidad } from '../../lib/api/disponibilidad/get-disponibilidad.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import {
  useListaEspera,
  useOfrecerEspera,
  useRetirarEspera,
  type EntradaEsperaWire,
  type FiltroEspera,
} from '../../lib/api/espera/espera.ts';
import { useProcedimientos } from '../../lib/api/procedimientos/get-procedimientos.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { leerFecha } from '../../lib/forms/campos-persona.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFecha, formatFechaHora, formatHora, hoy } from '../../lib/tiempo.ts';
import { FormularioEspera, queEspera, useTiempoRestante } from '../../components/espera/espera-paciente.tsx';
import { useBuscarPacientes } from '../../lib/api/usuarios/get-usuarios.ts';

function OfertaAbierta({ entrada }: { entrada: EntradaEsperaWire }) {
  const abierta = entrada.ofertas.find((o) => o.estado === 'ofrecida');
  const restante = useTiempoRestante(abierta?.vence_en ?? new Date(0).toISOString());
  if (!abierta) return <Text size="sm">Sin oferta abierta</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">{`${formatFechaHora(abierta.inicio)} · ${abierta.doctor.nombre}`}</Text>
      <Badge size="sm" variant="light" color="orange">
        {restante ?? 'Venció'}
      </Badge>
    </Stack>
  );
}

/** The desk picks a doctor, a day and one of its free times for the entry, and offers it. */
function OfrecerHorario({
  entrada,
  diaInicial,
  onClose,
}: {
  entrada: EntradaEsperaWire | null;
  diaInicial: string | null;
  onClose: () => void;
}) {
  const doctores = useDoctores();
  const ofrecer = useOfrecerEspera();
  const [doctor, setDoctor] = useState<string | null>(null);
  const [dia, setDia] = useState<string | null>(null);
  const [inicio, setInicio] = useState<string | null>(null);
  const doctorId = doctor ?? (entrada?.doctor ? String(entrada.doctor.id) : null);
  const fecha = dia ?? (diaInicial && entrada && diaInicial >= entrada.desde ? diaInicial : (entrada?.desde ?? null));
  const libres = useDisponibilidad(
    entrada && doctorId && fecha
      ? {
          doctor_id: Number(doctorId),
          tipo: entrada.tipo,
          ...(entrada.procedimiento ? { procedimiento_id: entrada.procedimiento.id } : {}),
          desde: fecha,
          hasta: fecha,
        }
      : null,
  );
  const cerrar = () => {
    setDoctor(null);
    setDia(null);
    setInicio(null);
    ofrecer.reset();
    onClose();
  };
  return (
    <Modal opened={entrada !== null} onClose={cerrar} title="Ofrecer un horario" size="lg">
      {entrada && (
        <Stack gap="sm">
          <Text size="sm">
            {`${entrada.paciente.nombre} espera: ${queEspera(entrada)}, del ${formatFecha(entrada.desde)} al ${formatFecha(entrada.hasta)}.`}
          </Text>
          <AlertaFallo titulo="No se ofreció el horario" mensaje={ofrecer.error?.message} />
          <Group grow align="flex-end" wrap="wrap">
            <Select
              label="Doctor"
              placeholder="Elige el doctor"
              data={(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre }))}
              value={doctorId}
              onChange={(v) => {
                setDoctor(v);
                setInicio(null);
              }}
              miw={200}
            />
            <DateInput
              label="Día"
              valueFormat="DD/MM/YYYY"
              dateParser={leerFecha}
              inputMode="numeric"
              minDate={hoy()}
              value={fecha}
              onChange={(v) => {
                setDia(v);
                setInicio(null);
              }}
              miw={160}
            />
          </Group>
          {!doctorId || !fecha ? (
            <Text size="sm" c="dimmed">
              Elige el doctor y el día para ver sus horarios libres.
            </Text>
          ) : libres.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              Buscando horarios libres…
            </Text>
          ) : libres.data && libres.data.length === 0 ? (
            <Text size="sm">Ese día no hay horarios libres con ese doctor.</Text>
          ) : (
            libres.data && (
              <Chip.Group value={inicio ?? ''} onChange={(v) => setInicio(v as string)}>
                <Group gap="xs" role="radiogroup" aria-label="Horarios libres">
                  {libres.data.map((s) => (
                    <Chip key={s.inicio} value={s.inicio} variant="outline" size="sm">
                      {formatHora(s.inicio)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )
          )}
          <AccionesDialogo onVolver={cerrar} ocupado={ofrecer.isPending}>
            <Button
              loading={ofrecer.isPending}
              disabled={!inicio || !doctorId}
              onClick={() =>
                ofrecer.mutate(
                  { id: entrada.id, doctor_id: Number(doctorId), inicio: inicio! },
                  {
                    onSuccess: () => {
                      notifications.show({
                        color: 'green',
                        message: `Horario ofrecido a ${entrada.paciente.nombre}: se le avisó por notificación y correo.`,
                      });
                      cerrar();
                    },
                  },
                )
              }
            >
              Ofrecer horario
            </Button>
          </AccionesDialogo>
        </Stack>
      )}
    </Modal>
  );
}

function TablaGrupo({
  entradas,
  gestionar,
  onOfrecer,
}: {
  entradas: EntradaEsperaWire[];
  gestionar: boolean;
  onOfrecer: (e: EntradaEsperaWire) => void;
}) {
  const retirar = useRetirarEspera();
  return (
    <TablaApilable apilarBajo={820}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>Paciente</Table.Th>
            <Table.Th>Doctor</Table.Th>
            <Table.Th>Fechas</Table.Th>
            <Table.Th>Franja</Table.Th>
            <Table.Th>Oferta</Table.Th>
            {gestionar && <Table.Th>Acciones</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entradas.map((e, i) => (
            <Table.Tr key={e.id}>
              <Table.Td data-label="Orden">{i + 1}</Table.Td>
              <Table.Td>
                <div>
                  <Text fw={600}>{e.paciente.nombre}</Text>
                  <Text size="xs" c="dimmed">
                    {[e.paciente.telefono, e.paciente.correo].filter(Boolean).join(' · ') || 'Sin contacto'}
                  </Text>
                  {e.nota && (
                    <Text size="xs" fs="italic">
                      {e.nota}
                    </Text>
                  )}
                </div>
              </Table.Td>
              <Table.Td data-label="Doctor">{e.doctor?.nombre ?? 'Cualquiera'}</Table.Td>
              <Table.Td data-label="Fechas">{`${formatFecha(e.desde)} – ${formatFecha(e.hasta)}`}</Table.Td>
              <Table.Td data-label="Franja">
                {e.franjas.length ? e.franjas.map((f) => franjaNombres[f]).join(', ') : 'Cualquiera'}
              </Table.Td>
              <Table.Td data-label="Oferta">
                <OfertaAbierta entrada={e} />
              </Table.Td>
              {gestionar && (
                <Table.Td data-label="Acciones" data-acciones>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconCalendarShare size={14} aria-hidden="true" />}
                      onClick={() => onOfrecer(e)}
                      disabled={e.ofertas.some((o) => o.estado === 'ofrecida')}
                      aria-label={`Ofrecer horario a ${e.paciente.nombre}`}
                    >
                      Ofrecer horario
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={retirar.isPending && retirar.variables === e.id}
                      onClick={() => retirar.mutate(e.id)}
                      aria-label={`Retirar a ${e.paciente.nombre} de la lista`}
                    >
                      Retirar
                    </Button>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}

/** The desk adds a patient (on the phone, at the counter): she is searched by name or document, then what she waits for. */
function AgregarPaciente({ onCerrar }: { onCerrar: () => void }) {
  const [busqueda, setBusqueda] = useState('');
  const [buscada] = useDebouncedValue(busqueda, 300);
  const [elegida, setElegida] = useState<{ id: number; nombre: string } | null>(null);
  const pacientes = useBuscarPacientes(buscada);
  const lista = pacientes.data?.items ?? [];
  return (
    <Stack gap="md">
      <Select
        label="Paciente"
        placeholder="Escribe el nombre o el documento"
        searchable
        clearable
        filter={({ options }) => options}
        searchValue={busqueda}
        onSearchChange={setBusqueda}
        nothingFoundMessage={buscada.trim() ? 'Ninguna paciente activa coincide' : 'Escribe para buscar'}
        data={lista.map((p) => ({ value: String(p.id), label: `${p.nombre} · ${p.numerodocumento}` }))}
        value={elegida ? String(elegida.id) : null}
        onChange={(v) => {
          const p = lista.find((x) => String(x.id) === v);
          setElegida(p ? { id: p.id, nombre: p.nombre } : null);
        }}
      />
      {elegida && <FormularioEspera key={elegida.id} paciente={elegida} onListo={onCerrar} />}
    </Stack>
  );
}

export default function ListaEsperaScreen() {
  usePageMeta({ title: 'Lista de espera' });
  const { userRole } = useAuth();
  const permitido = permite(esperaRutas.listar.auth, userRole);
  const gestionar = permite(esperaRutas.ofrecer.auth, userRole);
  const [fecha, setFecha] = useState<string | null>(null);
  const [tipo, setTipo] = useState<string | null>(null);
  const [procedimiento, setProcedimiento] = useState<string | null>(null);
  const [aOfrecer, setAOfrecer] = useState<EntradaEsperaWire | null>(null);
  const [agregando, setAgregando] = useState(false);
  const puedeAgregar = permite(esperaRutas.unirse.auth, userRole) && userRole !== 'paciente';
  const filtro: FiltroEspera = {
    ...(fecha ? { fecha } : {}),
    ...(tipo ? { tipo: tipo as TipoEspera } : {}),
    ...(procedimiento ? { procedimiento_id: Number(procedimiento) } : {}),
  };
  const q = useListaEspera(filtro, permitido);
  const procedimientos = useProcedimientos({ pagina: 1, porPagina: 100 });
  if (!permitido)
    return <SinAcceso descripcion="La lista de espera es de la recepción, los doctores y los administradores." />;

  let contenido;
  if (q.isPending) contenido = <SkeletonTabla filas={4} columnas={6} etiqueta="Cargando la lista de espera…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else if (q.data.length === 0)
    contenido = (
      <EstadoVacio
        icono={<IconListNumbers size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Nadie en espera"
        descripcion={fecha ? 'Nadie espera un horario para ese día.' : 'Nadie espera un horario por ahora.'}
      />
    );
  else {
    // Per procedure (evaluations first), each group in order of joining.
    const grupos = new Map<string, EntradaEsperaWire[]>();
    for (const e of q.data) {
      const clave = queEspera(e);
      grupos.set(clave, [...(grupos.get(clave) ?? []), e]);
    }
    contenido = (
      <Stack gap="lg">
        {[...grupos].map(([nombre, entradas]) => (
          <Paper withBorder p={{ base: 'sm', sm: 'md' }} key={nombre} component="section" aria-label={nombre}>
            <Group justify="space-between" mb="sm">
              <Title order={2} fz="h5">
                {nombre}
              </Title>
              <Badge variant="light">{`${entradas.length} en espera`}</Badge>
            </Group>
            <TablaGrupo entradas={entradas} gestionar={gestionar} onOfrecer={setAOfrecer} />
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Lista de espera"
        description="Pacientes que esperan un horario, en orden de llegada. Al liberarse uno, el sistema se lo ofrece a la primera que coincide; también puedes ofrecerlo a mano."
        actions={
          puedeAgregar && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setAgregando(true)}>
              Agregar paciente
            </Button>
          )
        }
      />
      <Modal opened={agregando} onClose={() => setAgregando(false)} title="Agregar a la lista de espera" size="lg">
        {agregando && <AgregarPaciente onCerrar={() => setAgregando(false)} />}
      </Modal>
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Group gap="md" align="flex-end" wrap="wrap">
            <DateInput
              w={{ base: '100%', xs: 200 }}
              label="Día"
              placeholder="Todos los días"
              valueFormat="DD/MM/YYYY"
              dateParser={leerFecha}
              inputMode="numeric"
              clearable
              value={fecha}
              onChange={setFecha}
            />
            <Select
              w={{ base: '100%', xs: 200 }}
              label="Tipo"
              placeholder="Todos"
              clearable
              data={[
                { value: 'evaluacion', label: 'Evaluación' },
                { value: 'procedimiento', label: 'Procedimiento' },
              ]}
              value={tipo}
              onChange={setTipo}
            />
            <Select
              w={{ base: '100%', xs: 260 }}
              label="Procedimiento"
              placeholder="Todos"
              clearable
              searchable
              data={(procedimientos.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
              value={procedimiento}
              onChange={setProcedimiento}
            />
          </Group>
        </Paper>
        {contenido}
      </Stack>
      <OfrecerHorario entrada={aOfrecer} diaInicial={fecha} onClose={() => setAOfrecer(null)} />
    </>
  );
}
