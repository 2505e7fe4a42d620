// What the clinical sections of an appointment's details share: who is looking (the patient, her doctor, the
// desk), the bordered section with its heading, and the failed-load state with a retry.
import { normalizarRol } from '@clinica/contracts/roles';
import type { ReactNode } from 'react';
import { EstadoError } from '../../../components/estado-error.tsx';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import classes from '../citas.module.css';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';

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
    <SeccionTarjeta id={id} titulo={titulo} nivel={3} className={classes.tarjeta}>
      {children}
    </SeccionTarjeta>
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
