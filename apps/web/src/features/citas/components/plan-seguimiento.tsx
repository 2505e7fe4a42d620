// The follow-up plan on an appointment's details (issue 9, item 4; decision 0017). The appointment's doctor records
// "requiere más sesiones" on its clinical note (procedure, every N days, M sessions, from a date); the booking engine
// proposes a slot per session, saying when the target date clashes and what it offers instead; the doctor or an
// assistant ticks the sessions to book and confirms. The server books all chosen sessions or none. Assistants never
// see the plan's clinical description (DOMAIN.md); patients and administrators see the appointments once booked.
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCalendarRepeat, IconPencil } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { leerFecha } from '../../../lib/forms/campos-persona.tsx';
import { mensajeDeError, serverFieldErrors, type FieldErrors } from '../../../lib/forms/field-errors.ts';
import { formatFecha, formatHora, hoy } from '../../../lib/tiempo.ts';
import { useOpcionesProcedimiento } from '../../../lib/api/procedimientos/get-procedimientos.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { useEvolucion } from '../../../lib/api/evoluciones/get-evolucion.ts';
import { useConfirmarPlan } from '../../../lib/api/planes/confirmar-plan.ts';
import { usePlan } from '../../../lib/api/planes/get-plan.ts';
import { usePropuesta } from '../../../lib/api/planes/get-propuesta.ts';
import { useGuardarPlan } from '../../../lib/api/planes/guardar-plan.ts';
import type { PlanWire, SesionPropuestaWire } from '../../../lib/api/planes/tipos.ts';
import classes from '../citas.module.css';
import { Dato } from '../../../components/dato.tsx';
import { ErrorDeCarga, SeccionCita, usePapelEnCita } from './seccion-cita.tsx';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';

const sesiones = (n: number) => (n === 1 ? '1 sesión' : `${n} sesiones`);

