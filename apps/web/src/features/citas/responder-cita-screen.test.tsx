// /respondercita#token=… (issue 25.3): the reminder's link. The token leaves the address bar at once and travels only
// in JSON bodies; opening the page shows the appointment and what the action does (the deposit under the policy) and
// changes nothing; the press confirms or cancels once; a dead link explains itself.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENSAJES_CITAS, politicaCancelacion } from '@clinica/contracts/citas';
import { MENSAJES_ENLACE_CITA as M, type EnlaceCita } from '@clinica/contracts/enlaces-cita';
import { enlacesCitaRutas } from '@clinica/contracts/enlaces-cita-rutas';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { respondeError } from '../../test/responde-error.ts';
import ResponderCitaScreen from './responder-cita-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const CONFIRMAR = `e1.41.confirmar.1796310000.${'A'.repeat(43)}`;
const CANCELAR = `e1.41.cancelar.1796310000.${'B'.repeat(43)}`;

type Vista = Omit<EnlaceCita, 'cita'> & {
  cita: Omit<EnlaceCita['cita'], 'inicio' | 'fin'> & { inicio: string; fin: string };
};
const vista = (accion: 'confirmar' | 'cancelar', anticipo: Vista['anticipo'] = null): Vista => ({
  accion,
  cita: {
    // Thursday 3 December 2026, 9:00 a. m. in Bogotá.
    inicio: '2026-12-03T14:00:00.000Z',
    fin: '2026-12-03T14:30:00.000Z',
    tipo: 'procedimiento',
    estado: 'pendiente',
    procedimiento: 'Hidrafacial',
    doctor: 'Dra. Laura Gómez',
  },
  politica: { cancelacion_horas_aviso: 24, texto: politicaCancelacion(24) },
  anticipo,
});

function Direccion() {
  const { pathname, hash } = useLocation();
  return <div data-testid="direccion">{pathname + hash}</div>;
}

const abrir = (token: string | null) =>
  renderWithProviders(
    <>
      <ResponderCitaScreen />
      <Direccion />
    </>,
    { initialEntries: [{ pathname: '/respondercita', hash: token ? `#token=${token}` : '' }], path: '/respondercita' },
  );

