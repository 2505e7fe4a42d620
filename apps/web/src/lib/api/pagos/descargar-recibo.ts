// A payment's "Recibo de caja" PDF, saved under the name the server gives (the token never goes in a URL).
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { rellenarPath } from '@clinica/contracts/rutas';
import { descargar } from '../../descargas.ts';

export const descargarRecibo = (id: number) =>
  descargar(rellenarPath(pagosRutas.recibo.path, { id }), `recibo-de-caja-${id}.pdf`);
