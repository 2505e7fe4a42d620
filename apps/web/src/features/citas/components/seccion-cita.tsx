// What the clinical sections of an appointment's details share: who is looking (the patient, her doctor, the
// desk), the bordered section with its heading, and the failed-load state with a retry.
import { normalizarRol } from '@clinica/contracts/roles';
import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { EstadoError } from '../../../components/estado-error.tsx';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import classes from '../citas.module.css';

export function usePapelEnCita(cita: Pick<CitaWire, 'usuario' | 'doctor'>) {
  const { userRole, userId } = useAuth();
  const rol = normalizarRol(userRole);
  return {
    rol,
    esPaciente: rol === 'paciente' && userId === cita.usuario.id,
    esSuDoctor: rol === 'doctor' && userId === cita.doctor.id,
    recepcion: rol === 'asistente',
  };
}

export function SeccionCita({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.tarjeta} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={3} fz="h4" id={id}>
          {titulo}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

type Consulta = { error: Error; refetch: () => unknown; isFetching: boolean };

export function ErrorDeCarga({ titulo, consulta }: { titulo: string; consulta: Consulta }) {
  return (
    <EstadoError
      titulo={titulo}
      mensaje={consulta.error.message}
      onRetry={() => void consulta.refetch()}
      reintentando={consulta.isFetching}
    />
  );
}
