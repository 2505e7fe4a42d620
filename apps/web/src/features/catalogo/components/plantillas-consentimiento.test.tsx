// The procedure's consent text for staff (issue 9, item 5): the version in force, and a new version saved as a
// new row (the form starts from the current text).
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { carritoRutas } from '@clinica/contracts/rutas';
import { notifications } from '@mantine/notifications';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada } from '../../../test/api-mock.ts';
import { renderEnRuta, tokenDePrueba } from '../../../test/carrito-test-utils.tsx';
import { PlantillasConsentimiento } from './plantillas-consentimiento.tsx';
import { mockFetch, responde } from '../../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const V1 = {
  id: 3,
  procedimiento_id: 7,
  version: 1,
  texto: 'Riesgos: enrojecimiento por unos días. Alternativas: no tratarse. Cuidados: protector solar.',
  vigente_desde: '2026-01-01T05:00:00.000Z',
};

describe('plantillas de consentimiento', { timeout: 20_000 }, () => {
  it('shows the version in force and saves a new one', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('token', tokenDePrueba({ id: 9, rol: 'asistente' }));
    const fetch = mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(consentimientosRutas.plantillas, { body: [V1] }, { procedimientoId: 7 }),
      responde(
        consentimientosRutas.crearPlantilla,
        { status: 201, body: { ...V1, id: 4, version: 2 } },
        { procedimientoId: 7 },
      ),
    ]);
    renderEnRuta('/p', { '/p': <PlantillasConsentimiento procedimientoId={7} /> });
    expect(await screen.findByText('Versión 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nueva versión' }));
    const campo = screen.getByRole('textbox', { name: 'Texto del consentimiento' });
    expect(campo).toHaveValue(V1.texto);
    await user.clear(campo);
    await user.click(screen.getByRole('button', { name: 'Guardar versión' }));
    expect(await screen.findByText(/mínimo 50 caracteres/)).toBeInTheDocument();
    await user.click(campo);
    await user.paste(`${V1.texto} Incluye el riesgo de reacción alérgica.`);
    await user.click(screen.getByRole('button', { name: 'Guardar versión' }));
    expect(await screen.findByText('Versión 2 del consentimiento guardada.')).toBeInTheDocument();
    expect(fetch.llamadas()).toContain(llamada(consentimientosRutas.crearPlantilla, { procedimientoId: 7 }));
  });

  it('says when the procedure has no consent text yet', async () => {
    localStorage.setItem('token', tokenDePrueba({ id: 9, rol: 'asistente' }));
    mockFetch([
      responde(carritoRutas.listar, { body: [] }),
      responde(consentimientosRutas.plantillas, { body: [] }, { procedimientoId: 7 }),
    ]);
    renderEnRuta('/p', { '/p': <PlantillasConsentimiento procedimientoId={7} /> });
    expect(await screen.findByText(/aún no tiene texto de consentimiento/)).toBeInTheDocument();
  });
});
