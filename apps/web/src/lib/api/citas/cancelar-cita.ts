// /apicitas/cancelarcita/:id: cancels with a reason; the time becomes free again.
import type { DestinoAnticipo } from '@clinica/contracts/citas';
import { citasRutas } from '@clinica/contracts/rutas';
import { api } from '../../api-client.ts';
import { useMutacionDeCita } from './cita-cambiada.ts';

/** `anticipo`: what the patient chose for a paid, refundable deposit (the server asks for it then). */
export const cancelarCita = (id: number, motivo: string, anticipo?: DestinoAnticipo) =>
  api(citasRutas.cancelar, { params: { id }, body: { motivo, ...(anticipo ? { anticipo } : {}) } });

export const useCancelarCita = () =>
  useMutacionDeCita(({ id, motivo, anticipo }: { id: number; motivo: string; anticipo?: DestinoAnticipo }) =>
    cancelarCita(id, motivo, anticipo),
  );
