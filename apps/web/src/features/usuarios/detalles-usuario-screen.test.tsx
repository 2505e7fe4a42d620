import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { url } from '../../test/api-mock.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import DetallesUsuarioScreen from './detalles-usuario-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';
import { respondeError } from '../../test/responde-error.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const base = usuarioDePrueba({
  id: 12,
  nombre: 'Andrés Felipe Rojas',
  correo: 'andres@demo.test',
  numerodocumento: '80123456',
  telefono: '3001234567',
  direccion: 'Calle 10 # 5-20, Bogotá',
  genero: 'masculino',
  fecha_nacimiento: '1988-03-07',
  ocupacion: 'Ingeniero',
  estado_civil: 'casado',
  fecha_registro: '2026-02-14T20:30:00.000Z',
});

function renderDetalles() {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'administrador' }));
  return renderWithProviders(<DetallesUsuarioScreen />, { route: '/DetallesListarUsuarios' });
}

/** The value shown next to a label in the details list. */
function valor(etiqueta: string) {
  const dt = screen.getByText(etiqueta, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

describe('DetallesUsuarioScreen', () => {
  it('without a selection says so and calls nothing', () => {
    const { calls } = mockFetch([]);
    renderDetalles();
    expect(screen.getByText('Selecciona un Usuarios para ver los detalles')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('loads the selected user (sessionStorage usuarioSeleccionado) and shows every field', async () => {
    sessionStorage.setItem('usuarioSeleccionado', '12');
    const { calls } = mockFetch([responde(usuariosRutas.buscar, { body: base }, { id: 12 })]);
    renderDetalles();
    expect(await screen.findByRole('heading', { name: 'Andrés Felipe Rojas' })).toBeInTheDocument();
    expect(calls[0]?.url.pathname).toBe(url(usuariosRutas.buscar, { id: 12 }));
    expect(valor('Nombre')).toBe('Andrés Felipe Rojas');
    expect(valor('Estado')).toBe('Activo');
    expect(valor('Tipo de documento')).toBe('Cédula de ciudadanía');
    expect(valor('Número de documento')).toBe('80123456');
    expect(valor('Correo electrónico')).toBe('andres@demo.test');
    expect(valor('Rol')).toBe('Paciente');
    expect(valor('Género')).toBe('Masculino');
    expect(valor('Fecha de nacimiento')).toBe('07/03/1988');
    expect(valor('Teléfono')).toBe('3001234567');
    expect(valor('Dirección')).toBe('Calle 10 # 5-20, Bogotá');
    expect(valor('Ocupación')).toBe('Ingeniero');
    expect(valor('Estado civil')).toBe('Casado(a)');
    expect(valor('Fecha de registro')).toBe('14/02/2026');
    expect(screen.getByRole('link', { name: /Editar usuario/ })).toHaveAttribute('href', '/editarusuarioadmin/12');
  });

  it('uses the spec defaults for missing data and shows Inactivo as text', async () => {
    sessionStorage.setItem('usuarioSeleccionado', JSON.stringify({ id: 12 }));
    mockFetch([
      responde(
        usuariosRutas.buscar,
        {
          body: {
            ...base,
            estado: false,
            telefono: null,
            direccion: '',
            fecha_nacimiento: null,
            ocupacion: null,
            estado_civil: null,
            fecha_registro: null,
          },
        },
        { id: 12 },
      ),
    ]);
    renderDetalles();
    await screen.findByRole('heading', { name: 'Andrés Felipe Rojas' });
    expect(valor('Estado')).toBe('Inactivo');
    expect(valor('Fecha de nacimiento')).toBe('Sin fecha de nacimiento');
    expect(valor('Teléfono')).toBe('Sin numero de telefono');
    expect(valor('Dirección')).toBe('Sin Dirección');
    expect(valor('Ocupación')).toBe('Sin Definir');
    expect(valor('Estado civil')).toBe('No Definido');
    expect(valor('Fecha de registro')).toBe('Sin fecha de registro');
    // The state badge carries the word, not only a colour.
    const header = screen.getByRole('heading', { name: 'Andrés Felipe Rojas' }).closest('div')!.parentElement!
      .parentElement!;
    expect(within(header).getByText('Inactivo')).toBeInTheDocument();
  });

  it('shows a clear message when the user does not exist', async () => {
    sessionStorage.setItem('usuarioSeleccionado', '99');
    mockFetch([
      respondeError(usuariosRutas.buscar, 404, 'NO_ENCONTRADO', 'No encontramos ese usuario.', { params: { id: 99 } }),
    ]);
    renderDetalles();
    expect(await screen.findByText('No encontramos ese usuario')).toBeInTheDocument();
  });
});