function PlanForm({
  citaId,
  plan,
  procedimientoInicial,
  onListo,
}: {
  citaId: number;
  plan: PlanWire | null;
  procedimientoInicial: number | null;
  onListo: () => void;
}) {
  const opciones = useOpcionesProcedimiento();
  const guardar = useGuardarPlan(citaId);
  const [descripcion, setDescripcion] = useState(plan?.descripcion ?? '');
  const [procedimiento, setProcedimiento] = useState<string | null>(
    String(plan?.procedimiento.id ?? procedimientoInicial ?? '') || null,
  );
  const [cadaDias, setCadaDias] = useState<number | string>(plan?.cada_dias ?? 15);
  const [numero, setNumero] = useState<number | string>(plan?.sesiones ?? 3);
  const [desde, setDesde] = useState(plan?.desde ?? '');
  const [errores, setErrores] = useState<FieldErrors>({});
  const [general, setGeneral] = useState<string | null>(null);

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const faltan: FieldErrors = {};
    if (descripcion.trim().length < 3) faltan['descripcion'] = 'Describe el plan (mínimo 3 caracteres)';
    if (!procedimiento) faltan['procedimiento_id'] = 'Elige el procedimiento de las sesiones';
    if (typeof cadaDias !== 'number' || cadaDias < 1 || cadaDias > 365) faltan['cada_dias'] = 'Entre 1 y 365 días';
    if (typeof numero !== 'number' || numero < 1 || numero > 20) faltan['sesiones'] = 'Entre 1 y 20 sesiones';
    if (!desde) faltan['desde'] = 'Elige la fecha de la primera sesión';
    else if (desde < hoy()) faltan['desde'] = 'La primera sesión no puede ser antes de hoy';
    setErrores(faltan);
    setGeneral(null);
    if (Object.keys(faltan).length) return;
    guardar.mutate(
      {
        id: plan?.id ?? null,
        body: {
          descripcion: descripcion.trim(),
          procedimiento_id: Number(procedimiento),
          cada_dias: Number(cadaDias),
          sesiones: Number(numero),
          desde,
        },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: 'Plan de seguimiento guardado. Revisa las citas propuestas.' });
          onListo();
        },
        onError: (err) => {
          setErrores(serverFieldErrors(err));
          setGeneral(mensajeDeError(err));
        },
      },
    );
  };

  return (
    <form onSubmit={enviar} noValidate aria-label="Plan de seguimiento">
      <Stack gap="sm">
        <Textarea
          label="Descripción del plan"
          description="Requiere más sesiones: qué se hará y por qué. Solo la ven los doctores y queda en la historia."
          required
          autosize
          minRows={2}
          maxLength={2000}
          value={descripcion}
          error={errores['descripcion']}
          onChange={(e) => setDescripcion(e.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <Select
            label="Procedimiento"
            required
            searchable
            data={(opciones.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
            value={procedimiento}
            onChange={setProcedimiento}
            error={errores['procedimiento_id']}
            nothingFoundMessage="No hay procedimientos con ese nombre"
          />
          <NumberInput
            label="Cada cuántos días"
            required
            min={1}
            max={365}
            allowDecimal={false}
            value={cadaDias}
            onChange={setCadaDias}
            error={errores['cada_dias']}
          />
          <NumberInput
            label="Número de sesiones"
            required
            min={1}
            max={20}
            allowDecimal={false}
            value={numero}
            onChange={setNumero}
            error={errores['sesiones']}
          />
          {/* dd/mm/aaaa whatever the browser's language (issue 11.7), as the birth date field. */}
          <DateInput
            label="Primera sesión"
            required
            placeholder="dd/mm/aaaa"
            valueFormat="DD/MM/YYYY"
            dateParser={leerFecha}
            minDate={hoy()}
            inputMode="numeric"
            value={desde || null}
            onChange={(v) => setDesde(v ?? '')}
            error={errores['desde']}
          />
        </SimpleGrid>
        {general && (
          <Alert color="red" variant="light" role="alert">
            {general}
          </Alert>
        )}
        <AccionesDialogo volver="Cancelar" onVolver={onListo} ocupado={guardar.isPending}>
          <Button type="submit" loading={guardar.isPending}>
            Guardar plan
          </Button>
        </AccionesDialogo>
      </Stack>
    </form>
  );
}

function EstadoSesion({ s }: { s: SesionPropuestaWire }) {
  if (s.estado === 'agendada')
    return (
      <Badge color="teal" variant="light">
        Agendada
      </Badge>
    );
  return (
    <Stack gap={4}>
      {s.estado === 'sin_espacio' ? (
        <Badge color="red" variant="light">
          Sin espacio
        </Badge>
      ) : s.choque ? (
        <Badge color="orange" variant="light">
          Con choque
        </Badge>
      ) : (
        <Badge color="green" variant="light">
          Libre
        </Badge>
      )}
      {s.choque && (
        <Text size="sm" c="dimmed">
          {s.choque}
          {/* The hour already ends in "a. m." / "p. m.": no extra period. */}
          {s.inicio && ` Siguiente hora libre: ${formatFecha(s.inicio)}, ${formatHora(s.inicio)}`}
        </Text>
      )}
    </Stack>
  );
}

function Propuesta({ citaId, plan }: { citaId: number; plan: PlanWire }) {
  const q = usePropuesta(plan.id);
  const confirmar = useConfirmarPlan(citaId, plan.id);
  // null: every proposed session is ticked (the usual case); a set once the person changes the choice.
  const [seleccion, setSeleccion] = useState<Set<number> | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (q.isPending) return <SkeletonLineas lineas={3} etiqueta="Buscando horarios para el plan…" />;
  if (q.isError) return <ErrorDeCarga titulo="No se pudo calcular la propuesta" consulta={q} />;
  const filas = q.data.sesiones;
  const libres = filas.filter((s) => s.estado === 'propuesta');
  const elegidas = seleccion ?? new Set(libres.map((s) => s.sesion));
  const aAgendar = libres.filter((s) => elegidas.has(s.sesion));
  const alternar = (n: number) => {
    const nuevo = new Set(elegidas);
    if (nuevo.has(n)) nuevo.delete(n);
    else nuevo.add(n);
    setSeleccion(nuevo);
  };
  const agendar = () => {
    setError(null);
    confirmar.mutate(
      { sesiones: aAgendar.map((s) => ({ sesion: s.sesion, inicio: s.inicio! })) },
      {
        onSuccess: (r) => {
          setSeleccion(null);
          notifications.show({
            color: 'green',
            message: `Se agendaron ${r.citas.length === 1 ? '1 cita' : `${r.citas.length} citas`} del plan. La paciente recibe el aviso de cada una.`,
          });
        },
        onError: (err) => {
          setSeleccion(null);
          setError(mensajeDeError(err));
        },
      },
    );
  };
  return (
    <Stack gap="sm">
      <Title order={4} fz="h5">
        Citas propuestas
      </Title>
      {q.data.impedimento && (
        <Alert color="yellow" variant="light" title="No se puede agendar todavía">
          {q.data.impedimento}
        </Alert>
      )}
      <Table verticalSpacing="sm" className={classes.tablaPlan}>
        <Table.Caption>
          Cada sesión con la hora libre más cercana a su fecha, en la agenda de {plan.doctor.nombre}.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Agendar</Table.Th>
            <Table.Th>Sesión</Table.Th>
            <Table.Th>Cita propuesta</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((s) => (
            <Table.Tr key={s.sesion}>
              <Table.Td>
                <Checkbox
                  aria-label={`Agendar la sesión ${s.sesion}`}
                  checked={s.estado === 'agendada' || (s.estado === 'propuesta' && elegidas.has(s.sesion))}
                  disabled={s.estado !== 'propuesta' || !!q.data.impedimento}
                  onChange={() => alternar(s.sesion)}
                />
              </Table.Td>
              <Table.Td>
                <Text fw={600} size="sm">
                  Sesión {s.sesion}
                </Text>
                <Text size="xs" c="dimmed">
                  Objetivo: {formatFecha(s.objetivo)}
                </Text>
              </Table.Td>
              <Table.Td>
                {s.inicio ? (
                  <>
                    <Text size="sm">{formatFecha(s.inicio)}</Text>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatHora(s.inicio)}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="dimmed">
                    Sin horario
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <EstadoSesion s={s} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {error && (
        <Alert color="red" variant="light" role="alert" title="No se agendó ninguna sesión">
          {error}
        </Alert>
      )}
      {libres.length > 0 && (
        <Group justify="flex-end">
          <Button
            leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
            disabled={!aAgendar.length || !!q.data.impedimento}
            loading={confirmar.isPending}
            onClick={agendar}
          >
            {aAgendar.length ? `Agendar ${sesiones(aAgendar.length)}` : 'Elige las sesiones para agendar'}
          </Button>
        </Group>
      )}
      {libres.length === 0 && filas.every((s) => s.estado === 'agendada') && (
        <Text size="sm" c="dimmed">
          Todas las sesiones del plan están agendadas.
        </Text>
      )}
    </Stack>
  );
}

function Contenido({ cita, esSuDoctor }: { cita: CitaWire; esSuDoctor: boolean }) {
  const q = usePlan(cita.id);
  const nota = useEvolucion(cita.id, esSuDoctor);
  const [editando, setEditando] = useState(false);
  if (q.isPending) return <SkeletonLineas lineas={2} etiqueta="Cargando el plan de seguimiento…" />;
  if (q.isError) return <ErrorDeCarga titulo="No se pudo cargar el plan de seguimiento" consulta={q} />;
  const plan = q.data.plan;
  const cerrar = () => setEditando(false);
  if (!plan) {
    if (!esSuDoctor)
      return (
        <Text size="sm" c="dimmed">
          Aún no hay un plan de seguimiento para esta cita.
        </Text>
      );
    if (nota.isPending) return <SkeletonLineas lineas={1} etiqueta="Cargando la nota de evolución…" />;
    if (!nota.data?.evolucion)
      return (
        <Text size="sm" c="dimmed">
          Cuando escribas la nota de evolución podrás registrar aquí si la paciente requiere más sesiones.
        </Text>
      );
    if (editando)
      return (
        <PlanForm citaId={cita.id} plan={null} procedimientoInicial={cita.procedimiento?.id ?? null} onListo={cerrar} />
      );
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          ¿Requiere más sesiones? Registra el plan y la agenda propondrá las citas.
        </Text>
        <Button leftSection={<IconCalendarRepeat size={18} aria-hidden="true" />} onClick={() => setEditando(true)}>
          Registrar plan de seguimiento
        </Button>
      </Stack>
    );
  }
  const conAgendadas = plan.agendadas.some((a) => a.estado !== 'cancelada');
  if (editando) return <PlanForm citaId={cita.id} plan={plan} procedimientoInicial={null} onListo={cerrar} />;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Dato etiqueta="Procedimiento">{plan.procedimiento.nombre}</Dato>
        <Dato etiqueta="Sesiones">{sesiones(plan.sesiones)}</Dato>
        <Dato etiqueta="Frecuencia">{plan.cada_dias === 1 ? 'Cada día' : `Cada ${plan.cada_dias} días`}</Dato>
        <Dato etiqueta="Desde">{formatFecha(plan.desde)}</Dato>
      </SimpleGrid>
      {plan.descripcion && <Dato etiqueta="Descripción">{plan.descripcion}</Dato>}
      {esSuDoctor && !conAgendadas && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconPencil size={18} aria-hidden="true" />}
            onClick={() => setEditando(true)}
          >
            Cambiar plan
          </Button>
        </Group>
      )}
      <Propuesta citaId={cita.id} plan={plan} />
    </Stack>
  );
}

/** For the appointment's doctor and assistants; nothing is asked for anyone else. */
export function PlanSeguimiento({ cita }: { cita: CitaWire }) {
  const { rol, esSuDoctor } = usePapelEnCita(cita);
  if (!esSuDoctor && rol !== 'asistente') return null;
  return (
    <SeccionCita id="plan-seguimiento-titulo" titulo="Plan de seguimiento">
      <Contenido cita={cita} esSuDoctor={esSuDoctor} />
    </SeccionCita>
  );
}
