// /detallescitas/:id and /citas/:id (same screen, issue 8): every field of one appointment, its badges and what
// this viewer may do, first (issue 27.9). Staff: confirm, mark realizada (only the appointment's doctor, once it
// started, with its note signed and, for a procedure, the consent: the server lists what is missing), cancel with a
// reason, edit. Her doctor also sees the patient's allergies and alert flags and may hand her the tablet to sign the
// consent. The patient: cancel or reschedule their own up to 24 hours before. The server checks all.
import { MENSAJES_CITAS, type banderasAlerta, type RequisitoRealizada } from '@clinica/contracts/citas';
import { normalizarRol, permite } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import { fechaEnZona } from '@clinica/contracts/tiempo';
import { Alert, Anchor, Button, Divider, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AlertasClinicas, SinAlertasClinicas } from '../../components/alertas-clinicas.tsx';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconChecks, IconCircleDashed, IconNotes, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { formatCOP } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora, formatFechaLarga, formatHora, hoy, zonaClinica } from '../../lib/tiempo.ts';
import { useEditarEstadoCita } from '../../lib/api/citas/editar-estado-cita.ts';
import { useCita } from '../../lib/api/citas/get-cita.ts';
import type { CitaWire, DetalleCitaWire } from '../../lib/api/citas/tipos.ts';
import { BotonPeligro } from './components/boton-peligro.tsx';
import { CancelarCitaModal } from '../../components/citas/cancelar-cita-modal.tsx';
import { EstadoCitaBadge, TipoCitaBadge } from '../../components/cita-badges.tsx';
import { AnticipoBadge, AnticipoTexto, yaEmpezo } from '../../components/citas/anticipo-cita.tsx';
import { BotonInasistencia } from '../../components/citas/boton-inasistencia.tsx';
import { causaCancelacionNombres } from '@clinica/contracts/citas';
import { Dato } from '../../components/dato.tsx';
import { ConsentimientoInformado, FirmaEnTableta } from './components/consentimiento-informado.tsx';
import { FotosClinicas } from './components/fotos-clinicas.tsx';
import { NotaEvolucion } from './components/nota-evolucion.tsx';
import { PagoCita } from './components/pago-cita.tsx';
import { BotonPagarEnLinea } from '../../components/pagos/boton-pagar-en-linea.tsx';
import { PlanSeguimiento } from './components/plan-seguimiento.tsx';
import { ResultadosExamen } from './components/resultados-examen.tsx';
import { ReagendarCitaModal } from './components/reagendar-cita-modal.tsx';
import classes from './citas.module.css';
import { idDeRuta } from '../../lib/id-de-ruta.ts';
import { activa, permisoCancelarPaciente, permisoReagendarPaciente } from './reglas.ts';
import { CitaCargada } from './components/cita-cargada.tsx';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Where each missing requirement is dealt with on this screen. */
const ANCLA_REQUISITO: Partial<Record<RequisitoRealizada, { href: string; texto: string }>> = {
  nota: { href: '#nota-evolucion-titulo', texto: 'Ir a la nota de evolución' },
  consentimiento: { href: '#consentimiento-titulo', texto: 'Ir al consentimiento' },
};

