// The patient's waitlist inside Mis citas (issue 25, item 1; docs/espera.md): her open offers (accept or decline,
// with the time left), her entries (leave the list), and «Avísame si se libera un horario» to join.
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconBellRinging, IconCalendarCheck, IconHourglass, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  estadoEsperaNombres,
  estadoOfertaNombres,
  franjaNombres,
  type FranjaEspera,
  type TipoEspera,
} from '@clinica/contracts/espera';
import { EstadoVacio } from '../estado-vacio.tsx';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import {
  useAceptarOferta,
  useMiEspera,
  useRechazarOferta,
  useRetirarEspera,
  useUnirseEspera,
  type EntradaEsperaWire,
  type OfertaEsperaWire,
} from '../../lib/api/espera/espera.ts';
import { useProcedimientos } from '../../lib/api/procedimientos/get-procedimientos.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { leerFecha } from '../../lib/forms/campos-persona.tsx';
import { formatFecha, formatFechaLarga, formatHora, hoy } from '../../lib/tiempo.ts';
import { sumarDias } from '@clinica/contracts/tiempo';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** What an entry waits for, in words. */
export const queEspera = (e: Pick<EntradaEsperaWire, 'tipo' | 'procedimiento'>) =>
  e.tipo === 'evaluacion' ? 'Evaluación (valoración)' : (e.procedimiento?.nombre ?? 'Procedimiento');

