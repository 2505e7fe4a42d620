// Ley 1799 de 2016 in the procedure form (issue 21.3): a minimum age under 18 only for a procedure marked exempt,
// refused before sending with the server's message; only an administrator changes the exempt box (the others see
// it disabled, with why); the server's refusal still lands on the age field; the details screen says it.
import { MENSAJE_LEY_1799, type CategoriaWire } from '@clinica/contracts/catalogo';
import { categoriasRutas, procedimientosRutas } from '@clinica/contracts/rutas';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { llamada, type RespuestaSimulada } from '../../test/api-mock.ts';
import { procedimientoDePrueba, renderEnRuta, tokenDePrueba } from '../../test/carrito-test-utils.tsx';
import DetallesProcedimientosScreen from './detalles-procedimientos-screen.tsx';
import EditarProcedimientoScreen from './editar-procedimiento-screen.tsx';
import { consentimientosRutas } from '@clinica/contracts/consentimientos-rutas';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import {
  carritoVacio,
  crearYLeerCuerpo,
  cuerpoDe,
  llenarProcedimiento,
  montarCrearProcedimiento,
} from '../../test/procedimiento-form.tsx';

const EXENTO = /^Exento de la Ley 1799 de 2016 \(depilación láser, peeling superficial, reconstructivo\)/;
const facial: CategoriaWire = {
  id: 1,
  nombre: 'Facial',
  descripcion: null,
  activa: true,
  total_procedimientos: 2,
  creada_en: '2026-01-01T10:00:00.000Z',
  actualizada_en: '2026-01-01T10:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

const crearComo = (rol: string, post: RespuestaSimulada<typeof procedimientosRutas.crear>) =>
  montarCrearProcedimiento(rol, [facial], post);

async function llenar(user: User, edad: string) {
  await llenarProcedimiento(user, {
    nombre: 'Depilación láser axilas',
    descripcion: 'Depilación con láser de diodo en axilas, seis sesiones.',
    precio: '120000',
    duracion: '30',
  });
  const edadMinima = screen.getByRole('textbox', { name: /^Edad mínima/ });
  await user.clear(edadMinima);
  await user.type(edadMinima, edad);
}

describe('Ley 1799 en el formulario de procedimiento', { timeout: 30_000 }, () => {
  it('an assistant sees the exempt box disabled with why, and an age under 18 is refused before sending', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = crearComo('asistente', { status: 201, body: procedimientoDePrueba() });
    const exento = await screen.findByRole('checkbox', { name: EXENTO });
    expect(exento).toBeDisabled();
    expect(exento).not.toBeChecked();
    expect(exento).toHaveAccessibleDescription('Solo un administrador lo cambia.');
    expect(screen.getByRole('textbox', { name: /^Edad mínima/ })).toHaveAccessibleDescription(
      /prohíbe los procedimientos estéticos a menores de 18 años/,
    );

    await llenar(user, '16');
    await user.click(screen.getByRole('button', { name: 'Crear procedimiento' }));
    const edad = screen.getByRole('textbox', { name: /^Edad mínima/ });
    expect(await screen.findByText(MENSAJE_LEY_1799)).toBeInTheDocument();
    expect(edad).toHaveAttribute('aria-invalid', 'true');
    expect(edad).toHaveAccessibleDescription(new RegExp(MENSAJE_LEY_1799.slice(0, 40)));
    expect(fetch.llamadas().some((l) => l.startsWith('POST'))).toBe(false);

    // 18 is the floor: the procedure is created, not exempt.
    await user.clear(edad);
    await user.type(edad, '18');
    expect(screen.queryByText(MENSAJE_LEY_1799)).not.toBeInTheDocument();
    expect(await crearYLeerCuerpo(user, fetch)).toMatchObject({ edad_minima: 18, exento_ley_1799: false });
  });

  it('an administrator marks the procedure exempt and then an age under 18 is sent', async () => {
    const user = userEvent.setup({ delay: null });
    const fetch = crearComo('administrador', {
      status: 201,
      body: procedimientoDePrueba({ id: 56, edad_minima: 14, exento_ley_1799: true }),
    });
    const exento = await screen.findByRole('checkbox', { name: EXENTO });
    expect(exento).toBeEnabled();
    expect(exento).toHaveAccessibleDescription(/Márcalo solo si la ley exceptúa este procedimiento/);
    await llenar(user, '14');
    await user.click(screen.getByRole('button', { name: 'Crear procedimiento' }));
    expect(await screen.findByText(MENSAJE_LEY_1799)).toBeInTheDocument();
    // Checking the box clears the age's message at once (the age depends on it).
    await user.click(exento);
    expect(screen.queryByText(MENSAJE_LEY_1799)).not.toBeInTheDocument();
    expect(await crearYLeerCuerpo(user, fetch)).toMatchObject({ edad_minima: 14, exento_ley_1799: true });
  });

  it("the server's 422 lands on the age field", async () => {
    const user = userEvent.setup({ delay: null });
    crearComo('administrador', {
      status: 422,
      body: {
        error: MENSAJE_LEY_1799,
        code: 'REGLA_NEGOCIO',
        issues: [{ campo: 'edad_minima', mensaje: MENSAJE_LEY_1799 }],
      },
    });
    await llenar(user, '18');
    await user.click(screen.getByRole('button', { name: 'Crear procedimiento' }));
    const edad = screen.getByRole('textbox', { name: /^Edad mínima/ });
    await vi.waitFor(() => expect(edad).toHaveAttribute('aria-invalid', 'true'));
    expect(edad).toHaveAccessibleDescription(new RegExp(MENSAJE_LEY_1799.slice(0, 40)));
  });

  it('an assistant edits an exempt procedure: the box stays checked and disabled, its age under 18 is kept', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem('token', tokenDePrueba({ rol: 'asistente' }));
    const exentoP = procedimientoDePrueba({
      id: 9,
      nombre: 'Peeling superficial',
      edad_minima: 15,
      exento_ley_1799: true,
    });
    const fetch = mockFetch([
      carritoVacio,
      responde(categoriasRutas.listar, { body: [facial] }),
      responde(procedimientosRutas.buscar, { body: exentoP }, { id: 9 }),
      responde(procedimientosRutas.editar, { body: { ...exentoP, precio: 99000 } }, { id: 9 }),
    ]);
    renderEnRuta('/editarprocedimientos/9', { '/editarprocedimientos/:id': <EditarProcedimientoScreen /> });
    const exento = await screen.findByRole('checkbox', { name: EXENTO });
    expect(exento).toBeChecked();
    expect(exento).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Edad mínima/ })).toHaveValue('15');
    const precio = screen.getByRole('textbox', { name: /^Precio/ });
    await user.clear(precio);
    await user.type(precio, '99000');
    await user.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Guardamos los cambios de «Peeling superficial».')).toBeInTheDocument();
    expect(cuerpoDe(fetch, llamada(procedimientosRutas.editar, { id: 9 }))).toMatchObject({
      precio: 99000,
      edad_minima: 15,
      exento_ley_1799: true,
    });
  });

  it('the details screen says whether the procedure is exempt', async () => {
    localStorage.setItem('token', tokenDePrueba({ rol: 'doctor' }));
    mockFetch([
      carritoVacio,
      responde(
        procedimientosRutas.buscar,
        { body: procedimientoDePrueba({ edad_minima: 14, exento_ley_1799: true }) },
        { id: 7 },
      ),
      responde(consentimientosRutas.plantillas, { body: [] }, { procedimientoId: 7 }),
    ]);
    renderEnRuta('/detallesprocedimientos?id=7', { '/detallesprocedimientos': <DetallesProcedimientosScreen /> });
    const etiqueta = await screen.findByText('Exento de la Ley 1799');
    expect(etiqueta.nextElementSibling).toHaveTextContent('Sí');
    expect(screen.getByText('14 años')).toBeInTheDocument();
  });
});
