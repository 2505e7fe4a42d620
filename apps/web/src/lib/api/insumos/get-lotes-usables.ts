// The lots a doctor can chart with (issue 24, item 2): in stock and not expired, each with its product.
import { useQuery } from '@tanstack/react-query';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { api } from '../../api-client.ts';
import { insumosClaves } from './claves.ts';

export const useLotesUsables = (enabled = true) =>
  useQuery({ queryKey: insumosClaves.lotesUsables(), queryFn: () => api(insumosRutas.lotesUsables), enabled });
