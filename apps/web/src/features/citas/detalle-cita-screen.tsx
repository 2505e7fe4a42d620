// /detallescitas/:id and /citas/:id (same screen, issue 8): every field of one appointment, its badges and what
// this viewer may do. Staff: confirm, mark realizada (only the appointment's doctor, once it started), cancel
// with a reason, edit. The patient: cancel or reschedule their own up to 24 hours before. The server checks all.
import { MENSAJES_CITAS } from '@clinica/contracts/citas';
import { normalizarRol, permite } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import { Anchor, Button, Divider, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconChecks, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EstadoError } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora, formatFechaLarga, formatHora } from '../../lib/tiempo.ts';
import { useCita, useEditarEstadoCita, type CitaWire } from './api/citas-api.ts';
import { useConsentimiento } from './api/consentimientos-api.ts';
import { useEvolucion } from './api/evoluciones-api.ts';
import { BotonPeligro } from './components/boton-peligro.tsx';
import { CancelarCitaModal } from './components/cancelar-cita-modal.tsx';
import { EstadoCitaBadge, TipoCitaBadge } from '../../components/cita-badges.tsx';
import { Dato } from './components/dato.tsx';
import { ConsentimientoInformado } from './components/consentimiento-informado.tsx';
import { FotosClinicas } from './components/fotos-clinicas.tsx';
import { NotaEvolucion } from './components/nota-evolucion.tsx';
import { PlanSeguimiento } from './components/plan-seguimiento.tsx';
import { ResultadosExamen } from './components/resultados-examen.tsx';
import { ReagendarCitaModal } from './components/reagendar-cita-modal.tsx';
import classes from './citas.module.css';
import { idDeRuta } from './id-de-ruta.ts';
import { activa, permisoCancelarPaciente, permisoReagendarPaciente } from './reglas.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function AccionesPersonal({ cita, esSuDoctor }: { cita: CitaWire; esSuDoctor: boolean }) {
  const estado = useEditarEstadoCita();
  const [cancelando, setCancelando] = useState<CitaWire | null>(null);
  // Read once per mount: a screen left open does not flip on its own (the server decides anyway).
  const [ahora] = useState(() => Date.now());
  const empezo = Date.parse(cita.inicio) <= ahora;
  // DOMAIN.md: realizada needs the signed clinical note (the same query as the note section: one request).
  const nota = useEvolucion(cita.id, esSuDoctor && cita.estado === 'confirmada');
  const notaFirmada = nota.data?.evolucion?.estado === 'firmada';
  // A procedure also needs the patient's signed consent (the same query as the consent section).
  const esProcedimiento = cita.tipo === 'procedimiento';
  const consentimiento = useConsentimiento(cita.id, esSuDoctor && cita.estado === 'confirmada' && esProcedimiento);
  const consentido =
    !esProcedimiento ||
    !!consentimiento.data?.consentimientos.some((c) => c.estado === 'firmado' && !c.otro_procedimiento);

  const cambiar = (nuevo: 'confirmada' | 'realizada') =>
    estado.mutate(
      { id: cita.id, estado: nuevo },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            message: nuevo === 'confirmada' ? 'La cita quedó confirmada.' : 'La cita quedó marcada como realizada.',
          }),
        onError: (e) => notifications.show({ color: 'red', title: 'No pudimos cambiar el estado', message: e.message }),
      },
    );

  const marcarRealizada = () =>
    modals.openConfirmModal({
      title: '¿Marcar la cita como realizada?',
      children: (
        <Text size="sm">
          Quedará registrada como atendida por ti. Una cita realizada ya no se puede cambiar ni cancelar.
        </Text>
      ),
      labels: { confirm: 'Marcar realizada', cancel: 'Volver' },
      onConfirm: () => cambiar('realizada'),
    });

  let avisoRealizada: string | null = null;
  if (cita.estado === 'confirmada' && !esSuDoctor)
    avisoRealizada = 'Solo el doctor de la cita la marca como realizada.';
  else if (cita.estado === 'confirmada' && !empezo)
    avisoRealizada = 'Podrás marcarla como realizada cuando empiece la cita.';
  else if (cita.estado === 'confirmada' && !notaFirmada)
    avisoRealizada = 'Para marcarla como realizada, primero escribe y firma su nota de evolución.';
  else if (cita.estado === 'confirmada' && !consentido)
    avisoRealizada =
      'Para marcarla como realizada, la paciente o el paciente debe firmar antes el consentimiento informado.';

  return (
    <Stack gap="xs">
      <Group gap="sm">
        {cita.estado === 'pendiente' && (
          <Button
            leftSection={<IconCheck size={18} aria-hidden="true" />}
            onClick={() => cambiar('confirmada')}
            loading={estado.isPending && estado.variables?.estado === 'confirmada'}
          >
            Confirmar cita
          </Button>
        )}
        {cita.estado === 'confirmada' && (
          <Button
            leftSection={<IconChecks size={18} aria-hidden="true" />}
            onClick={marcarRealizada}
            disabled={!esSuDoctor || !empezo || !notaFirmada || !consentido}
            loading={estado.isPending && estado.variables?.estado === 'realizada'}
          >
            Marcar realizada
          </Button>
        )}
        {cita.estado !== 'cancelada' && (
          <Button
            component={Link}
            to={paths.editarCita(cita.id)}
            variant="default"
            leftSection={<IconPencil size={18} aria-hidden="true" />}
          >
            Editar
          </Button>
        )}
        {activa(cita) && <BotonPeligro onClick={() => setCancelando(cita)}>Cancelar cita</BotonPeligro>}
      </Group>
      {avisoRealizada && (
        <Text size="sm" c="dimmed">
          {avisoRealizada}
        </Text>
      )}
      {cita.estado === 'cancelada' && (
        <Text size="sm" c="dimmed">
          {MENSAJES_CITAS.cancelada}
        </Text>
      )}
      <CancelarCitaModal cita={cancelando} onClose={() => setCancelando(null)} paraPaciente={false} />
    </Stack>
  );
}

