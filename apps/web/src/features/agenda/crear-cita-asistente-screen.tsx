// /crearcitaasistente: staff book for a patient from the desk, keyboard first. Patient (server search by name or
// document), type, procedure when the type is procedimiento, doctor (or any), day (Sundays and holidays
// disabled), one of the free times, motivo; the summary beside the form is the confirmation. Each attempt
// sends an Idempotency-Key, reused only when the same booking is retried (a double submit books once); a 409
// shows the server's message and the next free times it offers. The form follows decision 0007
// (components/crear-cita/formulario-cita.ts).
import { Grid, Paper, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { permite } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { fechaEnZona } from '@clinica/contracts/tiempo';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { siguientesLibres, useAgendarCita } from '../../lib/api/citas/crear-cita.ts';
import type { CitaWire, CrearCitaBody } from '../../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../../lib/api/disponibilidad/get-disponibilidad.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { PARAM_PROCEDIMIENTO_CITA } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora, zonaClinica } from '../../lib/tiempo.ts';
import { useProcedimientosActivos } from '../../lib/api/procedimientos/get-procedimientos.ts';
import { useUsuario } from '../../lib/api/usuarios/get-usuario.ts';
import { AvisoCitaAgendada } from './components/crear-cita/aviso-cita-agendada.tsx';
import { CampoPaciente } from './components/crear-cita/campo-paciente.tsx';
import { CamposCita } from './components/crear-cita/campos-cita.tsx';
import { useFormularioCita, valoresIniciales } from './components/crear-cita/formulario-cita.ts';
import { HorasDeLaCita } from './components/crear-cita/horas-de-la-cita.tsx';
import { PaquetesParaLaCita } from './components/crear-cita/paquetes-para-la-cita.tsx';
import { ResumenCita, type Fallo } from './components/crear-cita/resumen-cita.tsx';
import { SoloPersonal } from '../../components/citas/solo-personal.tsx';

export { ESPERA_BUSQUEDA_MS } from './components/crear-cita/campo-paciente.tsx';

const NO_SE_AGENDO = 'No pudimos agendar la cita. Inténtalo de nuevo.';

/**
 * The links that open this screen: ?fecha=&doctor= (calendar), ?procedimiento= (a service page), ?paciente=, and
 * ?paciente=&sesion= (a package's next session: a procedure appointment of that procedure).
 */
function useParametros() {
  const [sp] = useSearchParams();
  const valorOrigen = sp.get(PARAM_PROCEDIMIENTO_CITA) ?? '';
  const valorPaciente = sp.get('paciente') ?? '';
  const valorSesion = sp.get('sesion') ?? '';
  return {
    fecha: sp.get('fecha') ?? '',
    doctor: Number(sp.get('doctor')),
    // «Reservar valoración» on a service page, followed by staff: the treatment the patient asked about.
    procedimientoOrigen: /^\d{1,9}$/.test(valorOrigen) ? Number(valorOrigen) : null,
    // The desk's confirmation after registering a patient («Agendar cita») passes her id.
    pacienteInicial: /^[1-9]\d{0,8}$/.test(valorPaciente) ? Number(valorPaciente) : null,
    // «Agendar la siguiente sesión» on a patient's package: that procedure, as a procedure appointment.
    procedimientoSesion: /^[1-9]\d{0,8}$/.test(valorSesion) ? valorSesion : null,
  };
}

function CrearCitaAsistenteScreenContenido() {
  usePageMeta({ title: 'Agendar una cita' });
  const { userRole } = useAuth();
  const { fecha, doctor, procedimientoOrigen, pacienteInicial, procedimientoSesion } = useParametros();
  const form = useFormularioCita({
    ...valoresIniciales(fecha, doctor),
    ...(procedimientoSesion ? { tipo: 'procedimiento' as const, procedimiento: procedimientoSesion } : {}),
  });
  const [fallo, setFallo] = useState<Fallo | null>(null);
  const [agendada, setAgendada] = useState<CitaWire | null>(null);

  // Once, when she arrives: an active patient only (anyone else is left for the desk to search).
  const elegida = useUsuario(pacienteInicial ?? 0);
  const aplicada = useRef(false);
  const { setFieldValue } = form;
  useEffect(() => {
    const p = elegida.data;
    if (!p || aplicada.current) return;
    aplicada.current = true;
    if (p.rol === 'paciente' && p.estado) setFieldValue('paciente', p);
  }, [elegida.data, setFieldValue]);

  const { tipo, procedimiento: procedimientoId, motivo: motivoEscrito } = form.values;
  const doctores = useDoctores();
  const procedimientos = useProcedimientosActivos(tipo === 'procedimiento' || procedimientoOrigen !== null);
  const crear = useAgendarCita();

  const procedimiento = procedimientos.data?.items.find((p) => String(p.id) === procedimientoId) ?? null;
  const origen = procedimientos.data?.items.find((p) => p.id === procedimientoOrigen);
  const motivo = motivoEscrito ?? (origen ? `Valoración para ${origen.nombre}` : '');
  const nombreDoctor = (id: number) => doctores.data?.find((d) => d.id === id)?.nombre ?? `Doctor ${id}`;

  const limpiarHora = () => {
    form.setFieldValue('espacio', null);
    setFallo(null);
  };

  const enviar = (salida: CrearCitaBody) => {
    setFallo(null);
    crear.agendar(
      { ...salida, motivo: motivo.trim() || undefined },
      {
        onSuccess: (c) => {
          notifications.show({
            color: 'green',
            title: 'Cita agendada',
            message: `${c.usuario.nombre}, ${formatFechaHora(c.inicio)} con ${c.doctor.nombre}.`,
          });
          setAgendada(c);
          form.setValues({ paciente: null, espacio: null, motivo: '' });
          form.clearErrors();
        },
        onError: (err) => {
          const siguientes = siguientesLibres(err);
          if (siguientes) form.setFieldValue('espacio', null);
          setFallo({ mensaje: mensajeDeError(err, NO_SE_AGENDO), siguientes });
          notifications.show({
            color: 'red',
            title: 'No se agendó la cita',
            message: mensajeDeError(err, NO_SE_AGENDO),
          });
        },
      },
    );
  };
  const confirmar = form.onSubmit(enviar);

  const elegirSiguiente = (e: EspacioWire) => {
    form.setValues({ dia: fechaEnZona(new Date(e.inicio), zonaClinica), espacio: e });
    setFallo(null);
  };

  return (
    <>
      <PageHeader
        eyebrow="Agenda"
        title="Agendar una cita"
        description="Busca a la paciente, elige el tipo de cita, el doctor y una hora libre, y confirma."
      />
      {agendada && <AvisoCitaAgendada cita={agendada} onClose={() => setAgendada(null)} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Paper
            withBorder
            p={{ base: 'md', sm: 'lg' }}
            component="form"
            noValidate
            aria-label="Datos de la cita"
            onSubmit={confirmar}
          >
            <Stack gap="lg">
              <CampoPaciente form={form} puedeCrearPaciente={permite(usuariosRutas.crearAdmin.auth, userRole)} />
              <CamposCita form={form} procedimientos={procedimientos} doctores={doctores} onCambio={limpiarHora} />
              {tipo === 'procedimiento' && form.values.paciente && procedimientoId && (
                <PaquetesParaLaCita pacienteId={form.values.paciente.id} procedimientoId={Number(procedimientoId)} />
              )}
              <HorasDeLaCita form={form} nombreDoctor={nombreDoctor} onElegida={() => setFallo(null)} />
              <Textarea
                label="Motivo de la consulta"
                description="Opcional. Lo que la paciente quiere tratar o consultar."
                value={motivo}
                onChange={(e) => form.setFieldValue('motivo', e.currentTarget.value)}
                error={form.errors.motivo}
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
          <ResumenCita
            valores={form.values}
            nombreProcedimiento={procedimiento?.nombre ?? null}
            nombreDoctor={nombreDoctor}
            fallo={fallo}
            onElegirSiguiente={elegirSiguiente}
            onConfirmar={() => confirmar()}
            enviando={crear.isPending}
          />
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
