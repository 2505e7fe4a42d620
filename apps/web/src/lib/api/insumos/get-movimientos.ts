// A lot's movements (uses and adjustments, with who and when), for those who keep the stock.
import { useQuery } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';

export const getMovimientos = (loteId: number) => api(insumosRutas.movimientos, { params: { id: loteId } });

export const useMovimientos = (loteId: number, enabled = true) =>
  useQuery({ queryKey: insumosClaves.movimientos(loteId), queryFn: () => getMovimientos(loteId), enabled });