describe('ResponderCitaScreen', { timeout: 45_000 }, () => {
  it('confirm: the token leaves the address, the page shows the appointment, the press confirms once', async () => {
    const { calls } = mockFetch([
      responde(enlacesCitaRutas.ver, { body: vista('confirmar') }),
      responde(enlacesCitaRutas.usar, {
        body: { accion: 'confirmar', estado: 'confirmada', cambio: true, mensaje: M.confirmada },
      }),
    ]);
    abrir(CONFIRMAR);
    await waitFor(() => expect(screen.getByTestId('direccion')).toHaveTextContent(/^\/respondercita$/));
    expect(screen.getByRole('heading', { level: 1, name: 'Confirmar tu cita' })).toBeInTheDocument();
    expect(await screen.findByText('Dra. Laura Gómez')).toBeInTheDocument();
    expect(screen.getByText('Hidrafacial')).toBeInTheDocument();
    expect(screen.getByText(/jueves, 3 de diciembre de 2026/)).toBeInTheDocument();
    expect(screen.getByText('9:00 a. m. a 9:30 a. m.')).toBeInTheDocument();
    // Looking is one read; nothing used yet.
    expect(calls.map((c) => c.url.pathname)).toEqual([enlacesCitaRutas.ver.path]);
    expect(calls[0]?.body).toEqual({ token: CONFIRMAR });
    expect(calls[0]?.url.search + calls[0]!.url.hash).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar mi cita' }));
    const aviso = await screen.findByRole('status', { name: 'Cita confirmada' });
    expect(aviso).toHaveTextContent(M.confirmada);
    await waitFor(() => expect(aviso).toHaveFocus());
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({ token: CONFIRMAR });
    expect(screen.queryByRole('button', { name: 'Confirmar mi cita' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver mis citas' })).toHaveAttribute('href', '/miscitas');
  });

  it('cancel inside the notice with a paid deposit: says it is retained before the press', async () => {
    const mensaje = M.cancelada_ok + M.retenido('$ 60.000');
    const { calls } = mockFetch([
      responde(enlacesCitaRutas.ver, {
        body: vista('cancelar', { monto: 60_000, pagado: true, al_cancelar: 'retenido' }),
      }),
      responde(enlacesCitaRutas.usar, { body: { accion: 'cancelar', estado: 'cancelada', cambio: true, mensaje } }),
    ]);
    abrir(CANCELAR);
    expect(screen.getByRole('heading', { level: 1, name: 'Cancelar tu cita' })).toBeInTheDocument();
    const alerta = await screen.findByText(/Según la política de cancelación, si cancelas, la clínica conserva/);
    expect(alerta).toHaveTextContent(/\$\s60\.000/);
    expect(screen.getByText(/Política de cancelación: si cancelas con al menos 24 horas/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar mi cita' }));
    expect(await screen.findByRole('status', { name: 'Cita cancelada' })).toHaveTextContent(mensaje);
    expect(calls[1]?.body).toEqual({ token: CANCELAR });
    expect(screen.getByRole('link', { name: 'Agendar una nueva cita' })).toHaveAttribute('href', '/crearcita');
  });

  it('cancel with enough notice: she must choose what happens to the deposit; the choice is sent', async () => {
    const { calls } = mockFetch([
      responde(enlacesCitaRutas.ver, {
        body: vista('cancelar', { monto: 60_000, pagado: true, al_cancelar: 'elegir' }),
      }),
      responde(enlacesCitaRutas.usar, {
        body: { accion: 'cancelar', estado: 'cancelada', cambio: true, mensaje: M.cancelada_ok + M.saldo('$ 60.000') },
      }),
    ]);
    abrir(CANCELAR);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar mi cita' }));
    expect(await screen.findByText(MENSAJES_CITAS.eligeDestinoAnticipo)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: /Dejarlo como saldo a favor/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar mi cita' }));
    await screen.findByRole('status', { name: 'Cita cancelada' });
    expect(calls[1]?.body).toEqual({ token: CANCELAR, anticipo: 'saldo_a_favor' });
  });

  it('a refusal she can act on (unpaid deposit) keeps the button', async () => {
    const error = 'Tu cita tiene un anticipo de $ 60.000 sin pagar. Págalo en la clínica antes del …';
    mockFetch([
      responde(enlacesCitaRutas.ver, {
        body: vista('confirmar', { monto: 60_000, pagado: false, al_cancelar: 'sin_pagar' }),
      }),
      respondeError(enlacesCitaRutas.usar, 422, 'REGLA_NEGOCIO', error),
    ]);
    abrir(CONFIRMAR);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar mi cita' }));
    expect(await screen.findByRole('alert', { name: 'No se confirmó la cita' })).toHaveTextContent(error);
    expect(screen.getByRole('button', { name: 'Confirmar mi cita' })).toBeEnabled();
  });

  it.each([
    [410, 'ENLACE_USADO', M.usado],
    [410, 'ENLACE_VENCIDO', M.vencido],
    [409, 'CONFLICTO', M.movida],
    [400, 'ENLACE_INVALIDO', M.invalido],
  ] as const)('a dead link (%i %s): why, and no button', async (status, code, error) => {
    mockFetch([respondeError(enlacesCitaRutas.ver, status, code, error)]);
    abrir(CANCELAR);
    const alerta = await screen.findByRole('alert', { name: 'Este enlace ya no sirve' });
    expect(alerta).toHaveTextContent(error);
    await waitFor(() => expect(alerta).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Cancelar mi cita' })).not.toBeInTheDocument();
  });

  it('used meanwhile (the press answers 410): the dead-link message', async () => {
    mockFetch([
      responde(enlacesCitaRutas.ver, { body: vista('confirmar') }),
      respondeError(enlacesCitaRutas.usar, 410, 'ENLACE_USADO', M.usado),
    ]);
    abrir(CONFIRMAR);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar mi cita' }));
    expect(await screen.findByRole('alert', { name: 'Este enlace ya no sirve' })).toHaveTextContent(M.usado);
  });

  it('without a token: explains it and sends nothing', () => {
    const { calls } = mockFetch([]);
    abrir(null);
    expect(screen.getByText('Falta el código del enlace')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
