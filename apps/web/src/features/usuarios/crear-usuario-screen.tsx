// /crear-usuario: administrators create a patient or a staff member with every field; the front desk registers a
// patient (the role is fixed, issue 11.6). Both POST crearusuariosadmin; the API refuses any other role from an
// assistant. Both may instead register a walk-in patient without an online account (issue 27.8, decision 0048):
// name, document and phone, the e-mail optional, no password (POST crearpaciente); the confirmation says whether an
// invitation went out and offers «Agendar cita» for her. `?modo=sin-cuenta` opens that path.
import { SegmentedControl, Stack, Text, useMatches } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { permite, rolesVenTodosLosUsuarios } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import {
  crearPacienteSchema,
  crearUsuarioAdminSchema,
  type CrearPacienteInput,
  type CrearUsuarioAdminInput,
  type PacienteCreadoWire,
} from '@clinica/contracts/usuarios';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { useAvisoSalida } from '../../lib/forms/aviso-salida.tsx';
import { erroresDocumento } from '../../lib/forms/documento.ts';
import { useEnvioFormulario } from '../../lib/forms/envio-formulario.ts';
import { zodFormOptions } from '../../lib/forms/zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useCrearPaciente, useCrearUsuario } from '../../lib/api/usuarios/crear-usuario.ts';
import {
  AutorizacionDatosRecepcion,
  AUTORIZACION_PENDIENTE_TRAS_CREAR,
} from './components/autorizacion-datos-recepcion.tsx';
import { PacienteCreada } from './components/paciente-creada.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { TarjetaFormulario } from './components/tarjeta-formulario.tsx';
import { UsuarioCampos } from './components/usuario-campos.tsx';
import { BotonesUsuario } from './components/botones-usuario.tsx';
import { guardarSeleccion } from './usuario-textos.ts';
import { entradaCrear, entradaRegistrarPaciente, entradaSinCuenta, valoresVacios } from './usuario-valores.ts';

type Modo = 'cuenta' | 'sin-cuenta';
export const MODOS_REGISTRO: { value: Modo; label: string }[] = [
  { value: 'cuenta', label: 'Con cuenta en línea' },
  { value: 'sin-cuenta', label: 'Paciente sin cuenta en línea' },
];

export default function CrearUsuarioScreen() {
  const { userRole } = useAuth();
  // Administrators create anyone; the other roles the API lets in (the front desk) register patients only.
  const soloPacientes = !permite(rolesVenTodosLosUsuarios, userRole);
  const titulo = soloPacientes ? 'Registrar paciente' : 'Crear usuario';
  usePageMeta({ title: titulo });
  const [sp, setSp] = useSearchParams();
  const modo: Modo = sp.get('modo') === 'sin-cuenta' ? 'sin-cuenta' : 'cuenta';
  const [creada, setCreada] = useState<PacienteCreadoWire | null>(null);
  // On a phone the two choices stack: side by side their names would be cut.
  const orientacion = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });

  // The one no-access screen, alone: its heading is the page's only h1.
  if (!permite(usuariosRutas.crearAdmin.auth, userRole)) return <SoloAdministradores />;

  const eyebrow = soloPacientes ? 'Pacientes' : 'Usuarios';
  if (creada) {
    return (
      <>
        <PageHeader eyebrow={eyebrow} title="Paciente registrada" />
        <PacienteCreada creada={creada} onOtra={() => setCreada(null)} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={eyebrow}
        title={titulo}
        description={
          modo === 'sin-cuenta'
            ? 'Para quien llega a la recepción sin correo ni contraseña: basta con su nombre, su documento y un teléfono. Los campos marcados con * son obligatorios.'
            : soloPacientes
              ? 'Registra a un paciente nuevo en la recepción. Los campos marcados con * son obligatorios.'
              : 'Registra a un paciente o a una persona del equipo. Los campos marcados con * son obligatorios.'
        }
      />
      <Stack gap="md" maw={920}>
        <div>
          <Text size="sm" fw={500} mb={6} id="modo-registro">
            ¿Cómo la registras?
          </Text>
          <SegmentedControl
            aria-labelledby="modo-registro"
            data={MODOS_REGISTRO}
            value={modo}
            onChange={(v) => setSp(v === 'sin-cuenta' ? { modo: 'sin-cuenta' } : {}, { replace: true })}
            orientation={orientacion}
            fullWidth
            size="md"
          />
        </div>
        {modo === 'sin-cuenta' ? (
          <FormularioSinCuenta onCreada={setCreada} />
        ) : (
          <FormularioConCuenta soloPacientes={soloPacientes} titulo={titulo} />
        )}
      </Stack>
    </>
  );
}

