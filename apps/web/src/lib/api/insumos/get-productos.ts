// The products (active and inactive) with their usable stock, for the desk, the administrators and the doctors.
import { useQuery } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';

export const getProductos = () => api(insumosRutas.productos);

export const useProductos = (enabled = true) =>
  useQuery({ queryKey: insumosClaves.productos(), queryFn: getProductos, enabled });
