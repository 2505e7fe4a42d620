// /editarusuario/{id}: with one's own id, one's profile (GET/PATCH /apiusuarios/perfil), e-mail change (a link to
// the new address, components/cambiar-correo.tsx) and password change (PATCH /apiusuarios/perfil/contrasena, which
// needs the current password). With somebody else's id, user {id}
// (issue 11.6): administrators edit anyone, the front desk a patient's contact data, and every other role gets the
// "no access" screen (editar-usuario-admin-screen.tsx).
import { DataList, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconKey } from '@tabler/icons-react';
import { useForm, type TransformedValues } from '@mantine/form';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import {
  cambiarContrasenaSchema,
  editarPerfilSchema,
  type EditarPerfilInput,
  type UsuarioWire,
} from '@clinica/contracts/usuarios';
import { ErrorDeCarga, EstadoError } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { BotonEnviar } from '../../components/boton-con-icono.tsx';
import { CamposContrasenaNueva, errorConfirmacion } from '../../components/campos-contrasena-nueva.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { useAvisoSalida } from '../../lib/forms/aviso-salida.tsx';
import { useEnvioFormulario } from '../../lib/forms/envio-formulario.ts';
import { PasswordField } from '../../lib/forms/password-field.tsx';
import { zodFormOptions } from '../../lib/forms/zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useCambiarContrasena } from '../../lib/api/usuarios/cambiar-contrasena.ts';
import { useEditarPerfil } from '../../lib/api/usuarios/editar-perfil.ts';
import { usePerfil } from '../../lib/api/usuarios/get-perfil.ts';
import { AvatarUsuario } from './components/avatar-usuario.tsx';
import { CorreoDeLaCuenta } from './components/cambiar-correo.tsx';
import { ComoTeContactamos } from './components/como-te-contactamos.tsx';
import { EncabezadoTarjeta } from './components/encabezado-tarjeta.tsx';
import { TarjetaFormulario } from './components/tarjeta-formulario.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { UsuarioCampos } from './components/usuario-campos.tsx';
import {
  EditarOtroUsuario,
  EncabezadoEdicion,
  tituloEdicion,
  useAlcanceEdicion,
} from './editar-usuario-admin-screen.tsx';
import { nombreTipoDocumento, SIN_CORREO } from './usuario-textos.ts';
import { entradaPerfil, valoresDe } from './usuario-valores.ts';

function Resumen({ u }: { u: UsuarioWire }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <AvatarUsuario u={u} tamano="h4" />
        <DataList orientation="vertical" gap="sm" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Correo electrónico</DataList.ItemLabel>
            <DataList.ItemValue>{u.correo ?? SIN_CORREO}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Documento</DataList.ItemLabel>
            <DataList.ItemValue>
              {nombreTipoDocumento(u.tipodocumento)} {u.numerodocumento}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
        <Text size="xs" c="dimmed">
          Para cambiar tu documento, comunícate con la clínica: así protegemos tu identidad.
        </Text>
      </Stack>
    </Paper>
  );
}

function DatosPersonales({ u, userId }: { u: UsuarioWire; userId: number | null }) {
  const original = useMemo(() => valoresDe(u), [u]);
  const toInput = useMemo(() => entradaPerfil(original), [original]);
  const form = useForm({ initialValues: original, ...zodFormOptions({ schema: editarPerfilSchema, toInput }) });
  const mutation = useEditarPerfil(userId);
  const { aviso } = useAvisoSalida(form.isDirty());
  // E.g. a birth date that already counts for appointments (Ley 1799, issue 21.3) is shown on its field.
  const envio = useEnvioFormulario(form, 'No pudimos guardar tus cambios');

  function enviar(datos: EditarPerfilInput) {
    envio.setFallo(null);
    if (Object.keys(datos).length === 0) {
      notifications.show({ color: 'blue', title: 'Sin cambios', message: 'No modificaste ningún dato.' });
      return;
    }
    mutation.mutate(datos, {
      onSuccess: (nuevo) => {
        form.setInitialValues(valoresDe(nuevo));
        form.reset();
        notifications.show({ color: 'green', title: 'Perfil actualizado', message: 'Guardamos tus cambios.' });
      },
      onError: envio.fallar,
    });
  }

  return (
    <TarjetaFormulario form={form} envio={envio} enviar={enviar} gap="lg" aria-labelledby="perfil-datos-titulo">
      <EncabezadoTarjeta id="perfil-datos-titulo" titulo="Tus datos" />
      {aviso}
      <AlertaFallo titulo="No pudimos guardar tus cambios" mensaje={envio.fallo} />
      <UsuarioCampos form={form} modo="perfil" />
      <Group justify="flex-end">
        <BotonEnviar cargando={mutation.isPending} icono={IconDeviceFloppy}>
          Guardar cambios
        </BotonEnviar>
      </Group>
    </TarjetaFormulario>
  );
}