/** The walk-in path: no password fields; the e-mail optional (decision 0048). */
function FormularioSinCuenta({ onCreada }: { onCreada: (r: PacienteCreadoWire) => void }) {
  const form = useForm({
    initialValues: valoresVacios,
    ...zodFormOptions({
      schema: crearPacienteSchema,
      toInput: entradaSinCuenta,
      extraErrors: erroresDocumento,
      dependents: { tipodocumento: ['numerodocumento'] },
    }),
  });
  const mutation = useCrearPaciente();
  const { aviso, permitirSalida } = useAvisoSalida(form.isDirty());
  const tituloFallo = 'No pudimos registrar a la paciente';
  const envio = useEnvioFormulario(form, tituloFallo);

  function enviar(datos: CrearPacienteInput) {
    envio.setFallo(null);
    mutation.mutate(datos, {
      onSuccess: (r) => {
        guardarSeleccion(r.usuario.id);
        permitirSalida();
        onCreada(r);
      },
      onError: envio.fallar,
    });
  }

  return (
    <TarjetaFormulario form={form} envio={envio} enviar={enviar} aria-label="Registrar paciente sin cuenta en línea">
      {aviso}
      <AlertaFallo titulo={tituloFallo} mensaje={envio.fallo} />
      <UsuarioCampos form={form} modo="sin-cuenta" />
      <AutorizacionDatosRecepcion form={form} />
      <BotonesUsuario enviando={mutation.isPending} icono={IconUserPlus}>
        Registrar paciente
      </BotonesUsuario>
    </TarjetaFormulario>
  );
}

/** The form with an e-mail and an initial password (any role for administrators, patients for the desk). */
function FormularioConCuenta({ soloPacientes, titulo }: { soloPacientes: boolean; titulo: string }) {
  const navigate = useNavigate();
  const form = useForm({
    initialValues: valoresVacios,
    ...zodFormOptions({
      schema: crearUsuarioAdminSchema,
      toInput: soloPacientes ? entradaRegistrarPaciente : entradaCrear,
      extraErrors: erroresDocumento,
      dependents: { tipodocumento: ['numerodocumento'] },
    }),
  });
  const mutation = useCrearUsuario();
  const { aviso, permitirSalida } = useAvisoSalida(form.isDirty());

  const tituloFallo = soloPacientes ? 'No pudimos registrar al paciente' : 'No pudimos crear el usuario';
  const envio = useEnvioFormulario(form, tituloFallo);

  function enviar(datos: CrearUsuarioAdminInput) {
    envio.setFallo(null);
    mutation.mutate(datos, {
      onSuccess: (u) => {
        // Ley 1581: a patient created without her authorisation is asked for it at her first sign-in.
        const pendiente = u.rol === 'paciente' && !u.autorizacion_datos_en;
        notifications.show({
          color: 'green',
          title: soloPacientes ? 'Paciente registrado' : 'Usuario creado',
          message: pendiente
            ? `${u.nombre} ya puede iniciar sesión con su correo. ${AUTORIZACION_PENDIENTE_TRAS_CREAR}`
            : `${u.nombre} ya puede iniciar sesión con su correo.`,
          autoClose: pendiente ? 12_000 : undefined,
        });
        guardarSeleccion(u.id);
        permitirSalida();
        void navigate(`${paths.detallesUsuario}?id=${u.id}`);
      },
      onError: envio.fallar,
    });
  }

  return (
    <TarjetaFormulario form={form} envio={envio} enviar={enviar} aria-label={titulo}>
      {aviso}
      <AlertaFallo titulo={tituloFallo} mensaje={envio.fallo} />
      <UsuarioCampos form={form} modo={soloPacientes ? 'registrar-paciente' : 'crear'} />
      {(soloPacientes || form.values.rol === 'paciente') && <AutorizacionDatosRecepcion form={form} />}
      <BotonesUsuario enviando={mutation.isPending} icono={IconUserPlus}>
        {titulo}
      </BotonesUsuario>
    </TarjetaFormulario>
  );
}
