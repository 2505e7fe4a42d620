// «Cómo te contactamos» in the patient's profile (issue 25, items 2 and 4): WhatsApp unavailable without the clinic's
// settings; the number asked with the authorisation accepted, the code typed, the number shown verified; the
// channels saved; the opt-out.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { mensajeriaRutas, TEXTO_AUTORIZACION_WHATSAPP } from '@clinica/contracts/mensajeria-rutas';
import type { PreferenciasWire } from '../../lib/api/mensajeria/mensajeria.ts';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import EditarPerfilScreen from './editar-perfil-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { laura } from '../../test/usuarios-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const base: PreferenciasWire = {
  whatsapp_disponible: true,
  canal: 'correo',
  whatsapp_numero: null,
  whatsapp_verificado_en: null,
  whatsapp_autorizado: false,
  numero_pendiente: null,
};
const verificada: PreferenciasWire = {
  ...base,
  canal: 'ambos',
  whatsapp_numero: '573001234567',
  whatsapp_verificado_en: '2026-11-23T12:00:00.000Z',
  whatsapp_autorizado: true,
};

async function abrir(inicial: PreferenciasWire, extra: Parameters<typeof mockFetch>[0] = []) {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 4, rol: 'paciente' }));
  const estado = { actual: inicial };
  const fetch = mockFetch([
    responde(usuariosRutas.perfil, { body: laura }),
    responde(mensajeriaRutas.preferencias, () => ({ body: estado.actual })),
    ...extra,
  ]);
  renderWithProviders(<EditarPerfilScreen />, { route: '/editarusuario/4', path: '/editarusuario/:id' });
  const seccion = await screen.findByRole('region', { name: 'Cómo te contactamos' });
  return { ...fetch, seccion, estado };
}

describe('Mi perfil: Cómo te contactamos', { timeout: 45_000 }, () => {
  it('without the clinic’s WhatsApp: says so, and only e-mail can be chosen', async () => {
    const { seccion } = await abrir({ ...base, whatsapp_disponible: false });
    expect(await within(seccion).findByText('WhatsApp no disponible')).toBeInTheDocument();
    expect(within(seccion).getByRole('radio', { name: /Solo correo/ })).toBeChecked();
    expect(within(seccion).getByRole('radio', { name: /Solo WhatsApp/ })).toBeDisabled();
    expect(within(seccion).getByRole('radio', { name: /Correo y WhatsApp/ })).toBeDisabled();
    expect(within(seccion).queryByLabelText(/Tu número de WhatsApp/)).not.toBeInTheDocument();
  });

  it('asks for the authorisation, sends the number, takes the code and shows the number verified', async () => {
    const { seccion, calls, estado } = await abrir(base, [
      responde(mensajeriaRutas.numero, () => {
        estado.actual = { ...base, numero_pendiente: '573001234567' };
        return { status: 201, body: { numero: '573001234567', expira_en: '2026-11-23T12:10:00.000Z' } };
      }),
      responde(mensajeriaRutas.codigo, () => {
        estado.actual = verificada;
        return { body: verificada };
      }),
    ]);
    const numero = await within(seccion).findByLabelText(/Tu número de WhatsApp/);
    fireEvent.change(numero, { target: { value: '300 123 4567' } });
    fireEvent.click(within(seccion).getByRole('button', { name: 'Enviar código por WhatsApp' }));
    expect(await within(seccion).findByText('Para continuar, acepta la autorización.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(seccion).getByRole('checkbox', { name: TEXTO_AUTORIZACION_WHATSAPP }));
    fireEvent.click(within(seccion).getByRole('button', { name: 'Enviar código por WhatsApp' }));
    const codigo = await within(seccion).findByLabelText(/Código de 6 dígitos/);
    expect(seccion).toHaveTextContent('+57 300 123 4567');
    fireEvent.change(codigo, { target: { value: '123456' } });
    fireEvent.click(within(seccion).getByRole('button', { name: 'Verificar' }));
    expect(await within(seccion).findByText('WhatsApp verificado')).toBeInTheDocument();
    expect(within(seccion).getByRole('radio', { name: /Correo y WhatsApp/ })).toBeChecked();
    expect(within(seccion).getByRole('radio', { name: /Solo WhatsApp/ })).toBeEnabled();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      [mensajeriaRutas.numero.path, { numero: '300 123 4567', acepta: true }],
      [mensajeriaRutas.codigo.path, { codigo: '123456' }],
    ]);
  });

  it('saves the channels, and the opt-out goes back to e-mail', async () => {
    const { seccion, calls } = await abrir(verificada, [
      responde(mensajeriaRutas.guardarPreferencias, (p) => ({
        body: { ...verificada, canal: (p.body as { canal: PreferenciasWire['canal'] }).canal },
      })),
      responde(mensajeriaRutas.baja, { body: { ...verificada, canal: 'correo', whatsapp_autorizado: false } }),
    ]);
    fireEvent.click(await within(seccion).findByRole('radio', { name: /Solo WhatsApp/ }));
    fireEvent.click(within(seccion).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(within(seccion).getByRole('radio', { name: /Solo WhatsApp/ })).toBeChecked());
    await waitFor(() => expect(within(seccion).getByRole('button', { name: 'Guardar' })).toBeDisabled());

    fireEvent.click(within(seccion).getByRole('button', { name: 'Dejar de recibir por WhatsApp' }));
    expect(await within(seccion).findByLabelText(/Tu número de WhatsApp/)).toBeInTheDocument();
    expect(within(seccion).getByRole('radio', { name: /Solo correo/ })).toBeChecked();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.pathname, c.body])).toEqual([
      ['PUT', mensajeriaRutas.guardarPreferencias.path, { canal: 'whatsapp' }],
      ['POST', mensajeriaRutas.baja.path, {}],
    ]);
  });

  it('changing a verified number asks for its code; she may go back', async () => {
    const { seccion, estado } = await abrir(verificada, [
      responde(mensajeriaRutas.numero, () => {
        estado.actual = { ...verificada, numero_pendiente: '573119876543' };
        return { status: 201, body: { numero: '573119876543', expira_en: '2026-11-23T12:10:00.000Z' } };
      }),
    ]);
    fireEvent.click(await within(seccion).findByRole('button', { name: 'Cambiar número' }));
    fireEvent.click(within(seccion).getByRole('button', { name: 'Cancelar' }));
    expect(await within(seccion).findByText('WhatsApp verificado')).toBeInTheDocument();
    fireEvent.click(within(seccion).getByRole('button', { name: 'Cambiar número' }));
    fireEvent.change(within(seccion).getByLabelText(/Tu número de WhatsApp/), { target: { value: '311 987 6543' } });
    fireEvent.click(within(seccion).getByRole('checkbox', { name: TEXTO_AUTORIZACION_WHATSAPP }));
    fireEvent.click(within(seccion).getByRole('button', { name: 'Enviar código por WhatsApp' }));
    expect(await within(seccion).findByLabelText(/Código de 6 dígitos/)).toBeInTheDocument();
    expect(seccion).toHaveTextContent('+57 311 987 6543');
  });
});
