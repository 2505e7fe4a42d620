// The package definitions (active and inactive), for the desk and the administrators.
import { useQuery } from '@tanstack/react-query';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { api } from '../../api-client.ts';
import { paquetesClaves } from './claves.ts';

export const getPaquetes = () => api(paquetesRutas.listar);

export const usePaquetes = (enabled = true) =>
  useQuery({ queryKey: paquetesClaves.definiciones(), queryFn: getPaquetes, enabled });
