// The confirmation after the desk registered a walk-in patient (issue 27.8): who she is, whether the invitation to
// choose her password went out (and where) or why not, and what comes next: «Agendar cita» opens the booking screen
// with her already chosen.
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  IconCalendarPlus,
  IconCircleCheck,
  IconMailCheck,
  IconMailOff,
  IconUser,
  IconUserPlus,
} from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { permite, rolesPersonalCitas } from '@clinica/contracts/roles';
import type { PacienteCreadoWire } from '@clinica/contracts/usuarios';
import { paths } from '../../../lib/paths.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { AUTORIZACION_PENDIENTE_TRAS_CREAR } from './autorizacion-datos-recepcion.tsx';
import { BotonEnlace } from '../../../components/boton-con-icono.tsx';

export function PacienteCreada({ creada, onOtra }: { creada: PacienteCreadoWire; onOtra: () => void }) {
  const { userRole } = useAuth();
  const { usuario: u, invitacion_enviada: invitada, mensaje } = creada;
  const titulo = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to what replaced it, so a screen reader reads the confirmation.
  useEffect(() => titulo.current?.focus(), []);
  const puedeAgendar = permite(rolesPersonalCitas, userRole);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={920}>
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconCircleCheck size={28} color="var(--mantine-color-green-7)" aria-hidden="true" style={{ flex: 'none' }} />
          <div>
            <Title order={2} fz="h3" ref={titulo} tabIndex={-1}>
              {u.nombre} quedó registrada
            </Title>
            <Text c="dimmed" size="sm">
              {u.tipodocumento} {u.numerodocumento} · Teléfono {u.telefono ?? '—'}
            </Text>
          </div>
        </Group>
        <Alert
          color={invitada ? 'green' : 'gray'}
          variant="light"
          icon={
            invitada ? <IconMailCheck size={20} aria-hidden="true" /> : <IconMailOff size={20} aria-hidden="true" />
          }
          title={invitada ? 'Invitación enviada' : 'Sin invitación: no tiene correo'}
        >
          {mensaje}
        </Alert>
        {!u.autorizacion_datos_en && (
          <Text size="sm" c="dimmed">
            {AUTORIZACION_PENDIENTE_TRAS_CREAR}
          </Text>
        )}
        <Group gap="sm" justify="flex-end" wrap="wrap">
          <Button variant="default" leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={onOtra}>
            Registrar otra paciente
          </Button>
          <BotonEnlace to={`${paths.detallesUsuario}?id=${u.id}`} variant="default" icono={IconUser}>
            Ver sus datos
          </BotonEnlace>
          {puedeAgendar && (
            <BotonEnlace to={paths.crearCitaAsistenteDe(u.id)} icono={IconCalendarPlus}>
              Agendar cita
            </BotonEnlace>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