/** 'Quedan 12 min' / 'Quedan 1 h 5 min' until `vence`, refreshed every 15 s; null once past. */
export function useTiempoRestante(vence: string): string | null {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setAhora(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  const min = Math.ceil((Date.parse(vence) - ahora) / 60_000);
  if (min <= 0) return null;
  if (min < 60) return `Quedan ${min} min`;
  return `Quedan ${Math.floor(min / 60)} h ${min % 60} min`;
}

function TarjetaOferta({ entrada, oferta }: { entrada: EntradaEsperaWire; oferta: OfertaEsperaWire }) {
  const aceptar = useAceptarOferta();
  const rechazar = useRechazarOferta();
  const restante = useTiempoRestante(oferta.vence_en);
  const tituloId = `oferta-${oferta.id}`;
  const ocupado = aceptar.isPending || rechazar.isPending;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={tituloId} bg="var(--mantine-primary-color-light)">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Text size="sm" c="dimmed">
              Se liberó un horario · {queEspera(entrada)}
            </Text>
            <Title order={2} fz="h5" id={tituloId}>
              {capital(formatFechaLarga(oferta.inicio))}, {formatHora(oferta.inicio)}
            </Title>
            <Text size="sm">Con {oferta.doctor.nombre}</Text>
          </div>
          <Badge
            color={restante ? 'orange' : 'gray'}
            variant="light"
            leftSection={<IconHourglass size={14} aria-hidden="true" />}
          >
            {restante ?? 'Venció'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {`Te lo guardamos hasta las ${formatHora(oferta.vence_en)}; el primero en aceptarlo lo agenda. Si no respondes, pasa a la siguiente persona y sigues en espera.`}
        </Text>
        <AlertaFallo
          titulo="No se pudo responder la oferta"
          mensaje={aceptar.error?.message ?? rechazar.error?.message}
        />
        <Group gap="sm">
          <Button
            leftSection={<IconCalendarCheck size={18} aria-hidden="true" />}
            loading={aceptar.isPending}
            disabled={ocupado || !restante}
            onClick={() =>
              aceptar.mutate(oferta.id, {
                onSuccess: () => notifications.show({ color: 'green', message: 'Listo: tu cita quedó agendada.' }),
              })
            }
            aria-describedby={tituloId}
          >
            Aceptar y agendar
          </Button>
          <Button
            variant="default"
            leftSection={<IconX size={18} aria-hidden="true" />}
            loading={rechazar.isPending}
            disabled={ocupado || !restante}
            onClick={() => rechazar.mutate(oferta.id)}
            aria-describedby={tituloId}
          >
            No me sirve
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Her open offers, above her appointments: nothing when there are none. */
export function OfertasAbiertas() {
  const q = useMiEspera();
  const abiertas = (q.data ?? []).flatMap((e) =>
    e.ofertas.filter((o) => o.estado === 'ofrecida').map((o) => ({ entrada: e, oferta: o })),
  );
  if (!abiertas.length) return null;
  return (
    <section aria-label="Horarios liberados para ti">
      <Stack gap="sm" mb="lg">
        {abiertas.map(({ entrada, oferta }) => (
          <TarjetaOferta key={oferta.id} entrada={entrada} oferta={oferta} />
        ))}
      </Stack>
    </section>
  );
}

/**
 * Joins the waitlist: the signed-in patient for herself, or (with `paciente`) the desk for a patient it chose.
 */
export function FormularioEspera({
  onListo,
  paciente,
}: {
  onListo?: () => void;
  paciente?: { id: number; nombre: string } | undefined;
}) {
  const unirse = useUnirseEspera();
  const doctores = useDoctores();
  const procedimientos = useProcedimientos({ pagina: 1, porPagina: 100 });
  const [tipo, setTipo] = useState<TipoEspera>('evaluacion');
  const [procedimiento, setProcedimiento] = useState<string | null>(null);
  const [doctor, setDoctor] = useState<string | null>(null);
  const [desde, setDesde] = useState<string | null>(hoy());
  const [hasta, setHasta] = useState<string | null>(sumarDias(hoy(), 14));
  const [franjas, setFranjas] = useState<string[]>([]);
  const [nota, setNota] = useState('');
  const [error, setError] = useState<string | null>(null);

  function enviar(ev: React.FormEvent) {
    ev.preventDefault();
    if (tipo === 'procedimiento' && !procedimiento)
      return setError(paciente ? 'Elige el procedimiento que espera.' : 'Elige el procedimiento que esperas.');
    if (!desde || !hasta)
      return setError(
        paciente ? 'Elige desde y hasta qué día puede venir.' : 'Elige desde y hasta qué día puedes venir.',
      );
    setError(null);
    unirse.mutate(
      {
        ...(paciente ? { paciente_id: paciente.id } : {}),
        tipo,
        ...(tipo === 'procedimiento' ? { procedimiento_id: Number(procedimiento) } : {}),
        ...(doctor ? { doctor_id: Number(doctor) } : {}),
        desde,
        hasta,
        franjas: franjas as FranjaEspera[],
        ...(nota.trim() ? { nota: nota.trim() } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: paciente
              ? `${paciente.nombre} quedó en la lista de espera: le avisaremos si se libera un horario.`
              : 'Te avisaremos si se libera un horario.',
          });
          onListo?.();
        },
      },
    );
  }

  return (
    <form
      onSubmit={enviar}
      aria-label={paciente ? `Lista de espera de ${paciente.nombre}` : 'Avísame si se libera un horario'}
      noValidate
    >
      <Stack gap="sm">
        <AlertaFallo
          titulo={paciente ? 'No la inscribimos en la lista de espera' : 'No te inscribimos en la lista de espera'}
          mensaje={error ?? unirse.error?.message}
        />
        <div>
          <Text size="sm" fw={500} mb={4} id="espera-tipo">
            {paciente ? '¿Qué espera?' : '¿Qué esperas?'}
          </Text>
          <SegmentedControl
            aria-labelledby="espera-tipo"
            value={tipo}
            onChange={(v) => setTipo(v as TipoEspera)}
            data={[
              { value: 'evaluacion', label: 'Evaluación' },
              { value: 'procedimiento', label: 'Procedimiento' },
            ]}
          />
        </div>
        {tipo === 'procedimiento' && (
          <Select
            label="Procedimiento"
            required
            searchable
            data={(procedimientos.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
            value={procedimiento}
            onChange={setProcedimiento}
          />
        )}
        <Select
          label="Doctor"
          placeholder="Cualquier doctor"
          clearable
          data={(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre }))}
          value={doctor}
          onChange={setDoctor}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label="Desde"
            valueFormat="DD/MM/YYYY"
            dateParser={leerFecha}
            inputMode="numeric"
            minDate={hoy()}
            value={desde}
            onChange={setDesde}
          />
          <DateInput
            label="Hasta"
            valueFormat="DD/MM/YYYY"
            dateParser={leerFecha}
            inputMode="numeric"
            minDate={desde ?? hoy()}
            value={hasta}
            onChange={setHasta}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="¿En qué momento del día?"
          description="Sin marcar: a cualquier hora"
          value={franjas}
          onChange={setFranjas}
        >
          <Group gap="md" mt={6}>
            <Checkbox value="manana" label="Mañana (antes de las 12)" />
            <Checkbox value="tarde" label="Tarde" />
          </Group>
        </Checkbox.Group>
        <Textarea
          label="Nota para la clínica (opcional)"
          maxLength={500}
          autosize
          minRows={2}
          value={nota}
          onChange={(e) => setNota(e.currentTarget.value)}
        />
        <Group>
          <Button
            type="submit"
            loading={unirse.isPending}
            leftSection={<IconBellRinging size={18} aria-hidden="true" />}
          >
            {paciente ? 'Agregar a la lista de espera' : 'Avísame si se libera un horario'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TarjetaEntrada({ entrada }: { entrada: EntradaEsperaWire }) {
  const retirar = useRetirarEspera();
  const tituloId = `espera-${entrada.id}`;
  const ultima = entrada.ofertas[0];
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={tituloId}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="h6" id={tituloId}>
            {queEspera(entrada)}
          </Title>
          <Badge variant="light" color={entrada.estado === 'activa' ? 'blue' : 'gray'}>
            {estadoEsperaNombres[entrada.estado]}
          </Badge>
        </Group>
        <Text size="sm">
          {entrada.doctor ? `Con ${entrada.doctor.nombre}` : 'Con cualquier doctor'} · del {formatFecha(entrada.desde)}{' '}
          al {formatFecha(entrada.hasta)}
          {entrada.franjas.length ? ` · ${entrada.franjas.map((f) => franjaNombres[f]).join(' y ')}` : ''}
        </Text>
        {ultima && ultima.estado !== 'ofrecida' && (
          <Text size="xs" c="dimmed">
            Último horario ofrecido: {formatFecha(ultima.inicio)} {formatHora(ultima.inicio)} ·{' '}
            {estadoOfertaNombres[ultima.estado]}
          </Text>
        )}
        <AlertaFallo titulo="No se pudo retirar" mensaje={retirar.error?.message} />
        {entrada.estado === 'activa' && (
          <Group>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={retirar.isPending}
              onClick={() => retirar.mutate(entrada.id)}
              aria-describedby={tituloId}
            >
              Salir de la lista
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** The «Lista de espera» tab: her entries and the form to join. */
export function PanelListaEspera() {
  const q = useMiEspera();
  const [formulario, setFormulario] = useState(false);
  const entradas = q.data ?? [];
  const activas = entradas.filter((e) => e.estado === 'activa');
  const abrir = (
    <Button
      variant="light"
      leftSection={<IconBellRinging size={18} aria-hidden="true" />}
      onClick={() => setFormulario(true)}
    >
      Avísame si se libera un horario
    </Button>
  );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        ¿No encontraste horario? Entra a la lista de espera: si alguien cancela, te ofrecemos el horario por
        notificación y correo, en orden de llegada.
      </Text>
      {formulario ? (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <FormularioEspera onListo={() => setFormulario(false)} />
        </Paper>
      ) : (
        entradas.length > 0 && <Group>{abrir}</Group>
      )}
      {q.isSuccess && entradas.length === 0 && !formulario ? (
        <EstadoVacio
          icono={<IconBellRinging size={26} stroke={1.6} aria-hidden="true" />}
          titulo="No estás en la lista de espera"
          descripcion="Te avisamos si se libera un horario para tu evaluación o tu procedimiento."
          accion={abrir}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {[...activas, ...entradas.filter((e) => e.estado !== 'activa')].map((e) => (
            <TarjetaEntrada key={e.id} entrada={e} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
