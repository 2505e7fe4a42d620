// /miscitas (issue 8): the patient's upcoming and past appointments. Upcoming ones can be cancelled (with a
// reason) or rescheduled up to 24 hours before; inside that window the buttons are disabled and say why.
import { MENSAJES_CITAS } from '@clinica/contracts/citas';
import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconCalendarTime, IconClock, IconStethoscope } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonTarjetas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { formatFechaLarga, formatHora } from '../../lib/tiempo.ts';
import { useMisCitas } from '../../lib/api/citas/get-mis-citas.ts';
import type { CitaWire } from '../../lib/api/citas/tipos.ts';
import { BotonPagarEnLinea } from '../../components/pagos/boton-pagar-en-linea.tsx';
import { BotonPeligro } from './components/boton-peligro.tsx';
import { CancelarCitaModal } from '../../components/citas/cancelar-cita-modal.tsx';
import { EstadoCitaBadge, TipoCitaBadge } from '../../components/cita-badges.tsx';
import { AnticipoBadge, textoAnticipo } from '../../components/citas/anticipo-cita.tsx';
import { ReagendarCitaModal } from './components/reagendar-cita-modal.tsx';
import classes from './citas.module.css';
import { permisoCancelarPaciente, permisoReagendarPaciente, proxima } from './reglas.ts';
import { ErrorDeCarga } from './components/seccion-cita.tsx';
import { OfertasAbiertas, PanelListaEspera } from '../../components/espera/espera-paciente.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function TarjetaCita({
  cita,
  onCancelar,
  onReagendar,
}: {
  cita: CitaWire;
  onCancelar?: (c: CitaWire) => void;
  onReagendar?: (c: CitaWire) => void;
}) {
  const cancelar = permisoCancelarPaciente(cita);
  const reagendar = permisoReagendarPaciente(cita);
  const conAcciones = Boolean(onCancelar && onReagendar);
  const tituloId = `cita-${cita.id}`;
  const procedimientos = cita.procedimiento ? [cita.procedimiento] : cita.procedimientos_solicitados;
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={tituloId} className={classes.tarjeta}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div>
            <Title order={2} fz="h5" id={tituloId}>
              {capital(formatFechaLarga(cita.inicio))}
            </Title>
            <Group gap={6} mt={2}>
              <IconClock size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
              <Text size="sm">
                {formatHora(cita.inicio)} – {formatHora(cita.fin)}
              </Text>
            </Group>
          </div>
          <Group gap={6}>
            <TipoCitaBadge tipo={cita.tipo} />
            <EstadoCitaBadge estado={cita.estado} />
            <AnticipoBadge anticipo={cita.anticipo} />
          </Group>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconStethoscope size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          <Text size="sm">{cita.doctor.nombre}</Text>
        </Group>
        {procedimientos.length > 0 && (
          <Text size="sm" c="dimmed">
            {cita.tipo === 'evaluacion' ? 'Se evaluará: ' : ''}
            {procedimientos.map((p) => p.nombre).join(', ')}
          </Text>
        )}
        {cita.anticipo && (cita.anticipo.estado === 'pendiente' || cita.estado === 'cancelada') && (
          <Text size="sm" c="dimmed">
            {textoAnticipo(cita.anticipo)}
          </Text>
        )}
        {cita.estado === 'cancelada' && cita.motivo_cancelacion && (
          <Text size="sm" c="dimmed">
            Motivo de la cancelación: {cita.motivo_cancelacion}
          </Text>
        )}
        <Group gap="sm" mt={4}>
          {conAcciones && (
            <>
              <Button
                size="sm"
                variant="light"
                disabled={!reagendar.puede}
                onClick={() => onReagendar?.(cita)}
                aria-describedby={!reagendar.puede ? `${tituloId}-plazo` : undefined}
              >
                Reagendar
              </Button>
              <BotonPeligro
                size="sm"
                disabled={!cancelar.puede}
                onClick={() => onCancelar?.(cita)}
                aria-describedby={!cancelar.puede ? `${tituloId}-plazo` : undefined}
              >
                Cancelar
              </BotonPeligro>
              <BotonPagarEnLinea cita={cita} />
            </>
          )}
          <Anchor component={Link} to={paths.detallesCita(cita.id)} size="sm" ml={conAcciones ? 'auto' : undefined}>
            Ver detalle
          </Anchor>
        </Group>
        {conAcciones && !cancelar.puede && (
          <Text size="xs" c="dimmed" id={`${tituloId}-plazo`}>
            {MENSAJES_CITAS.tarde}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export default function MisCitasScreen() {
  usePageMeta({ title: 'Mis citas' });
  const citas = useMisCitas();
  // The waitlist is the patient's (issue 25, item 1); a doctor's «Mis citas» is her agenda.
  const paciente = useAuth().userRole === 'paciente';
  const [aCancelar, setACancelar] = useState<CitaWire | null>(null);
  const [aReagendar, setAReagendar] = useState<CitaWire | null>(null);
  const [pestana, setPestana] = useState<string | null>('proximas');
  // Read once per mount: what counts as upcoming (the 24 h rule is the server's to enforce).
  const [ahora] = useState(() => Date.now());

  const agendar = (
    <Button component={Link} to={paths.crearCita} leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}>
      Agendar una cita
    </Button>
  );

  let contenido;
  if (citas.isPending) contenido = <SkeletonTarjetas cantidad={3} etiqueta="Cargando tus citas…" />;
  else if (citas.isError) contenido = <ErrorDeCarga titulo="No se pudieron cargar las citas" consulta={citas} />;
  else {
    const proximas = citas.data
      .filter((c) => proxima(c, ahora))
      .sort((a, b) => Date.parse(a.inicio) - Date.parse(b.inicio));
    const anteriores = citas.data
      .filter((c) => !proxima(c, ahora))
      .sort((a, b) => Date.parse(b.inicio) - Date.parse(a.inicio));
    contenido = (
      <Tabs value={pestana} onChange={setPestana} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="proximas">Próximas ({proximas.length})</Tabs.Tab>
          <Tabs.Tab value="anteriores">Anteriores ({anteriores.length})</Tabs.Tab>
          {paciente && <Tabs.Tab value="espera">Lista de espera</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="proximas">
          {proximas.length === 0 ? (
            <EstadoVacio
              icono={<IconCalendarTime size={26} stroke={1.6} aria-hidden="true" />}
              titulo="No tienes citas próximas"
              descripcion="Agenda tu valoración y aquí verás el día, la hora y el doctor."
              accion={agendar}
            />
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Puedes cancelar o reagendar hasta 24 horas antes. {MENSAJES_CITAS.tarde}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                {proximas.map((c) => (
                  <TarjetaCita key={c.id} cita={c} onCancelar={setACancelar} onReagendar={setAReagendar} />
                ))}
              </SimpleGrid>
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="anteriores">
          {anteriores.length === 0 ? (
            <EstadoVacio
              icono={<IconCalendarTime size={26} stroke={1.6} aria-hidden="true" />}
              titulo="Aún no tienes citas anteriores"
              descripcion="Aquí quedarán tus citas realizadas y canceladas."
            />
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {anteriores.map((c) => (
                <TarjetaCita key={c.id} cita={c} />
              ))}
            </SimpleGrid>
          )}
        </Tabs.Panel>
        {paciente && (
          <Tabs.Panel value="espera">
            <PanelListaEspera />
          </Tabs.Panel>
        )}
      </Tabs>
    );
  }

  return (
    <>
      <PageHeader
        title="Mis citas"
        description="Tus valoraciones y tratamientos en la clínica."
        actions={citas.isSuccess && citas.data.length > 0 ? agendar : undefined}
      />
      {paciente && <OfertasAbiertas />}
      {contenido}
      <CancelarCitaModal cita={aCancelar} onClose={() => setACancelar(null)} paraPaciente />
      <ReagendarCitaModal cita={aReagendar} onClose={() => setAReagendar(null)} />
    </>
  );
}
