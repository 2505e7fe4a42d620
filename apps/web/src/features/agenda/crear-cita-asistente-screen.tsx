// /crearcitaasistente: staff book for a patient from the desk, keyboard first. Patient (server search by name or
// document), type, procedure when the type is procedimiento, doctor (or any), day (Sundays and holidays
// disabled), one of the free times, motivo; the summary beside the form is the confirmation. Each attempt
// sends an Idempotency-Key, reused only when the same booking is retried (a double submit books once); a 409
// shows the server's message and the next free times it offers.
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconCalendarCheck, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TipoCita } from '@clinica/contracts/citas';
import { permite } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { esDiaNoHabil, FECHA, fechaEnZona, instanteLocal } from '@clinica/contracts/tiempo';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { PARAM_PROCEDIMIENTO_CITA, paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora, formatFechaLarga, formatHora, hoy, zonaClinica } from '../../lib/tiempo.ts';
import { useBuscarPacientes, usePacienteElegida, useProcedimientosActivos } from './api/pacientes-y-procedimientos.ts';
import { useCrearCita } from '../../lib/api/citas/crear-cita.ts';
import type { CitaWire, CrearCitaBody } from '../../lib/api/citas/tipos.ts';
import { useDisponibilidad, type EspacioWire } from '../../lib/api/disponibilidad/get-disponibilidad.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { nombreTipo, tiposCita } from './agenda-textos.ts';
import { claveEspacio, HorariosLibres } from './components/horarios-libres.tsx';
import { SoloPersonal } from './components/solo-personal.tsx';

export const ESPERA_BUSQUEDA_MS = 300;

type Errores = Partial<Record<'paciente' | 'procedimiento' | 'dia' | 'hora', string>>;

