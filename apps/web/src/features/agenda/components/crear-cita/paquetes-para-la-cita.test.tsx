// The desk booking form names the session a procedure appointment will use of the patient's package (issue 23.4).
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { renderComoRol } from '../../../../test/como-rol.tsx';
import { mockFetch, responde } from '../../../../test/mock-fetch.ts';
import { vendido } from '../../../../test/paquetes-fixtures.ts';
import { PaquetesParaLaCita } from './paquetes-para-la-cita.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('the desk booking form', () => {
  it("names the session a procedure appointment will use of the patient's package", async () => {
    mockFetch([
      responde(paquetesRutas.dePaciente, {
        body: [
          vendido(),
          vendido({ id: 12, procedimiento: { id: 8, nombre: 'Otro' }, nombre: 'Otro paquete' }),
          vendido({ id: 13, estado: 'agotado', sesiones_usadas: 5, sesiones_restantes: 0 }),
        ],
      }),
    ]);
    renderComoRol('asistente', <PaquetesParaLaCita pacienteId={1} procedimientoId={4} />, '/crearcitaasistente');
    const aviso = await screen.findByRole('status');
    expect(aviso).toHaveTextContent('Sesión 2 de 5 del paquete Peeling: 5 sesiones, vence el 30/05/2027');
    expect(aviso).not.toHaveTextContent('Otro paquete');
    expect(within(aviso).getAllByText(/^Sesión/)).toHaveLength(1);
  });
});
