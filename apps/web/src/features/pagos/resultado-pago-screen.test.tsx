// /pago-en-linea/resultado: reads Wompi's `id`, asks our API and says approved / declined / pending in Spanish.
import { pagosEnLineaRutas } from '@clinica/contracts/pagos-en-linea-rutas';
import { carritoRutas } from '@clinica/contracts/rutas';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import ResultadoPagoScreen from './resultado-pago-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const resultado = (estado: string, recibo: number | null = null) => ({
  pago_id: 7,
  cita_id: 41,
  monto: 50_000,
  concepto: 'anticipo' as const,
  estado: estado as 'aprobado',
  recibo_numero: recibo,
});

function montar(id: string | null, respuesta?: ReturnType<typeof resultado>) {
  localStorage.setItem('token', tokenDePrueba({ id: 1, rol: 'paciente' }));
  const fetch = mockFetch([
    responde(carritoRutas.listar, { body: [] }),
    ...(respuesta ? [responde(pagosEnLineaRutas.transaccion, { body: respuesta }, { transaccionId: id! })] : []),
  ]);
  renderEnRuta(`/pago-en-linea/resultado${id ? `?id=${id}&env=test` : ''}`, {
    '/pago-en-linea/resultado': <ResultadoPagoScreen />,
  });
  return fetch;
}

describe('resultado del pago en línea', { timeout: 30_000 }, () => {
  it('approved: the amount, the receipt in Mis pagos and a link to the appointment', async () => {
    montar('1234-1610641025-49201', resultado('aprobado', 12));
    expect(await screen.findByRole('heading', { name: 'Pago aprobado' })).toBeInTheDocument();
    expect(screen.getByText(/Recibimos \$\s50\.000 por el anticipo de tu cita\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver la cita' })).toHaveAttribute('href', '/detallescitas/41');
  });

  it('declined', async () => {
    montar('1234-1610641025-49202', resultado('rechazado'));
    expect(await screen.findByRole('heading', { name: 'Pago no aprobado' })).toBeInTheDocument();
    expect(screen.getByText(/no fue aprobado y no se te cobró/)).toBeInTheDocument();
  });

  it('pending', async () => {
    montar('1234-1610641025-49203', resultado('pendiente'));
    expect(await screen.findByRole('heading', { name: 'Pago en proceso' })).toBeInTheDocument();
  });

  it('without an id it says so and asks nothing', async () => {
    const fetch = montar(null);
    expect(await screen.findByText('No encontramos ese pago')).toBeInTheDocument();
    expect(fetch.llamadas().some((l) => l.includes('en-linea'))).toBe(false);
  });
});