function AccionesPaciente({ cita }: { cita: CitaWire }) {
  const [cancelando, setCancelando] = useState<CitaWire | null>(null);
  const [reagendando, setReagendando] = useState<CitaWire | null>(null);
  if (!activa(cita)) return null;
  const cancelar = permisoCancelarPaciente(cita);
  const reagendar = permisoReagendarPaciente(cita);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button variant="light" disabled={!reagendar.puede} onClick={() => setReagendando(cita)}>
          Reagendar
        </Button>
        <BotonPeligro disabled={!cancelar.puede} onClick={() => setCancelando(cita)}>
          Cancelar cita
        </BotonPeligro>
      </Group>
      <Text size="sm" c="dimmed">
        {MENSAJES_CITAS.tarde}
      </Text>
      <CancelarCitaModal cita={cancelando} onClose={() => setCancelando(null)} paraPaciente />
      <ReagendarCitaModal cita={reagendando} onClose={() => setReagendando(null)} />
    </Stack>
  );
}

function Detalle({ cita }: { cita: CitaWire }) {
  const { userRole, userId } = useAuth();
  const personal = permite(citasRutas.editar.auth, userRole);
  const esSuDoctor = normalizarRol(userRole) === 'doctor' && userId === cita.doctor.id;
  const esPropia = userId === cita.usuario.id;
  const solicitados = cita.procedimientos_solicitados;
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.tarjeta}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Title order={2} fz="h3">
                {capital(formatFechaLarga(cita.inicio))}
              </Title>
              <Text c="dimmed">
                {formatHora(cita.inicio)} – {formatHora(cita.fin)}
              </Text>
            </div>
            <Group gap="xs">
              <TipoCitaBadge tipo={cita.tipo} size="lg" />
              <EstadoCitaBadge estado={cita.estado} size="lg" />
            </Group>
          </Group>
          <Divider />
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" verticalSpacing="lg">
            <Dato etiqueta="Número de cita">{cita.id}</Dato>
            <Dato etiqueta="Fecha y hora">{formatFechaHora(cita.inicio)}</Dato>
            <Dato etiqueta="Doctor">{cita.doctor.nombre}</Dato>
            <Dato etiqueta="Paciente">
              {personal ? (
                <Anchor component={Link} to={paths.citasPaciente(cita.usuario.id)}>
                  {cita.usuario.nombre}
                </Anchor>
              ) : (
                cita.usuario.nombre
              )}
            </Dato>
            {(personal || esPropia) && (
              <>
                <Dato etiqueta="Documento">{cita.usuario.numerodocumento}</Dato>
                <Dato etiqueta="Correo">{cita.usuario.correo}</Dato>
                <Dato etiqueta="Teléfono">{cita.usuario.telefono ?? 'Sin número de teléfono'}</Dato>
              </>
            )}
            <Dato etiqueta="Procedimiento">{cita.procedimiento?.nombre ?? 'Sin procedimiento'}</Dato>
            <Dato etiqueta="Tratamientos a evaluar">
              {solicitados.length === 0 ? (
                'Ninguno'
              ) : (
                <List size="sm">
                  {solicitados.map((p) => (
                    <List.Item key={p.id}>{p.nombre}</List.Item>
                  ))}
                </List>
              )}
            </Dato>
            <Dato etiqueta="Motivo">{cita.motivo || 'Sin motivo'}</Dato>
            {/* Staff notes: for the clinic's people, not the patient. */}
            {personal && <Dato etiqueta="Observaciones">{cita.observaciones || 'Sin observaciones'}</Dato>}
            {cita.estado === 'cancelada' && (
              <Dato etiqueta="Motivo de la cancelación">{cita.motivo_cancelacion || 'Sin motivo'}</Dato>
            )}
            <Dato etiqueta="Agendada el">{formatFechaHora(cita.creada_en)}</Dato>
            <Dato etiqueta="Última actualización">{formatFechaHora(cita.actualizada_en)}</Dato>
          </SimpleGrid>
        </Stack>
      </Paper>
      {/* Issue 9: the clinical note, for whoever may read it (the component asks nothing for the others). */}
      {/* Issue 9, item 5: the procedure's informed consent, signed before it (procedure appointments only). */}
      {cita.estado !== 'cancelada' && <ConsentimientoInformado cita={cita} />}
      {cita.estado !== 'cancelada' && <NotaEvolucion cita={cita} />}
      {/* Issue 9, item 4: the follow-up plan recorded on the note, and the series it proposes. */}
      {cita.estado !== 'cancelada' && <PlanSeguimiento cita={cita} />}
      {/* Issue 9, items 4 and 6: the patient's exam results and the before/after photos (kept if cancelled). */}
      <ResultadosExamen cita={cita} />
      <FotosClinicas cita={cita} />
      <section aria-label="Acciones de la cita">
        {personal ? (
          <AccionesPersonal cita={cita} esSuDoctor={esSuDoctor} />
        ) : esPropia ? (
          <AccionesPaciente cita={cita} />
        ) : null}
      </section>
    </Stack>
  );
}