type ValoresContrasena = { contrasena_actual: string; contrasena_nueva: string; confirmacion: string };
const contrasenaVacia: ValoresContrasena = { contrasena_actual: '', contrasena_nueva: '', confirmacion: '' };
const entradaContrasena = ({ confirmacion: _c, ...v }: ValoresContrasena) => v;
const erroresContrasena = (v: ValoresContrasena) => ({
  confirmacion: errorConfirmacion(v.contrasena_nueva, v.confirmacion, 'Escribe de nuevo la nueva contraseña'),
});

function CambiarContrasena() {
  const form = useForm({
    initialValues: contrasenaVacia,
    ...zodFormOptions({
      schema: cambiarContrasenaSchema,
      toInput: entradaContrasena,
      extraErrors: erroresContrasena,
      dependents: { contrasena_nueva: ['confirmacion'] },
    }),
  });
  const mutation = useCambiarContrasena();
  const envio = useEnvioFormulario(form, 'No pudimos cambiar tu contraseña', { alertaConCampos: false });

  function enviar(datos: TransformedValues<typeof form>) {
    envio.setFallo(null);
    mutation.mutate(datos, {
      onSuccess: (r) => {
        form.reset();
        notifications.show({
          color: 'green',
          title: 'Contraseña actualizada',
          message: r?.mensaje ?? 'Tu contraseña se cambió. Cerramos tus otras sesiones abiertas.',
        });
      },
      onError: envio.fallar,
    });
  }

  return (
    <TarjetaFormulario form={form} envio={envio} enviar={enviar} gap="lg" aria-labelledby="perfil-contrasena-titulo">
      <EncabezadoTarjeta
        id="perfil-contrasena-titulo"
        titulo="Cambiar contraseña"
        descripcion="Al cambiarla cerramos tus sesiones abiertas en otros dispositivos. Esta sigue abierta."
      />
      <AlertaFallo titulo="No pudimos cambiar tu contraseña" mensaje={envio.fallo} />
      <PasswordField
        label="Contraseña actual"
        autoComplete="current-password"
        required
        {...form.getInputProps('contrasena_actual')}
      />
      <CamposContrasenaNueva
        contrasena={form.getInputProps('contrasena_nueva')}
        confirmacion={form.getInputProps('confirmacion')}
        etiquetas={{ contrasena: 'Nueva contraseña', confirmacion: 'Confirma la nueva contraseña' }}
        descripcion="Mínimo 8 caracteres."
      />
      <Group justify="flex-end">
        <BotonEnviar variant="light" cargando={mutation.isPending} icono={IconKey}>
          Cambiar contraseña
        </BotonEnviar>
      </Group>
    </TarjetaFormulario>
  );
}

function MiPerfil({ userId }: { userId: number | null }) {
  usePageMeta({ title: 'Mi perfil' });
  const q = usePerfil(userId);

  let contenido;
  if (userId === null) {
    contenido = <EstadoError titulo="No pudimos identificar tu sesión" mensaje="Cierra sesión y vuelve a iniciarla." />;
  } else if (q.isPending) {
    contenido = <SkeletonLineas lineas={10} etiqueta="Cargando tu perfil…" />;
  } else if (q.isError) {
    contenido = <ErrorDeCarga consulta={q} />;
  } else {
    contenido = (
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Resumen u={q.data} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <DatosPersonales key={q.data.id} u={q.data} userId={userId} />
            {/* Whoever signs in has an e-mail: an account without one has no password either (decision 0048). */}
            <CorreoDeLaCuenta correo={q.data.correo ?? ''} />
            {/* Issue 25: the patient's channels and her WhatsApp number. */}
            {q.data.rol === 'paciente' && <ComoTeContactamos />}
            <CambiarContrasena />
          </Stack>
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Mi cuenta"
        title="Mi perfil"
        description="Mantén tus datos al día para que la clínica pueda contactarte."
      />
      {contenido}
    </>
  );
}

/** Somebody else's {id}: their record, as far as the signed-in role may edit it. */
function OtroUsuario({ id }: { id: number }) {
  const alcance = useAlcanceEdicion();
  usePageMeta({ title: tituloEdicion(alcance) });
  // The one no-access screen, alone: its heading is the page's only h1.
  if (!alcance) return <SoloAdministradores />;
  return (
    <>
      <EncabezadoEdicion alcance={alcance} titulo={tituloEdicion(alcance)} />
      <EditarOtroUsuario id={id} />
    </>
  );
}

export default function EditarPerfilScreen() {
  const { userId } = useAuth();
  const params = useParams();
  const propio = userId === null || String(params.id) === String(userId);
  return propio ? <MiPerfil userId={userId} /> : <OtroUsuario id={Number(params.id)} />;
}
