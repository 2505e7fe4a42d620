// /registrar: a visitor creates a patient account (issue 3). Every field of registrarSchema with inline
// Spanish validation from the same schema the server uses, the terms and data-policy consents (Ley 1581
// de 2012), server conflicts shown on their field, and automatic sign-in on success. Reached from the sign-in screen,
// it keeps that screen's state: once registered the visitor goes back where she came from, with the treatment she
// wanted in her cart (issue 27.5), else to /dashboard.
import { Anchor, Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { TarjetaAcceso } from '../../components/tarjeta-acceso.tsx';
import { BotonEnviar } from '../../components/boton-con-icono.tsx';
import { CamposContrasenaNueva, errorConfirmacion } from '../../components/campos-contrasena-nueva.tsx';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { Link, useLocation, useNavigate } from 'react-router';
import { registrarSchema, type RegistrarInput } from '@clinica/contracts/usuarios';
import { estadoDeRegreso, intencionCarrito, navegacionTrasIniciarSesion } from '../../app/guards.tsx';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { CasillasAutorizacionDatos } from '../../lib/forms/autorizacion-datos.tsx';
import {
  CampoCorreo,
  CampoFechaNacimiento,
  CampoGenero,
  CamposDocumento,
  CampoTelefono,
} from '../../lib/forms/campos-persona.tsx';
import { erroresDocumento } from '../../lib/forms/documento.ts';
import { mensajeDeError, type FieldErrors } from '../../lib/forms/field-errors.ts';
import { useEnvioFormulario } from '../../lib/forms/envio-formulario.ts';
import { GrupoCampos } from '../../lib/forms/grupo-campos.tsx';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../lib/forms/zod-form.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { iniciarSesion, registrar } from '../../lib/api/usuarios/sesion.ts';
import { AvisoIntencionCarrito } from './components/aviso-intencion-carrito.tsx';
import { primerNombre } from '../../lib/format.ts';

type Valores = {
  nombre: string;
  tipodocumento: string;
  numerodocumento: string;
  correo: string;
  contrasena: string;
  confirmacion: string;
  telefono: string;
  genero: string;
  fecha_nacimiento: string;
  terminos_condiciones: boolean;
  politica_datos: boolean;
};

const iniciales: Valores = {
  nombre: '',
  tipodocumento: 'CC',
  numerodocumento: '',
  correo: '',
  contrasena: '',
  confirmacion: '',
  telefono: '',
  genero: '',
  fecha_nacimiento: '',
  terminos_condiciones: false,
  politica_datos: false,
};

function aEntrada({ confirmacion: _c, ...v }: Valores): unknown {
  return { ...v, tipodocumento: v.tipodocumento || undefined, genero: v.genero || undefined };
}

function erroresExtra(v: Valores): FieldErrors {
  const out = erroresDocumento(v);
  if (!v.fecha_nacimiento) out.fecha_nacimiento = 'Escribe tu fecha de nacimiento';
  const confirmacion = errorConfirmacion(v.contrasena, v.confirmacion);
  if (confirmacion) out.confirmacion = confirmacion;
  return out;
}

export default function RegistrarScreen() {
  usePageMeta({
    title: 'Crear cuenta',
    description: 'Crea tu cuenta de paciente para reservar tratamientos y ver tus citas.',
  });
  const navigate = useNavigate();
  const location = useLocation();
  const regreso = estadoDeRegreso(location.state);
  const { login } = useAuth();
  const form = useForm({
    initialValues: iniciales,
    ...zodFormOptions({
      schema: registrarSchema,
      toInput: aEntrada,
      extraErrors: erroresExtra,
      dependents: { contrasena: ['confirmacion'], tipodocumento: ['numerodocumento'] },
    }),
  });
  const { formRef, fallo, setFallo, noValido } = useEnvioFormulario(form, 'No pudimos crear tu cuenta');

  const mutation = useMutation({
    mutationFn: async (datos: RegistrarInput) => {
      const usuario = await registrar(datos);
      try {
        const sesion = await iniciarSesion({ correo: String(datos.correo), contrasena: datos.contrasena });
        return { usuario, token: sesion.token };
      } catch {
        return { usuario, token: null };
      }
    },
    onSuccess: ({ usuario, token }) => {
      const nombre = primerNombre(usuario.nombre);
      if (token) {
        login(token);
        notifications.show({
          color: 'green',
          title: `¡Te damos la bienvenida, ${nombre}!`,
          message: 'Tu cuenta está lista.',
        });
        void navigate(...navegacionTrasIniciarSesion(regreso));
      } else {
        notifications.show({
          color: 'green',
          title: 'Tu cuenta fue creada',
          message: 'Inicia sesión con tu correo y tu contraseña.',
        });
        void navigate(paths.iniciarSesion, { replace: true, state: regreso });
      }
    },
    onError: (err) => {
      const campos = showServerErrors(form, err);
      if (err instanceof ApiClientError && Object.keys(campos).length) {
        setFallo(err.status === 409 ? err.body.error : 'Revisa los campos marcados.');
        focusFirstInvalid(formRef.current);
        return;
      }
      setFallo(mensajeDeError(err));
      notifications.show({
        color: 'red',
        title: 'No pudimos crear tu cuenta',
        message: mensajeDeError(err, 'Inténtalo de nuevo.'),
      });
    },
  });

  function enviar(datos: RegistrarInput) {
    setFallo(null);
    mutation.mutate(datos);
  }

  return (
    <TarjetaAcceso
      titulo="Crea tu cuenta"
      descripcion="Con tu cuenta reservas valoraciones, guardas tratamientos en tu carrito y consultas tus citas. Los campos marcados con * son obligatorios."
      ancho={760}
    >
      {intencionCarrito(regreso) !== null && (
        <AvisoIntencionCarrito>
          Cuando crees tu cuenta, el tratamiento quedará en tu carrito y volverás a su página.
        </AvisoIntencionCarrito>
      )}

      <AlertaFallo titulo="No pudimos crear tu cuenta" mensaje={fallo} />

      <form ref={formRef} onSubmit={(e) => form.onSubmit(enviar, noValido)(e)} noValidate aria-label="Crear cuenta">
        <Stack gap="lg">
          <GrupoCampos titulo="Tus datos">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Nombre completo" autoComplete="name" required {...form.getInputProps('nombre')} />
              <CampoFechaNacimiento required {...form.getInputProps('fecha_nacimiento')} />
              <CamposDocumento
                tipo={form.getInputProps('tipodocumento', { select: true })}
                numero={form.getInputProps('numerodocumento')}
              />
              <CampoGenero required {...form.getInputProps('genero', { select: true })} />
              <CampoTelefono label="Teléfono celular" autoComplete="tel" required {...form.getInputProps('telefono')} />
            </SimpleGrid>
          </GrupoCampos>

          <Divider />

          <GrupoCampos titulo="Acceso a tu cuenta">
            <Stack gap="md">
              <CampoCorreo required {...form.getInputProps('correo')} />
              <CamposContrasenaNueva
                contrasena={form.getInputProps('contrasena')}
                confirmacion={form.getInputProps('confirmacion')}
                etiquetas={{ contrasena: 'Contraseña', confirmacion: 'Confirma la contraseña' }}
                descripcion="Mínimo 8 caracteres. Una frase fácil de recordar es más segura."
              />
            </Stack>
          </GrupoCampos>

          <Divider />

          <GrupoCampos titulo="Autorizaciones">
            <CasillasAutorizacionDatos
              terminos={form.getInputProps('terminos_condiciones', { type: 'checkbox' })}
              politica={form.getInputProps('politica_datos', { type: 'checkbox' })}
            />
          </GrupoCampos>

          <BotonEnviar size="md" cargando={mutation.isPending} icono={IconUserPlus}>
            Crear mi cuenta
          </BotonEnviar>
        </Stack>
      </form>

      <Text size="sm" ta="center">
        ¿Ya tienes cuenta?{' '}
        <Anchor component={Link} to={paths.iniciarSesion} state={regreso} fw={600}>
          Inicia sesión
        </Anchor>
      </Text>
    </TarjetaAcceso>
  );
}