export default function DetalleCitaScreen() {
  const { id: param } = useParams();
  const id = idDeRuta(param);
  usePageMeta({ title: 'Detalle de la cita' });
  const { userRole } = useAuth();
  const cita = useCita(id);
  const volver = permite(citasRutas.listar.auth, userRole) ? paths.consultarCitas : paths.misCitas;

  let contenido;
  const noExiste =
    id === 0 || (cita.error instanceof ApiClientError && (cita.error.status === 404 || cita.error.status === 403));
  if (noExiste)
    contenido = (
      <EstadoVacio
        titulo={MENSAJES_CITAS.noEncontrada}
        descripcion="Puede que el enlace esté incompleto o que la cita no sea tuya."
        accion={
          <Button component={Link} to={volver}>
            Ver citas
          </Button>
        }
      />
    );
  else if (cita.isPending) contenido = <SkeletonLineas lineas={6} etiqueta="Cargando la cita…" />;
  else if (cita.isError)
    contenido = (
      <EstadoError
        titulo="No se pudo cargar la cita"
        mensaje={cita.error.message}
        onRetry={() => void cita.refetch()}
        reintentando={cita.isFetching}
      />
    );
  else contenido = <Detalle cita={cita.data} />;

  return (
    <>
      <PageHeader
        title="Detalle de la cita"
        actions={
          <Button
            component={Link}
            to={volver}
            variant="subtle"
            leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
          >
            {volver === paths.misCitas ? 'Mis citas' : 'Consultar citas'}
          </Button>
        }
      />
      {contenido}
    </>
  );
}
