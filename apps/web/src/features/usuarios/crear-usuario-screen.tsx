// /crear-usuario (administrators): create a patient or a staff member with every field, POST crearusuariosadmin.
import { Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { crearUsuarioAdminSchema, type CrearUsuarioAdminInput } from '@clinica/contracts/usuarios';
import { paths } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { BotonesFormulario } from '../../lib/forms/botones-formulario.tsx';
import { erroresDocumento } from '../../lib/forms/documento.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { focusFirstInvalid, useZodForm } from '../../lib/forms/use-zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useCrearUsuario } from './api/usuarios-api.ts';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { UsuarioCampos } from './components/usuario-campos.tsx';
import { guardarSeleccion } from './usuario-textos.ts';
import { entradaCrear, valoresVacios } from './usuario-valores.ts';

export default function CrearUsuarioScreen() {
  usePageMeta({ title: 'Crear usuario' });
  const { userRole } = useAuth();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [fallo, setFallo] = useState<string | null>(null);
  const form = useZodForm({
    initialValues: valoresVacios,
    schema: crearUsuarioAdminSchema,
    toInput: entradaCrear,
    extraErrors: erroresDocumento,
  });
  const mutation = useCrearUsuario();

  if (userRole?.toLowerCase() !== 'administrador') {
    return (
      <>
        <PageHeader eyebrow="Usuarios" title="Crear usuario" />
        <SoloAdministradores />
      </>
    );
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFallo(null);
    const datos = form.validate();
    if (!datos) return focusFirstInvalid(formRef.current);
    mutation.mutate(datos as CrearUsuarioAdminInput, {
      onSuccess: (u) => {
        notifications.show({
          color: 'green',
          title: 'Usuario creado',
          message: `${u.nombre} ya puede iniciar sesión con su correo.`,
        });
        guardarSeleccion(u.id);
        void navigate(paths.detallesUsuario);
      },
      onError: (err) => {
        const mensaje = mensajeDeError(err);
        if (Object.keys(form.showServerErrors(err)).length) focusFirstInvalid(formRef.current);
        setFallo(mensaje);
        notifications.show({ color: 'red', title: 'No pudimos crear el usuario', message: mensaje });
      },
    });
  }

  return (
    <>
      <PageHeader
        eyebrow="Usuarios"
        title="Crear usuario"
        description="Registra a un paciente o a una persona del equipo. Los campos marcados con * son obligatorios."
      />
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={920}>
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Crear usuario">
          <Stack gap="xl">
            <AlertaFallo titulo="No pudimos crear el usuario" mensaje={fallo} />
            <UsuarioCampos form={form} modo="crear" />
            <BotonesFormulario
              cancelarA={paths.listarUsuarios}
              enviando={mutation.isPending}
              icono={<IconUserPlus size={18} aria-hidden="true" />}
            >
              Crear usuario
            </BotonesFormulario>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
