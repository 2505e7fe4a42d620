// «Antes de continuar»: the patient reads and accepts the terms and the data policy (Ley 1581 de 2012), with the
// same wording as registration, then enters her dashboard; or she signs out. Rendered by PuertaAutorizacionDatos.
import { Anchor, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowRight, IconLogout } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { autorizacionDatosSchema } from '@clinica/contracts/usuarios';
import { FormularioConEnvio } from '../../../components/formulario-con-envio.tsx';
import { Logo } from '../../../components/logo.tsx';
import { usePageMeta } from '../../../components/use-page-meta.ts';
import { primerNombre } from '../../../lib/format.ts';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { CasillasAutorizacionDatos } from '../../../lib/forms/autorizacion-datos.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { focusFirstInvalid, zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { useAceptarAutorizacion } from '../../../lib/api/usuarios/autorizacion-datos.ts';

export default function PasoAutorizacionDatos({ nombre }: { nombre: string }) {
  usePageMeta({ title: 'Antes de continuar' });
  const { userId } = useAuth();
  const formRef = useRef<HTMLFormElement>(null);
  const tituloRef = useRef<HTMLHeadingElement>(null);
  const [fallo, setFallo] = useState<string | null>(null);
  const aceptar = useAceptarAutorizacion(userId);
  const form = useForm({
    initialValues: { terminos_condiciones: false, politica_datos: false },
    ...zodFormOptions({ schema: autorizacionDatosSchema }),
  });

  // A screen reader starts here, not at whatever the browser focused on the page before.
  useEffect(() => tituloRef.current?.focus(), []);

  const envio = { formRef, noValido: () => focusFirstInvalid(formRef.current) };

  function enviar() {
    setFallo(null);
    aceptar.mutate(undefined, {
      onError: (err) => setFallo(mensajeDeError(err, 'No pudimos guardar tu autorización. Inténtalo de nuevo.')),
    });
  }

  return (
    <Box component="main" mih="100dvh" bg="var(--clinica-superficie-suave)" px="md" py={{ base: 'lg', sm: 56 }}>
      <Stack maw={640} mx="auto" gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          <Anchor component={Link} to={paths.cerrarSesionDashboard} size="sm" c="dimmed">
            <Group gap={6} wrap="nowrap" component="span">
              <IconLogout size={16} aria-hidden="true" />
              Cerrar sesión
            </Group>
          </Anchor>
        </Group>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <FormularioConEnvio form={form} envio={envio} enviar={enviar} aria-labelledby="antes-de-continuar">
            <Stack gap="lg">
              <Stack gap={6}>
                <Title order={1} fz="h2" id="antes-de-continuar" ref={tituloRef} tabIndex={-1} style={{ outline: 0 }}>
                  Antes de continuar
                </Title>
                <Text>
                  Hola, {primerNombre(nombre)}. Para cuidar tus datos de salud necesitamos que leas y aceptes los
                  términos y la política de tratamiento de datos de la clínica (Ley 1581 de 2012).
                </Text>
                <Text size="sm" c="dimmed">
                  Sin esta autorización no podemos abrir tu historia clínica ni agendarte procedimientos.
                </Text>
              </Stack>
              <AlertaFallo titulo="No pudimos guardar tu autorización" mensaje={fallo} />
              <CasillasAutorizacionDatos
                terminos={form.getInputProps('terminos_condiciones', { type: 'checkbox' })}
                politica={form.getInputProps('politica_datos', { type: 'checkbox' })}
              />
              <Button
                type="submit"
                size="md"
                loading={aceptar.isPending}
                rightSection={<IconArrowRight size={18} aria-hidden="true" />}
                style={{ alignSelf: 'flex-start' }}
              >
                Aceptar y continuar
              </Button>
            </Stack>
          </FormularioConEnvio>
        </Paper>
      </Stack>
    </Box>
  );
}