/** A fresh Idempotency-Key (8-100 visible ASCII characters). */
function nuevaClave(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The next free times a 409 HORARIO_OCUPADO carries, or null for any other failure. */
function siguientesLibres(error: unknown): EspacioWire[] | null {
  if (!(error instanceof ApiClientError) || error.code !== 'HORARIO_OCUPADO') return null;
  const datos = (error as ApiClientError & { datos?: unknown }).datos as { siguientes?: unknown } | undefined;
  return Array.isArray(datos?.siguientes) ? (datos.siguientes as EspacioWire[]) : [];
}

const etiquetaPaciente = (u: Pick<UsuarioWire, 'nombre' | 'tipodocumento' | 'numerodocumento'>) =>
  `${u.nombre} · ${u.tipodocumento} ${u.numerodocumento}`;

function CrearCitaAsistenteScreenContenido() {
  usePageMeta({ title: 'Agendar una cita' });
  const { userRole } = useAuth();
  const puedeCrearPaciente = permite(usuariosRutas.crearAdmin.auth, userRole);
  // The calendar's "Nueva cita" passes the day and doctor it was showing.
  const [sp] = useSearchParams();
  const fechaInicial = sp.get('fecha') ?? '';
  const doctorInicial = Number(sp.get('doctor'));
  // «Reservar valoración» on a service page, followed by staff: the treatment the patient asked about.
  const valorOrigen = sp.get(PARAM_PROCEDIMIENTO_CITA) ?? '';
  const procedimientoOrigen = /^\d{1,9}$/.test(valorOrigen) ? Number(valorOrigen) : null;
  // The desk's confirmation after registering a patient («Agendar cita») passes her id.
  const valorPaciente = sp.get('paciente') ?? '';
  const pacienteInicial = /^[1-9]\d{0,8}$/.test(valorPaciente) ? Number(valorPaciente) : null;

  const [paciente, setPaciente] = useState<UsuarioWire | null>(null);
  const [busqueda, setBusqueda] = useState('');
  const elegida = usePacienteElegida(pacienteInicial);
  const [inicialAplicada, setInicialAplicada] = useState(false);
  // Once, when she arrives: an active patient only (anyone else is left for the desk to search).
  if (!inicialAplicada && elegida.data) {
    setInicialAplicada(true);
    if (elegida.data.rol === 'paciente' && elegida.data.estado) {
      setPaciente(elegida.data);
      setBusqueda(etiquetaPaciente(elegida.data));
    }
  }
  const [debounced] = useDebouncedValue(busqueda, ESPERA_BUSQUEDA_MS);
  const [tipo, setTipo] = useState<TipoCita>('evaluacion');
  const [procedimientoId, setProcedimientoId] = useState<string | null>(null);
  const [doctorId, setDoctorId] = useState<string>(
    Number.isInteger(doctorInicial) && doctorInicial > 0 ? String(doctorInicial) : '',
  );
  const [dia, setDia] = useState<string | null>(
    FECHA.test(fechaInicial) && fechaInicial >= hoy() && !esDiaNoHabil(fechaInicial) ? fechaInicial : null,
  );
  const [espacio, setEspacio] = useState<EspacioWire | null>(null);
  // null until the person writes one: meanwhile the treatment they came from, if any, is the proposed reason.
  const [motivoEscrito, setMotivo] = useState<string | null>(null);
  const [errores, setErrores] = useState<Errores>({});
  const [fallo, setFallo] = useState<{ mensaje: string; siguientes: EspacioWire[] | null } | null>(null);
  const [agendada, setAgendada] = useState<CitaWire | null>(null);
  const intento = useRef<{ cuerpo: string; clave: string } | null>(null);

  // While a patient is chosen the box shows their label: search only what the person types.
  const textoBusqueda = paciente && busqueda === etiquetaPaciente(paciente) ? '' : debounced;
  const pacientes = useBuscarPacientes(textoBusqueda);
  const doctores = useDoctores();
  const procedimientos = useProcedimientosActivos(tipo === 'procedimiento' || procedimientoOrigen !== null);
  const crear = useCrearCita();

  const listaPacientes = pacientes.data?.items ?? [];
  const opcionesPaciente = [
    ...(paciente && !listaPacientes.some((p) => p.id === paciente.id) ? [paciente] : []),
    ...listaPacientes,
  ].map((p) => ({ value: String(p.id), label: etiquetaPaciente(p) }));

  const procedimiento = procedimientos.data?.items.find((p) => String(p.id) === procedimientoId) ?? null;
  const origen = procedimientos.data?.items.find((p) => p.id === procedimientoOrigen);
  const motivo = motivoEscrito ?? (origen ? `Valoración para ${origen.nombre}` : '');
  const listo = !!dia && (tipo !== 'procedimiento' || !!procedimientoId);
  const libres = useDisponibilidad(
    listo
      ? {
          doctor_id: doctorId ? Number(doctorId) : undefined,
          tipo,
          procedimiento_id: tipo === 'procedimiento' && procedimientoId ? Number(procedimientoId) : undefined,
          desde: dia,
          hasta: dia,
        }
      : null,
  );
  const nombreDoctor = (id: number) => doctores.data?.find((d) => d.id === id)?.nombre ?? `Doctor ${id}`;

  function limpiarHora() {
    setEspacio(null);
    setFallo(null);
  }

  function validar(): Errores {
    const e: Errores = {};
    if (!paciente) e.paciente = 'Elige la paciente de la cita.';
    if (tipo === 'procedimiento' && !procedimientoId) e.procedimiento = 'Elige el procedimiento de la cita.';
    if (!dia) e.dia = 'Elige el día de la cita.';
    if (!espacio) e.hora = 'Elige una de las horas libres.';
    return e;
  }

  function confirmar() {
    const e = validar();
    setErrores(e);
    if (Object.keys(e).length > 0 || !paciente || !espacio) return;
    setFallo(null);
    const body: CrearCitaBody = {
      doctor_id: espacio.doctor_id,
      inicio: espacio.inicio,
      tipo,
      paciente_id: paciente.id,
      ...(tipo === 'procedimiento' && procedimientoId ? { procedimiento_id: Number(procedimientoId) } : {}),
      ...(motivo.trim() ? { motivo: motivo.trim() } : {}),
    };
    const cuerpo = JSON.stringify(body);
    if (intento.current?.cuerpo !== cuerpo) intento.current = { cuerpo, clave: nuevaClave() };
    crear.mutate(
      { body, clave: intento.current.clave },
      {
        onSuccess: (c) => {
          intento.current = null;
          notifications.show({
            color: 'green',
            title: 'Cita agendada',
            message: `${c.usuario.nombre}, ${formatFechaHora(c.inicio)} con ${c.doctor.nombre}.`,
          });
          setAgendada(c);
          setPaciente(null);
          setBusqueda('');
          setEspacio(null);
          setMotivo('');
          setErrores({});
        },
        onError: (err) => {
          const siguientes = siguientesLibres(err);
          if (siguientes) setEspacio(null);
          setFallo({ mensaje: mensajeDeError(err, 'No pudimos agendar la cita. Inténtalo de nuevo.'), siguientes });
          notifications.show({
            color: 'red',
            title: 'No se agendó la cita',
            message: mensajeDeError(err, 'No pudimos agendar la cita. Inténtalo de nuevo.'),
          });
        },
      },
    );
  }

  function elegirSiguiente(e: EspacioWire) {
    setDia(fechaEnZona(new Date(e.inicio), zonaClinica));
    setEspacio(e);
    setFallo(null);
  }

  const fechaCalendario = agendada ? fechaEnZona(new Date(agendada.inicio), zonaClinica) : null;

  return (
    <>
      <PageHeader
        eyebrow="Agenda"
        title="Agendar una cita"
        description="Busca a la paciente, elige el tipo de cita, el doctor y una hora libre, y confirma."
      />
      {agendada && (
        <Alert
          color="green"
          variant="light"
          mb="lg"
          title="Cita agendada"
          icon={<IconCalendarCheck size={20} aria-hidden="true" />}
          withCloseButton
          closeButtonLabel="Cerrar aviso"
          onClose={() => setAgendada(null)}
        >
          <Stack gap={6}>
            <Text size="sm">
              {agendada.usuario.nombre} tiene {nombreTipo[agendada.tipo].toLowerCase()} el{' '}
              {formatFechaHora(agendada.inicio)} con {agendada.doctor.nombre}.
            </Text>
            <Group gap="md">
              <Anchor component={Link} to={paths.detallesCita(agendada.id)} size="sm">
                Ver detalles de la cita
              </Anchor>
              <Anchor
                component={Link}
                to={`${paths.calendarioCitas}?fecha=${fechaCalendario}&doctor=${agendada.doctor.id}`}
                size="sm"
              >
                Verla en el calendario
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper
            withBorder
            p={{ base: 'md', sm: 'lg' }}
            component="form"
            noValidate
            aria-label="Datos de la cita"
            onSubmit={(e) => {
              e.preventDefault();
              confirmar();
            }}
          >
            <Stack gap="lg">
              <Stack gap={6}>
                <Select
                  label="Paciente"
                  placeholder="Escribe el nombre o el documento"
                  searchable
                  clearable
                  required
                  data={opcionesPaciente}
                  value={paciente ? String(paciente.id) : null}
                  searchValue={busqueda}
                  onSearchChange={setBusqueda}
                  onChange={(v) => {
                    const p =
                      listaPacientes.find((x) => String(x.id) === v) ?? (paciente?.id === Number(v) ? paciente : null);
                    setPaciente(p ?? null);
                    setErrores((e) => ({ ...e, paciente: undefined }));
                  }}
                  // The server already searched name, document and e-mail.
                  filter={({ options }) => options}
                  nothingFoundMessage={
                    pacientes.isFetching
                      ? 'Buscando…'
                      : textoBusqueda
                        ? `No encontramos pacientes activos con «${textoBusqueda}».`
                        : 'Escribe para buscar'
                  }
                  leftSection={<IconSearch size={16} aria-hidden="true" />}
                  error={errores.paciente}
                  data-autofocus
                />
                {puedeCrearPaciente ? (
                  <Anchor component={Link} to={paths.crearPacienteSinCuenta} size="sm" w="fit-content">
                    <Group gap={4} component="span">
                      <IconUserPlus size={16} aria-hidden="true" />
                      ¿No tiene cuenta? Crear paciente
                    </Group>
                  </Anchor>
                ) : (
                  <Text size="xs" c="dimmed">
                    ¿No tiene cuenta? Puede registrarse en el sitio de la clínica, o pide a un administrador que la
                    cree.
                  </Text>
                )}
              </Stack>

              <Stack gap={6}>
                <Text size="sm" fw={500} id="tipo-cita-label">
                  Tipo de cita
                </Text>
                <SegmentedControl
                  aria-labelledby="tipo-cita-label"
                  value={tipo}
                  onChange={(v) => {
                    setTipo(v as TipoCita);
                    limpiarHora();
                  }}
                  data={tiposCita.map((t) => ({ value: t, label: nombreTipo[t] }))}
                  fullWidth
                  maw={480}
                />
              </Stack>

              {tipo === 'procedimiento' && (
                <Select
                  label="Procedimiento"
                  placeholder={procedimientos.isPending ? 'Cargando procedimientos…' : 'Elige el procedimiento'}
                  searchable
                  required
                  data={(procedimientos.data?.items ?? [])
                    .filter((p) => p.activo)
                    .map((p) => ({ value: String(p.id), label: p.nombre }))}
                  value={procedimientoId}
                  onChange={(v) => {
                    setProcedimientoId(v);
                    limpiarHora();
                    setErrores((e) => ({ ...e, procedimiento: undefined }));
                  }}
                  nothingFoundMessage="Ningún procedimiento coincide"
                  error={
                    errores.procedimiento ??
                    (procedimientos.isError
                      ? mensajeDeError(procedimientos.error, 'No pudimos cargar los procedimientos.')
                      : undefined)
                  }
                  description={
                    procedimiento
                      ? `${procedimiento.duracion_minutos} min${procedimiento.requiere_evaluacion ? ' · requiere una evaluación previa realizada' : ''}`
                      : undefined
                  }
                />
              )}

              <Grid gap="md">
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <Select
                    label="Doctor"
                    data={[
                      { value: '', label: 'Cualquier doctor' },
                      ...(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre })),
                    ]}
                    value={doctorId}
                    onChange={(v) => {
                      setDoctorId(v ?? '');
                      limpiarHora();
                    }}
                    allowDeselect={false}
                    error={
                      doctores.isError ? mensajeDeError(doctores.error, 'No pudimos cargar los doctores.') : undefined
                    }
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 6 }}>
                  <DatePickerInput
                    label="Día"
                    placeholder="Elige el día"
                    // Mantine's picker placeholder is too pale for AA; the dimmed text colour passes.
                    styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
                    required
                    value={dia}
                    onChange={(d) => {
                      setDia(d);
                      limpiarHora();
                      setErrores((e) => ({ ...e, dia: undefined }));
                    }}
                    minDate={hoy()}
                    excludeDate={esDiaNoHabil}
                    valueFormat="DD/MM/YYYY"
                    leftSection={<IconCalendar size={16} aria-hidden="true" />}
                    error={errores.dia}
                    description="Domingos y festivos no se atiende."
                  />
                </Grid.Col>
              </Grid>

              {dia && !listo && (
                <Text size="sm" c="dimmed">
                  Elige el procedimiento para ver las horas libres.
                </Text>
              )}
              {listo && dia && (
                <Stack gap={4}>
                  <HorariosLibres
                    legend={`Horas libres del ${formatFechaLarga(instanteLocal(dia, '12:00', zonaClinica))}`}
                    espacios={libres.data}
                    cargando={libres.isPending}
                    error={libres.isError ? mensajeDeError(libres.error, 'No pudimos cargar las horas libres.') : null}
                    value={espacio ? claveEspacio(espacio) : null}
                    onChange={(_k, e) => {
                      setEspacio(e);
                      setFallo(null);
                      setErrores((x) => ({ ...x, hora: undefined }));
                    }}
                    nombreDoctor={nombreDoctor}
                  />
                  {errores.hora && (
                    <Text size="sm" c="red" role="alert">
                      {errores.hora}
                    </Text>
                  )}
                </Stack>
              )}

              <Textarea
                label="Motivo de la consulta"
                description="Opcional. Lo que la paciente quiere tratar o consultar."
                value={motivo}
                onChange={(e) => setMotivo(e.currentTarget.value)}
                autosize
                minRows={2}
                maxLength={1000}
              />
              {/* Enter in a field submits the form: the same as the summary's button. */}
              <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper
            withBorder
            p={{ base: 'md', sm: 'lg' }}
            style={{ position: 'sticky', top: 'calc(var(--clinica-header-height) + 16px)' }}
            component="section"
            aria-labelledby="resumen-cita"
          >
            <Stack gap="md">
              <Title order={2} fz="h4" id="resumen-cita">
                Resumen
              </Title>
              <Stack gap={8} component="dl" m={0}>
                {[
                  ['Paciente', paciente?.nombre ?? 'Sin elegir'],
                  [
                    'Tipo',
                    nombreTipo[tipo] + (tipo === 'procedimiento' && procedimiento ? `: ${procedimiento.nombre}` : ''),
                  ],
                  [
                    'Doctor',
                    espacio
                      ? nombreDoctor(espacio.doctor_id)
                      : doctorId
                        ? nombreDoctor(Number(doctorId))
                        : 'Cualquier doctor',
                  ],
                  [
                    'Fecha y hora',
                    espacio
                      ? `${formatFechaLarga(espacio.inicio)}, ${formatHora(espacio.inicio)}`
                      : dia
                        ? `${formatFechaLarga(instanteLocal(dia, '12:00', zonaClinica))}, sin hora`
                        : 'Sin elegir',
                  ],
                ].map(([k, v]) => (
                  <div key={k}>
                    <Text component="dt" size="xs" c="dimmed" fw={600}>
                      {k}
                    </Text>
                    <Text component="dd" m={0} size="sm">
                      {v}
                    </Text>
                  </div>
                ))}
              </Stack>
              {fallo && (
                <Alert color="red" variant="light" role="alert" title="No se agendó la cita">
                  <Stack gap="xs">
                    <Text size="sm">{fallo.mensaje}</Text>
                    {fallo.siguientes && fallo.siguientes.length > 0 && (
                      <>
                        <Text size="sm" fw={600}>
                          Próximas horas libres:
                        </Text>
                        <Group gap={6}>
                          {fallo.siguientes.slice(0, 6).map((e) => (
                            <Button
                              key={claveEspacio(e)}
                              size="compact-sm"
                              variant="default"
                              onClick={() => elegirSiguiente(e)}
                            >
                              {formatFechaHora(e.inicio)}
                              {doctorId ? '' : ` · ${nombreDoctor(e.doctor_id)}`}
                            </Button>
                          ))}
                        </Group>
                      </>
                    )}
                  </Stack>
                </Alert>
              )}
              <Button
                onClick={confirmar}
                loading={crear.isPending}
                leftSection={<IconCalendarCheck size={18} aria-hidden="true" />}
                fullWidth
              >
                Confirmar cita
              </Button>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
}

export default function CrearCitaAsistenteScreen() {
  return (
    <SoloPersonal>
      <CrearCitaAsistenteScreenContenido />
    </SoloPersonal>
  );
}
