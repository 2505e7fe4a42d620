// /editarusuarioadmin/{id}: load buscarusuarios/{id}, send only what changed to PATCH editarusuarios/{id}.
// Administrators edit every field of anyone; the front desk edits a patient's contact data only (teléfono,
// dirección, correo; issue 11.6), the rest is shown read-only; any other role gets the "no access" screen.
// /editarusuario/{id} uses the same form when {id} is somebody else (editar-perfil-screen.tsx).
import { Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { permite, rolesVenTodosLosUsuarios } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { editarUsuarioAdminSchema, type EditarUsuarioAdminInput, type UsuarioWire } from '@clinica/contracts/usuarios';
import { paths } from '../../lib/paths.ts';
import { EstadoError } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { useAvisoSalida } from '../../lib/forms/aviso-salida.tsx';
import { erroresDocumento } from '../../lib/forms/documento.ts';
import { useEnvioFormulario } from '../../lib/forms/envio-formulario.ts';
import { zodFormOptions } from '../../lib/forms/zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useEditarUsuario } from '../../lib/api/usuarios/editar-usuario.ts';
import { useUsuario } from '../../lib/api/usuarios/get-usuario.ts';
import { ErrorCargaUsuario } from './components/error-carga-usuario.tsx';
import { EstadoBadge } from './components/estado-badge.tsx';
import { TarjetaFormulario } from './components/tarjeta-formulario.tsx';
import { UsuarioCampos } from './components/usuario-campos.tsx';
import { BotonesUsuario } from './components/botones-usuario.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { guardarSeleccion } from './usuario-textos.ts';
import {
  cambiaFechaNacimiento,
  entradaEditarAdmin,
  entradaEditarContacto,
  erroresMotivoFecha,
  valoresDe,
  type UsuarioValores,
} from './usuario-valores.ts';

function Formulario({
  usuario,
  esPropio,
  soloContacto,
}: {
  usuario: UsuarioWire;
  esPropio: boolean;
  soloContacto: boolean;
}) {
  const navigate = useNavigate();
  const original = useMemo(() => valoresDe(usuario), [usuario]);
  const toInput = useMemo(
    () => (soloContacto ? entradaEditarContacto(original) : entradaEditarAdmin(original)),
    [original, soloContacto],
  );
  const extraErrors = useMemo(() => {
    const motivo = erroresMotivoFecha(original);
    return (v: UsuarioValores) => ({ ...erroresDocumento(v), ...(soloContacto ? {} : motivo(v)) });
  }, [original, soloContacto]);
  const form = useForm({
    initialValues: original,
    ...zodFormOptions({
      schema: editarUsuarioAdminSchema,
      toInput,
      extraErrors,
      dependents: { tipodocumento: ['numerodocumento'], fecha_nacimiento: ['motivo_fecha_nacimiento'] },
    }),
  });
  const mutation = useEditarUsuario(usuario.id);
  const { aviso, permitirSalida } = useAvisoSalida(form.isDirty());
  const sinCambios = Object.keys(toInput(form.values)).length === 0;
  const envio = useEnvioFormulario(form, 'No pudimos guardar los cambios');

  function enviar(datos: EditarUsuarioAdminInput) {
    envio.setFallo(null);
    if (sinCambios) {
      notifications.show({ color: 'blue', title: 'Sin cambios', message: 'No modificaste ningún dato.' });
      return;
    }
    mutation.mutate(datos, {
      onSuccess: (u) => {
        notifications.show({
          color: 'green',
          title: 'Cambios guardados',
          message: `Actualizamos los datos de ${u.nombre}.`,
        });
        guardarSeleccion(u.id);
        permitirSalida();
        void navigate(`${paths.detallesUsuario}?id=${u.id}`);
      },
      onError: envio.fallar,
    });
  }

  return (
    <TarjetaFormulario form={form} envio={envio} enviar={enviar} maw={920} aria-label={`Editar a ${usuario.nombre}`}>
      {aviso}
      <Group gap="sm">
        <Text c="dimmed" size="sm">
          Estado de la cuenta:
        </Text>
        <EstadoBadge estado={usuario.estado} />
        {!soloContacto && (
          <Text c="dimmed" size="sm">
            (se cambia desde la lista de usuarios)
          </Text>
        )}
      </Group>
      <AlertaFallo titulo="No pudimos guardar los cambios" mensaje={envio.fallo} />
      <UsuarioCampos
        form={form}
        modo={soloContacto ? 'contacto' : 'editar-admin'}
        rolBloqueado={esPropio ? 'No puedes cambiar tu propio rol.' : undefined}
        pedirMotivoFecha={!soloContacto && cambiaFechaNacimiento(original, form.values)}
      />
      <BotonesUsuario enviando={mutation.isPending} icono={IconDeviceFloppy}>
        Guardar cambios
      </BotonesUsuario>
    </TarjetaFormulario>
  );
}

/** Who may edit somebody else, and how: every field (administrators), contact data only (the front desk), or not. */
export function useAlcanceEdicion(): 'todo' | 'contacto' | null {
  const { userRole } = useAuth();
  if (!permite(usuariosRutas.editar.auth, userRole)) return null;
  return permite(rolesVenTodosLosUsuarios, userRole) ? 'todo' : 'contacto';
}

/** The edit form of user {id} for the signed-in person's role, with its loading, error and no-access states. */
export function EditarOtroUsuario({ id }: { id: number }) {
  const { userId } = useAuth();
  const alcance = useAlcanceEdicion();
  const valido = Number.isInteger(id) && id > 0;
  const q = useUsuario(alcance && valido ? id : 0);

  if (!alcance) return <SoloAdministradores />;
  if (!valido)
    return (
      <EstadoError titulo="Ese enlace no es válido" mensaje="Vuelve a la lista de usuarios y elige a quién editar." />
    );
  if (q.isPending) return <SkeletonLineas lineas={10} etiqueta="Cargando los datos del usuario…" />;
  if (q.isError) return <ErrorCargaUsuario q={q} />;
  return (
    <Formulario
      key={q.data.id}
      usuario={q.data}
      esPropio={q.data.id === userId}
      soloContacto={alcance === 'contacto'}
    />
  );
}

/** The page title before the person is known: what the signed-in role may change. */
export function tituloEdicion(alcance: 'todo' | 'contacto' | null): string {
  return alcance === 'contacto' ? 'Editar contacto' : 'Editar usuario';
}

/** The header of somebody else's record, saying what the role may change and that only changes are saved. */
export function EncabezadoEdicion({ alcance, titulo }: { alcance: 'todo' | 'contacto'; titulo: string }) {
  return (
    <PageHeader
      eyebrow="Usuarios"
      title={titulo}
      description={
        alcance === 'contacto'
          ? 'Actualiza el teléfono, la dirección o el correo del paciente. Solo se guardan los campos que modifiques.'
          : 'Corrige los datos de la persona o cambia su rol. Solo se guardan los campos que modifiques.'
      }
    />
  );
}

export default function EditarUsuarioAdminScreen() {
  const params = useParams();
  const id = Number(params.id);
  const alcance = useAlcanceEdicion();
  const q = useUsuario(alcance && Number.isInteger(id) && id > 0 ? id : 0);
  const titulo = tituloEdicion(alcance);
  usePageMeta({ title: titulo });

  // The one no-access screen, alone: its heading is the page's only h1.
  if (!alcance) return <SoloAdministradores />;
  return (
    <>
      <EncabezadoEdicion
        alcance={alcance}
        titulo={q.data ? `${alcance === 'contacto' ? 'Contacto de' : 'Editar a'} ${q.data.nombre}` : titulo}
      />
      <EditarOtroUsuario id={id} />
    </>
  );
}
