// Mounting an appointment's details (/detallescitas/:id, also /citas/:id) the way its tests need it: a signed-in
// person, the API answered by the test's routes first, then an empty cart and the other sections empty.
import { pagosEnLineaRutas } from '@clinica/contracts/pagos-en-linea-rutas';
import { carritoRutas } from '@clinica/contracts/rutas';
import { seccionesVacias } from '../features/citas/citas-fixtures.ts';
import DetalleCitaScreen from '../features/citas/detalle-cita-screen.tsx';
import { renderEnRuta, tokenDePrueba } from './carrito-test-utils.tsx';
import { mockFetch, responde, type RutaSimulada } from './mock-fetch.ts';

type Opciones = {
  /** Where the screen opens (appointment 41 unless told). */
  ruta?: string;
  /** Routes that only answer what neither the test nor the empty sections answered. */
  ultimas?: RutaSimulada[];
};

export function montarDetalleCita(
  token: Record<string, unknown>,
  rutas: RutaSimulada[],
  { ruta = '/detallescitas/41', ultimas = [] }: Opciones = {},
) {
  localStorage.setItem('token', tokenDePrueba(token));
  const fetch = mockFetch([
    responde(carritoRutas.listar, { body: [] }),
    ...rutas,
    ...seccionesVacias(),
    ...ultimas,
    // Online payment not offered unless a test says so (components/pagos/boton-pagar-en-linea.tsx).
    responde(pagosEnLineaRutas.config, { body: { habilitado: false, proveedor: null, ambiente: null } }),
  ]);
  renderEnRuta(ruta, {
    '/detallescitas/:id': <DetalleCitaScreen />,
    '/citas/:id': <DetalleCitaScreen />,
  });
  return fetch;
}
