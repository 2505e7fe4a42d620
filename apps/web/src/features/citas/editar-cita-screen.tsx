// /editarcita/:id (staff, issue 8): doctor, date and time (from the free times), type, procedure, motivo and
// observaciones. Only what changed is sent. A cancelled appointment cannot be edited (SPEC 4): the form is
// disabled and says so. A 409 HORARIO_OCUPADO offers the next free times.
import { MENSAJES_CITAS, tiposCita, type TipoCita } from '@clinica/contracts/citas';
import { citasRutas } from '@clinica/contracts/rutas';
import { Alert, Button, Fieldset, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { SoloPersonal } from '../../components/citas/solo-personal.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { formatFechaLarga, formatHora } from '../../lib/tiempo.ts';
import { useOpcionesProcedimiento } from '../../lib/api/procedimientos/get-procedimientos.ts';
import { siguientesLibres } from '../../lib/api/citas/crear-cita.ts';
import { useEditarCita } from '../../lib/api/citas/editar-cita.ts';
import { useCita } from '../../lib/api/citas/get-cita.ts';
import type { CitaWire, EditarCitaBody } from '../../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../../lib/api/disponibilidad/get-disponibilidad.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { EstadoCitaBadge, TipoCitaBadge, etiquetaTipo } from '../../components/cita-badges.tsx';
import { HorariosSugeridos } from './components/horarios-sugeridos.tsx';
import { SelectorHorario } from './components/selector-horario.tsx';
import classes from './citas.module.css';
import { idDeRuta } from '../../lib/id-de-ruta.ts';
import { CitaCargada } from './components/cita-cargada.tsx';

function Formulario({ cita }: { cita: CitaWire }) {
  const navigate = useNavigate();
  const doctores = useDoctores();
  const procedimientos = useOpcionesProcedimiento();
  const editar = useEditarCita(cita.id);
  const cancelada = cita.estado === 'cancelada';

  const [doctorId, setDoctorId] = useState(String(cita.doctor.id));
  const [tipo, setTipo] = useState<TipoCita>(cita.tipo);
  const [procedimientoId, setProcedimientoId] = useState<string | null>(
    cita.procedimiento ? String(cita.procedimiento.id) : null,
  );
  const [espacio, setEspacio] = useState<EspacioWire | null>(null);
  const [motivo, setMotivo] = useState(cita.motivo ?? '');
  const [observaciones, setObservaciones] = useState(cita.observaciones ?? '');
  const [errorProcedimiento, setErrorProcedimiento] = useState<string | null>(null);

  const opcionesProcedimiento = [
    ...(cita.procedimiento ? [cita.procedimiento] : []),
    ...(procedimientos.data ?? []).filter((p) => p.id !== cita.procedimiento?.id),
  ].map((p) => ({ value: String(p.id), label: p.nombre }));
  const opcionesDoctor = [
    ...(doctores.data?.some((d) => d.id === cita.doctor.id) ? [] : [cita.doctor]),
    ...(doctores.data ?? []),
  ].map((d) => ({ value: String(d.id), label: d.nombre }));

  const guardar = (e: EspacioWire | null = espacio) => {
    if (tipo === 'procedimiento' && !procedimientoId) {
      setErrorProcedimiento(MENSAJES_CITAS.procedimientoRequerido);
      return;
    }
    const body: EditarCitaBody = {};
    if (Number(doctorId) !== cita.doctor.id) body.doctor_id = Number(doctorId);
    if (e) {
      body.inicio = e.inicio;
      if (e.doctor_id !== Number(doctorId)) body.doctor_id = e.doctor_id;
    }
    if (tipo !== cita.tipo) body.tipo = tipo;
    const proc = tipo === 'procedimiento' && procedimientoId ? Number(procedimientoId) : null;
    if (proc !== (cita.procedimiento?.id ?? null)) body.procedimiento_id = proc;
    if (motivo.trim() !== (cita.motivo ?? '')) body.motivo = motivo.trim() || null;
    if (observaciones.trim() !== (cita.observaciones ?? '')) body.observaciones = observaciones.trim() || null;
    if (Object.keys(body).length === 0) {
      notifications.show({ color: 'blue', message: 'No hay cambios para guardar.' });
      return;
    }
    editar.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: 'Guardamos los cambios de la cita.' });
        void navigate(paths.detallesCita(cita.id));
      },
      onError: (err) => {
        if (siguientesLibres(err) === null)
          notifications.show({ color: 'red', title: 'No pudimos guardar los cambios', message: err.message });
      },
    });
  };

  const sugeridos = siguientesLibres(editar.error);
  const nombreDoctor = (id: number) => doctores.data?.find((d) => d.id === id)?.nombre;

  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        guardar();
      }}
      noValidate
    >
      <Stack gap="lg">
        {cancelada && (
          <Alert color="red" variant="light" icon={<IconLock size={20} aria-hidden="true" />} role="alert">
            {MENSAJES_CITAS.cancelada}
          </Alert>
        )}
        <Paper withBorder p="md" className={classes.tarjeta}>
          <Group justify="space-between" gap="sm">
            <div>
              <Text fw={600}>{cita.usuario.nombre}</Text>
              <Text size="sm" c="dimmed">
                Ahora: {formatFechaLarga(cita.inicio)}, {formatHora(cita.inicio)} con {cita.doctor.nombre}
              </Text>
            </div>
            <Group gap="xs">
              <TipoCitaBadge tipo={cita.tipo} />
              <EstadoCitaBadge estado={cita.estado} />
            </Group>
          </Group>
        </Paper>

        <Fieldset legend="Datos de la cita" disabled={cancelada} variant="unstyled">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Select
                label="Doctor"
                data={opcionesDoctor}
                value={doctorId}
                onChange={(v) => {
                  if (v) setDoctorId(v);
                  setEspacio(null);
                }}
                allowDeselect={false}
                disabled={cancelada}
              />
              <Select
                label="Tipo"
                data={tiposCita.map((t) => ({ value: t, label: etiquetaTipo(t) }))}
                value={tipo}
                onChange={(v) => {
                  if (v) setTipo(v as TipoCita);
                  setEspacio(null);
                  setErrorProcedimiento(null);
                }}
                allowDeselect={false}
                disabled={cancelada}
              />
              <Select
                label="Procedimiento"
                placeholder={tipo === 'procedimiento' ? 'Elige el procedimiento' : 'Solo para citas de procedimiento'}
                data={opcionesProcedimiento}
                value={tipo === 'procedimiento' ? procedimientoId : null}
                onChange={(v) => {
                  setProcedimientoId(v);
                  setErrorProcedimiento(null);
                  setEspacio(null);
                }}
                searchable
                clearable
                nothingFoundMessage="No hay procedimientos con ese nombre"
                disabled={cancelada || tipo !== 'procedimiento'}
                required={tipo === 'procedimiento'}
                error={errorProcedimiento}
              />
            </SimpleGrid>

            <div>
              <Text fw={600}>Nueva fecha y hora</Text>
              <Text size="sm" c="dimmed" mb="sm">
                Opcional: si no eliges un horario, la cita se queda a la misma hora.
              </Text>
              {cancelada ? (
                <Text size="sm" c="dimmed">
                  No se puede cambiar el horario de una cita cancelada.
                </Text>
              ) : (
                <SelectorHorario
                  nivelTitulo={2}
                  doctorId={Number(doctorId)}
                  tipo={tipo}
                  procedimientoId={tipo === 'procedimiento' && procedimientoId ? Number(procedimientoId) : null}
                  value={espacio}
                  onChange={(e) => {
                    setEspacio(e);
                    editar.reset();
                  }}
                  excluirInicio={cita.inicio}
                />
              )}
            </div>

            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Textarea
                label="Motivo"
                autosize
                minRows={3}
                maxLength={1000}
                value={motivo}
                onChange={(e) => setMotivo(e.currentTarget.value)}
                disabled={cancelada}
              />
              <Textarea
                label="Observaciones"
                description="Notas internas del personal."
                autosize
                minRows={3}
                maxLength={2000}
                value={observaciones}
                onChange={(e) => setObservaciones(e.currentTarget.value)}
                disabled={cancelada}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        {editar.error && sugeridos !== null && (
          <HorariosSugeridos
            mensaje={editar.error.message}
            siguientes={sugeridos}
            nombreDoctor={nombreDoctor}
            onElegir={(e) => {
              setDoctorId(String(e.doctor_id));
              setEspacio(e);
              guardar(e);
            }}
          />
        )}
        {editar.error && sugeridos === null && (
          <Alert color="red" variant="light" role="alert" title="No pudimos guardar los cambios">
            {editar.error.message}
          </Alert>
        )}

        <Group gap="sm">
          <Button type="submit" loading={editar.isPending} disabled={cancelada}>
            Guardar cambios
          </Button>
          <Button component={Link} to={paths.detallesCita(cita.id)} variant="default">
            Volver al detalle
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditarCitaContenido() {
  const { id: param } = useParams();
  const id = idDeRuta(param);
  const cita = useCita(id);

  return (
    <>
      <PageHeader
        title="Editar cita"
        description={cita.data ? `Cita número ${cita.data.id}` : undefined}
        actions={
          id > 0 ? (
            <Button
              component={Link}
              to={paths.detallesCita(id)}
              variant="subtle"
              leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
            >
              Detalle
            </Button>
          ) : undefined
        }
      />
      <CitaCargada
        id={id}
        cita={cita}
        sinCita={{
          descripcion: 'Revisa el enlace o búscala en la lista de citas.',
          accion: (
            <Button component={Link} to={paths.consultarCitas}>
              Consultar citas
            </Button>
          ),
        }}
      >
        {(c) => <Formulario key={c.actualizada_en} cita={c} />}
      </CitaCargada>
    </>
  );
}

// A patient (who reschedules from «Mis citas») sees the one no-access screen, alone.
export default function EditarCitaScreen() {
  usePageMeta({ title: 'Editar cita' });
  return (
    <SoloPersonal
      roles={citasRutas.editar.auth}
      descripcion="Solo el personal de la clínica edita citas. Desde «Mis citas» puedes reagendar o cancelar las tuyas."
    >
      <EditarCitaContenido />
    </SoloPersonal>
  );
}
