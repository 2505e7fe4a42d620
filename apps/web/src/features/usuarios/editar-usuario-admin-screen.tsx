// /editarusuarioadmin/{id} (administrators): load buscarusuarios/{id}, send only what changed to
// PATCH editarusuarios/{id}.
import { Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { editarUsuarioAdminSchema, type EditarUsuarioAdminInput, type UsuarioWire } from '@clinica/contracts/usuarios';
import { paths } from '../../app/paths.ts';
import { EstadoError } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { BotonesFormulario } from '../../lib/forms/botones-formulario.tsx';
import { erroresDocumento } from '../../lib/forms/documento.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { focusFirstInvalid, useZodForm } from '../../lib/forms/use-zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useEditarUsuario, useUsuario } from './api/usuarios-api.ts';
import { ErrorCargaUsuario } from './components/error-carga-usuario.tsx';
import { EstadoBadge } from './components/estado-badge.tsx';
import { UsuarioCampos } from './components/usuario-campos.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { guardarSeleccion } from './usuario-textos.ts';
import { entradaEditarAdmin, valoresDe } from './usuario-valores.ts';

function Formulario({ usuario, esPropio }: { usuario: UsuarioWire; esPropio: boolean }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [fallo, setFallo] = useState<string | null>(null);
  const original = useMemo(() => valoresDe(usuario), [usuario]);
  const toInput = useMemo(() => entradaEditarAdmin(original), [original]);
  const form = useZodForm({
    initialValues: original,
    schema: editarUsuarioAdminSchema,
    toInput,
    extraErrors: erroresDocumento,
  });
  const mutation = useEditarUsuario(usuario.id);
  const sinCambios = Object.keys(toInput(form.values)).length === 0;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setFallo(null);
    const datos = form.validate();
    if (!datos) return focusFirstInvalid(formRef.current);
    if (sinCambios) {
      notifications.show({ color: 'blue', title: 'Sin cambios', message: 'No modificaste ningún dato.' });
      return;
    }
    mutation.mutate(datos as EditarUsuarioAdminInput, {
      onSuccess: (u) => {
        notifications.show({
          color: 'green',
          title: 'Cambios guardados',
          message: `Actualizamos los datos de ${u.nombre}.`,
        });
        guardarSeleccion(u.id);
        void navigate(paths.detallesUsuario);
      },
      onError: (err) => {
        const mensaje = mensajeDeError(err);
        if (Object.keys(form.showServerErrors(err)).length) focusFirstInvalid(formRef.current);
        setFallo(mensaje);
        notifications.show({ color: 'red', title: 'No pudimos guardar los cambios', message: mensaje });
      },
    });
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={920}>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={`Editar a ${usuario.nombre}`}>
        <Stack gap="xl">
          <Group gap="sm">
            <Text c="dimmed" size="sm">
              Estado de la cuenta:
            </Text>
            <EstadoBadge estado={usuario.estado} />
            <Text c="dimmed" size="sm">
              (se cambia desde la lista de usuarios)
            </Text>
          </Group>
          <AlertaFallo titulo="No pudimos guardar los cambios" mensaje={fallo} />
          <UsuarioCampos
            form={form}
            modo="editar-admin"
            rolBloqueado={esPropio ? 'No puedes cambiar tu propio rol.' : undefined}
          />
          <BotonesFormulario
            cancelarA={paths.listarUsuarios}
            enviando={mutation.isPending}
            icono={<IconDeviceFloppy size={18} aria-hidden="true" />}
          >
            Guardar cambios
          </BotonesFormulario>
        </Stack>
      </form>
    </Paper>
  );
}

export default function EditarUsuarioAdminScreen() {
  usePageMeta({ title: 'Editar usuario' });
  const { userRole, userId } = useAuth();
  const params = useParams();
  const id = Number(params.id);
  const valido = Number.isInteger(id) && id > 0;
  const esAdmin = userRole?.toLowerCase() === 'administrador';
  const q = useUsuario(esAdmin && valido ? id : 0);

  let contenido;
  if (!esAdmin) contenido = <SoloAdministradores />;
  else if (!valido)
    contenido = (
      <EstadoError titulo="Ese enlace no es válido" mensaje="Vuelve a la lista de usuarios y elige a quién editar." />
    );
  else if (q.isPending) contenido = <SkeletonLineas lineas={10} etiqueta="Cargando los datos del usuario…" />;
  else if (q.isError) contenido = <ErrorCargaUsuario q={q} />;
  else contenido = <Formulario key={q.data.id} usuario={q.data} esPropio={q.data.id === userId} />;

  return (
    <>
      <PageHeader
        eyebrow="Usuarios"
        title={q.data ? `Editar a ${q.data.nombre}` : 'Editar usuario'}
        description="Corrige los datos de la persona o cambia su rol. Solo se guardan los campos que modifiques."
      />
      {contenido}
    </>
  );
}
