// «¿Quién recibió este lote?» on /insumos/:id (issue 24, item 3): only for doctors and administrators (the desk
// manages the lot but never sees it), its table and the notice sent to everyone (checked first; the server's 409 for
// a double click shown in words).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import type { Rol } from '@clinica/contracts/roles';
import { trazabilidadRutas as r } from '@clinica/contracts/trazabilidad-rutas';
import { ProveedorFechas } from '../../components/proveedor-fechas.tsx';
import { lote, productoConLotes } from '../../test/insumos-fixtures.ts';
import { renderComoRol } from '../../test/como-rol.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import ProductoScreen from './producto-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const paciente = {
  id: 7,
  nombre: 'Lucía Pérez',
  tipodocumento: 'CC',
  numerodocumento: '52123456',
  telefono: '3001234567',
  correo: 'lucia@correo.test',
};
const pacientesLote = {
  lote: { id: 4, numero: 'B2291', vence_el: '2027-08-31', producto: { id: 2, nombre: 'Ácido', registro_invima: 'X' } },
  pacientes: [
    {
      paciente,
      evolucion_id: 11,
      cita_id: 21,
      fecha: '2026-11-20',
      doctor: { id: 3, nombre: 'Dr. Andrés Gómez' },
      cantidad: 1.5,
      unidad: 'mL' as const,
    },
  ],
};

describe('«¿Quién recibió este lote?» on /insumos/:id', () => {
  const renderProducto = (rol: Rol) =>
    renderComoRol(
      rol,
      <ProveedorFechas>
        <ProductoScreen />
      </ProveedorFechas>,
      '/insumos/2',
      '/insumos/:id',
    );

  it('the desk manages the lot but never sees the action', async () => {
    mockFetch([responde(insumosRutas.producto, { body: productoConLotes([lote()]) })]);
    renderProducto('asistente');
    expect(await screen.findByRole('button', { name: 'Ajustar el lote B2291' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Quién recibió/ })).not.toBeInTheDocument();
  });

  it('a doctor opens the list and notifies everyone; the server’s 409 shows in words', async () => {
    const fetch = mockFetch([
      responde(insumosRutas.producto, { body: productoConLotes([lote()]) }),
      responde(r.pacientesLote, { body: pacientesLote }),
      responde(r.alertasLote, { body: [] }),
      responde(r.alertarLote, {
        status: 409,
        body: { error: 'Ese aviso ya se envió hace un momento a los pacientes de este lote.', code: 'CONFLICTO' },
      }),
    ]);
    renderProducto('doctor');
    fireEvent.click(await screen.findByRole('button', { name: '¿Quién recibió el lote B2291?' }));
    const dialogo = await screen.findByRole('dialog');
    const fila = (await within(dialogo).findAllByRole('row'))[1]!;
    expect(fila).toHaveTextContent('Lucía Pérez');
    expect(fila).toHaveTextContent('CC 52123456');
    expect(fila).toHaveTextContent('3001234567');
    expect(fila).toHaveTextContent('20/11/2026');
    expect(fila).toHaveTextContent('Dr. Andrés Gómez');
    expect(fila).toHaveTextContent('1,5 mL');
    const enviar = within(dialogo).getByRole('button', { name: 'Avisar a 1 paciente' });
    fireEvent.click(enviar);
    expect(await within(dialogo).findByText('El aviso debe tener al menos 20 caracteres')).toBeInTheDocument();
    expect(fetch.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialogo).getByRole('textbox', { name: /Aviso/ }), {
      target: { value: 'El INVIMA alertó sobre este lote: llama a la clínica.' },
    });
    fireEvent.click(enviar);
    expect(
      await within(dialogo).findByText('Ese aviso ya se envió hace un momento a los pacientes de este lote.'),
    ).toBeInTheDocument();
    expect(fetch.calls.find((c) => c.method === 'POST')!.body).toEqual({
      texto: 'El INVIMA alertó sobre este lote: llama a la clínica.',
    });
  });
});
