// One patient's packages: sessions left, expiry and the sessions used (her own, or any patient's for the staff).
import { useQuery } from '@tanstack/react-query';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { api } from '../../api-client.ts';
import { paquetesClaves } from './claves.ts';

export const getPaquetesPaciente = (pacienteId: number) => api(paquetesRutas.dePaciente, { params: { pacienteId } });

export const usePaquetesPaciente = (pacienteId: number, enabled = true) =>
  useQuery({
    queryKey: paquetesClaves.paciente(pacienteId),
    queryFn: () => getPaquetesPaciente(pacienteId),
    enabled: enabled && Number.isInteger(pacienteId) && pacienteId > 0,
  });
