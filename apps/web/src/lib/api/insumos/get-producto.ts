// One product with its lots (stock, expiry, who received each).
import { useQuery } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';

export const getProducto = (id: number) => api(insumosRutas.producto, { params: { id } });

export const useProducto = (id: number, enabled = true) =>
  useQuery({
    queryKey: insumosClaves.producto(id),
    queryFn: () => getProducto(id),
    enabled: enabled && Number.isInteger(id) && id > 0,
  });
