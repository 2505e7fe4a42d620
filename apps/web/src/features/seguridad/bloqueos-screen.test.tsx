import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { BloqueoRecienteWire } from '@clinica/contracts/usuarios';
import { renderComoRol, pruebasSoloAdministradores } from '../../test/como-rol.tsx';
import BloqueosScreen from './bloqueos-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

function bloqueo(extra: Partial<BloqueoRecienteWire> = {}): BloqueoRecienteWire {
  return {
    cuando: '2026-11-23T15:00:00.000Z',
    ip: '10.9.8.7',
    tipo: 'bloqueo',
    correo: 'laura@demo.test',
    detalle: 'bloqueo de 1 min; clave=par:laura@demo.test|10.9.8.7',
    ...extra,
  };
}

const renderBloqueos = (rol: Rol) => renderComoRol(rol, <BloqueosScreen />, '/seguridad');
const conBloqueos = (items: BloqueoRecienteWire[]) =>
  mockFetch([responde(usuariosRutas.bloqueosRecientes, { body: { items } })]);

describe('BloqueosScreen', () => {
  it('lists when (in the clinic zone), kind as text, account, address and detail, in the order the API sends', async () => {
    conBloqueos([
      bloqueo({ tipo: 'intento_bloqueado', detalle: 'intento durante bloqueo; correo=laura@demo.test' }),
      bloqueo(),
      bloqueo({
        cuando: '2026-11-22T02:30:00.000Z',
        tipo: 'rafaga',
        ip: '200.1.2.3',
        correo: 'ana@demo.test',
        detalle: 'ráfaga: 10 fallos recientes desde varias direcciones; intentos ralentizados; correo=ana@demo.test',
      }),
      bloqueo({ tipo: 'bloqueo', correo: null, ip: '200.9.9.9', detalle: 'bloqueo de 1 min; clave=ip:200.9.9.9' }),
    ]);
    renderBloqueos('administrador');
    const tabla = await screen.findByRole('table');
    const filas = within(tabla).getAllByRole('row').slice(1);
    expect(filas).toHaveLength(4);
    expect(within(filas[0]!).getByText('Intento durante un bloqueo')).toBeInTheDocument();
    expect(filas[0]).toHaveTextContent('laura@demo.test');
    expect(filas[0]).toHaveTextContent('10.9.8.7');
    // 15:00 UTC is 10:00 in Bogotá; 02:30 UTC on the 22nd is still the 21st there.
    expect(filas[1]).toHaveTextContent('23/11/2026');
    expect(filas[1]).toHaveTextContent(/10:00/);
    expect(within(filas[1]!).getByText('Bloqueo')).toBeInTheDocument();
    expect(within(filas[2]!).getByText('Ráfaga de intentos')).toBeInTheDocument();
    expect(filas[2]).toHaveTextContent('21/11/2026');
    expect(filas[2]).toHaveTextContent('ana@demo.test');
    expect(filas[3]).toHaveTextContent('Sin cuenta (solo la dirección)');
    expect(filas[3]).toHaveTextContent('clave=ip:200.9.9.9');
  });

  it('says when there were no lockouts', async () => {
    conBloqueos([]);
    renderBloqueos('administrador');
    expect(await screen.findByText('No hubo bloqueos en los últimos 7 días')).toBeInTheDocument();
  });

  pruebasSoloAdministradores(usuariosRutas.bloqueosRecientes, renderBloqueos);
});