function AccionesPersonal({
  cita,
  onEntregarTableta,
}: {
  cita: DetalleCitaWire;
  /** Her doctor, on the appointment's day: hands the patient this device (else the link goes to the consent). */
  onEntregarTableta: (() => void) | undefined;
}) {
  const estado = useEditarEstadoCita();
  const [cancelando, setCancelando] = useState<CitaWire | null>(null);
  // Issue 27.9: what realizada still needs comes from the server, computed by the rules that would refuse it.
  const faltan = cita.realizada?.faltan ?? [];

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

  const idFaltan = `faltan-realizada-${cita.id}`;
  // The server refuses to confirm while the deposit is owed (docs/dinero.md): say so instead of a button that fails.
  const anticipoDebido = cita.anticipo?.estado === 'pendiente' ? cita.anticipo : null;
  const idAnticipo = `anticipo-debido-${cita.id}`;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {cita.estado === 'pendiente' && (
          <Button
            leftSection={<IconCheck size={18} aria-hidden="true" />}
            onClick={() => cambiar('confirmada')}
            disabled={!!anticipoDebido}
            aria-describedby={anticipoDebido ? idAnticipo : undefined}
            loading={estado.isPending && estado.variables?.estado === 'confirmada'}
          >
            Confirmar cita
          </Button>
        )}
        {cita.realizada && (
          <Button
            variant={cita.estado === 'confirmada' ? 'filled' : 'light'}
            leftSection={<IconChecks size={18} aria-hidden="true" />}
            onClick={marcarRealizada}
            disabled={faltan.length > 0}
            aria-describedby={faltan.length ? idFaltan : undefined}
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
        {activa(cita) && yaEmpezo(cita.inicio) && <BotonInasistencia cita={cita} />}
      </Group>
      {cita.estado === 'pendiente' && anticipoDebido && (
        <Text size="sm" c="dimmed" id={idAnticipo}>
          {MENSAJES_CITAS.anticipoSinPagar(formatCOP(anticipoDebido.monto))}
        </Text>
      )}
      {faltan.length > 0 && (
        <div>
          <Text size="sm" fw={600} id={`${idFaltan}-titulo`}>
            Para marcarla como realizada falta:
          </Text>
          <List
            id={idFaltan}
            aria-labelledby={`${idFaltan}-titulo`}
            size="sm"
            spacing={6}
            mt={4}
            icon={<IconCircleDashed size={16} aria-hidden="true" color="var(--mantine-color-orange-text)" />}
          >
            {faltan.map((f) => {
              const ancla = ANCLA_REQUISITO[f.requisito];
              return (
                <List.Item key={f.requisito}>
                  <Text size="sm" span>
                    {f.mensaje}{' '}
                  </Text>
                  {f.requisito === 'consentimiento' && onEntregarTableta ? (
                    <Anchor component="button" type="button" size="sm" fw={600} onClick={onEntregarTableta}>
                      Firmar en esta tableta
                    </Anchor>
                  ) : (
                    ancla && (
                      <Anchor href={ancla.href} size="sm" fw={600}>
                        {ancla.texto}
                      </Anchor>
                    )
                  )}
                </List.Item>
              );
            })}
          </List>
        </div>
      )}
      {cita.estado === 'cancelada' && (
        <Text size="sm" c="dimmed">
          {MENSAJES_CITAS.cancelada}
        </Text>
      )}
      <CancelarCitaModal cita={cancelando} onClose={() => setCancelando(null)} />
    </Stack>
  );
}

/** Flag names as the record shows them (features/historias/historia-textos.ts BANDERAS). */
const NOMBRE_BANDERA: Record<(typeof banderasAlerta)[number], string> = {
  embarazo_lactancia: 'Embarazo o lactancia',
  problemas_coagulacion: 'Problemas de coagulación',
  diabetes: 'Diabetes',
  hipertension: 'Hipertensión',
  epilepsia: 'Epilepsia',
  historial_cancer: 'Antecedente de cáncer',
  consume_tabaco: 'Consume tabaco',
};

/** Issue 27.9: the patient's allergies and alert flags, for her doctor, with the way to her record. */
function AlertasPaciente({
  alertas,
  nombre,
}: {
  alertas: NonNullable<DetalleCitaWire['alertas_paciente']>;
  nombre: string;
}) {
  if (alertas.historia_id === null)
    return (
      <Alert color="gray" variant="light" icon={<IconNotes aria-hidden="true" />} title="Sin historia clínica">
        <Text size="sm">
          {nombre} aún no tiene historia clínica: no sabemos de alergias ni alertas.{' '}
          <Anchor component={Link} to={paths.crearHistorialClinico} size="sm" fw={600}>
            Crear la historia clínica
          </Anchor>
        </Text>
      </Alert>
    );
  const historia = (
    <Anchor component={Link} to={`${paths.detallesHistorialMedico}?id=${alertas.historia_id}`} size="sm" fw={600}>
      Ver la historia clínica
    </Anchor>
  );
  const lista = [
    ...(alertas.alergias.length ? [`Alergias: ${alertas.alergias.join(', ')}`] : []),
    ...alertas.banderas.map((b) => NOMBRE_BANDERA[b]),
  ];
  if (!lista.length)
    return (
      <SinAlertasClinicas titulo="Sin alergias ni alertas">
        <Text size="sm">No hay alergias, embarazo ni condiciones de cuidado registradas. {historia}</Text>
      </SinAlertasClinicas>
    );
  return (
    <AlertasClinicas titulo="Alergias y alertas" alertas={lista}>
      {historia}
    </AlertasClinicas>
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
        <BotonPagarEnLinea cita={cita} />
      </Group>
      <Text size="sm" c="dimmed">
        {MENSAJES_CITAS.tarde}
      </Text>
      <CancelarCitaModal cita={cancelando} onClose={() => setCancelando(null)} paraPaciente />
      <ReagendarCitaModal cita={reagendando} onClose={() => setReagendando(null)} />
    </Stack>
  );
}

function Detalle({ cita }: { cita: DetalleCitaWire }) {
  const { userRole, userId } = useAuth();
  const personal = permite(citasRutas.editar.auth, userRole);
  const esSuDoctor = normalizarRol(userRole) === 'doctor' && userId === cita.doctor.id;
  const esPropia = userId === cita.usuario.id;
  const solicitados = cita.procedimientos_solicitados;
  // Issue 27.9: her doctor hands the patient this device to sign the consent, on the appointment's day only (the
  // patient is with her then; the server refuses it on any other day).
  const [tableta, setTableta] = useState(false);
  const entregarTableta =
    esSuDoctor && fechaEnZona(new Date(cita.inicio), zonaClinica) === hoy() ? () => setTableta(true) : undefined;
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
                {formatHora(cita.inicio)} – {formatHora(cita.fin)} · {cita.usuario.nombre}
              </Text>
            </div>
            <Group gap="xs">
              <TipoCitaBadge tipo={cita.tipo} size="lg" />
              <EstadoCitaBadge estado={cita.estado} size="lg" />
              <AnticipoBadge anticipo={cita.anticipo} size="lg" />
            </Group>
          </Group>
          {cita.anticipo && <AnticipoTexto anticipo={cita.anticipo} />}
          {/* Issue 27.9: what can be done comes first, not under the photos. */}
          {(personal || esPropia) && (
            <section aria-label="Acciones de la cita">
              {personal ? (
                <AccionesPersonal cita={cita} onEntregarTableta={entregarTableta} />
              ) : (
                <AccionesPaciente cita={cita} />
              )}
            </section>
          )}
          {cita.alertas_paciente && <AlertasPaciente alertas={cita.alertas_paciente} nombre={cita.usuario.nombre} />}
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
                <Dato etiqueta="Correo">{cita.usuario.correo ?? 'Sin correo'}</Dato>
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
              <Dato etiqueta="Motivo de la cancelación">
                {cita.causa_cancelacion ? `${causaCancelacionNombres[cita.causa_cancelacion]}: ` : ''}
                {cita.motivo_cancelacion || 'Sin motivo'}
              </Dato>
            )}
            <Dato etiqueta="Agendada el">{formatFechaHora(cita.creada_en)}</Dato>
            <Dato etiqueta="Última actualización">{formatFechaHora(cita.actualizada_en)}</Dato>
          </SimpleGrid>
        </Stack>
      </Paper>
      {/* Issue 23: the desk takes the appointment's balance and prints its receipt (the component checks the role). */}
      <PagoCita cita={cita} />
      {/* Issue 9, item 5: the procedure's informed consent, signed before it (procedure appointments only). */}
      {cita.estado !== 'cancelada' && <ConsentimientoInformado cita={cita} onEntregarTableta={entregarTableta} />}
      {/* Issue 9: the clinical note, for whoever may read it (the component asks nothing for the others). */}
      {cita.estado !== 'cancelada' && <NotaEvolucion cita={cita} />}
      {/* Issue 9, item 4: the follow-up plan recorded on the note, and the series it proposes. */}
      {cita.estado !== 'cancelada' && <PlanSeguimiento cita={cita} />}
      {/* Issue 9, items 4 and 6: the patient's exam results and the before/after photos (kept if cancelled). */}
      <ResultadosExamen cita={cita} />
      <FotosClinicas cita={cita} />
      {esSuDoctor && cita.tipo === 'procedimiento' && (
        <FirmaEnTableta cita={cita} abierta={tableta} onClose={() => setTableta(false)} />
      )}
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
      <CitaCargada
        id={id}
        cita={cita}
        sinCita={{
          descripcion: 'Puede que el enlace esté incompleto o que la cita no sea tuya.',
          accion: (
            <Button component={Link} to={volver}>
              Ver citas
            </Button>
          ),
        }}
      >
        {(c) => <Detalle cita={c} />}
      </CitaCargada>
    </>
  );
}
