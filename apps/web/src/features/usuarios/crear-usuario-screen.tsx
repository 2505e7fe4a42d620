// /crear-usuario: administrators create a patient or a staff member with every field; the front desk registers a
// patient (the role is fixed, issue 11.6). Both POST crearusuariosadmin; the API refuses any other role from an
// assistant.
import { Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { permite, rolesVenTodosLosUsuarios } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { crearUsuarioAdminSchema, type CrearUsuarioAdminInput } from '@clinica/contracts/usuarios';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { useAvisoSalida } from '../../lib/forms/aviso-salida.tsx';
import { BotonesFormulario } from '../../lib/forms/botones-formulario.tsx';
import { erroresDocumento } from '../../lib/forms/documento.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../lib/forms/zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useCrearUsuario } from './api/usuarios-api.ts';
import {
  AutorizacionDatosRecepcion,
  AUTORIZACION_PENDIENTE_TRAS_CREAR,
} from './components/autorizacion-datos-recepcion.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { UsuarioCampos } from './components/usuario-campos.tsx';
import { guardarSeleccion } from './usuario-textos.ts';
import { entradaCrear, entradaRegistrarPaciente, valoresVacios } from './usuario-valores.ts';

export default function CrearUsuarioScreen() {
  const { userRole } = useAuth();
  // Administrators create anyone; the other roles the API lets in (the front desk) register patients only.
  const soloPacientes = !permite(rolesVenTodosLosUsuarios, userRole);
  const titulo = soloPacientes ? 'Registrar paciente' : 'Crear usuario';
  usePageMeta({ title: titulo });
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [fallo, setFallo] = useState<string | null>(null);
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

  if (!permite(usuariosRutas.crearAdmin.auth, userRole)) {
    return (
      <>
        <PageHeader eyebrow="Usuarios" title={titulo} />
        <SoloAdministradores />
      </>
    );
  }

  const tituloFallo = soloPacientes ? 'No pudimos registrar al paciente' : 'No pudimos crear el usuario';

  function noValido() {
    setFallo(null);
    focusFirstInvalid(formRef.current);
  }

  function enviar(datos: CrearUsuarioAdminInput) {
    setFallo(null);
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
      onError: (err) => {
        const mensaje = mensajeDeError(err);
        if (Object.keys(showServerErrors(form, err)).length) focusFirstInvalid(formRef.current);
        setFallo(mensaje);
        notifications.show({ color: 'red', title: tituloFallo, message: mensaje });
      },
    });
  }

  return (
    <>
      <PageHeader
        eyebrow={soloPacientes ? 'Pacientes' : 'Usuarios'}
        title={titulo}
        description={
          soloPacientes
            ? 'Registra a un paciente nuevo en la recepción. Los campos marcados con * son obligatorios.'
            : 'Registra a un paciente o a una persona del equipo. Los campos marcados con * son obligatorios.'
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={920}>
        <form ref={formRef} onSubmit={(e) => form.onSubmit(enviar, noValido)(e)} noValidate aria-label={titulo}>
          <Stack gap="xl">
            {aviso}
            <AlertaFallo titulo={tituloFallo} mensaje={fallo} />
            <UsuarioCampos form={form} modo={soloPacientes ? 'registrar-paciente' : 'crear'} />
            {(soloPacientes || form.values.rol === 'paciente') && <AutorizacionDatosRecepcion form={form} />}
            <BotonesFormulario
              cancelarA={paths.listarUsuarios}
              enviando={mutation.isPending}
              icono={<IconUserPlus size={18} aria-hidden="true" />}
            >
              {titulo}
            </BotonesFormulario>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
