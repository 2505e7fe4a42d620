// The staff dashboard's alerts: lots expiring within 60 days (or expired with stock) and products under their minimum.
import { useQuery } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';

export const getAlertasInsumos = () => api(insumosRutas.alertas);

export const useAlertasInsumos = (enabled = true) =>
  useQuery({ queryKey: insumosClaves.alertas(), queryFn: getAlertasInsumos, enabled });
