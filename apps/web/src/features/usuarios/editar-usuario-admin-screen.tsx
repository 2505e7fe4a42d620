// /editarusuarioadmin/{id} (administrators): load buscarusuarios/{id}, send only what changed to
// PATCH editarusuarios/{id}.
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { editarUsuarioAdminSchema, type EditarUsuarioAdminInput, type UsuarioWire } from '@clinica/contracts/usuarios';
import { paths } from '../../app/paths.ts';
import { EstadoError } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { apiFieldErrors, focusFirstInvalid, useZodForm } from '../../lib/forms/use-zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useEditarUsuario, useUsuario } from './api/usuarios-api.ts';
import { EstadoBadge } from './components/estado-badge.tsx';
import { UsuarioCampos } from './components/usuario-campos.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { guardarSeleccion } from './usuario-textos.ts';
import { entradaEditarAdmin, erroresDocumento, valoresDe } from './usuario-valores.ts';

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
    if (!datos) {
      focusFirstInvalid(formRef.current);
      return;
    }
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
        const mensaje =
          err instanceof ApiClientError ? err.body.error : 'Ocurrió un error inesperado. Inténtalo de nuevo.';
        if (err instanceof ApiClientError) {
          const campos = apiFieldErrors(err);
          form.setServerErrors(campos);
          if (Object.keys(campos).length) focusFirstInvalid(formRef.current);
        }
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
          {fallo && (
            <Alert
              color="red"
              variant="light"
              title="No pudimos guardar los cambios"
              icon={<IconAlertCircle aria-hidden="true" />}
              role="alert"
            >
              {fallo}
            </Alert>
          )}
          <UsuarioCampos
            form={form}
            modo="editar-admin"
            rolBloqueado={esPropio ? 'No puedes cambiar tu propio rol.' : undefined}
          />
          <Group justify="flex-end" gap="sm">
            <Button component={Link} to={paths.listarUsuarios} variant="default">
              Cancelar
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
            >
              Guardar cambios
            </Button>
          </Group>
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
  else if (q.isError) {
    const noExiste = q.error instanceof ApiClientError && q.error.status === 404;
    contenido = (
      <EstadoError
        titulo={noExiste ? 'No encontramos ese usuario' : undefined}
        mensaje={q.error instanceof ApiClientError ? q.error.body.error : undefined}
        onRetry={noExiste ? undefined : () => void q.refetch()}
        reintentando={q.isRefetching}
      />
    );
  } else contenido = <Formulario key={q.data.id} usuario={q.data} esPropio={q.data.id === userId} />;

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
