// /consultarhistorialmedico (SPEC 2, 5, 8; issue 9 item 2): every text the spec fixes, the client-side search,
// the placeholders, the delete that never deletes, the stored selection and the error alerts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { historiasRutas } from '@clinica/contracts/rutas';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import ConsultarHistorialScreen from './consultar-historial-screen.tsx';
import { resumen } from './historias-fixtures.ts';
import { CLAVE_HISTORIA_SELECCIONADA } from './historia-textos.ts';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const lucia = resumen(1, { nombre: 'Lucía Pérez', correo: 'lucia@demo.test', genero: 'femenino' });
const juan = resumen(2, { nombre: 'Juan Rodríguez', correo: 'juan@demo.test', genero: 'masculino' });
const vacia = resumen(13, { nombre: '', correo: '', rol: '', genero: null });

function renderLista(rol: Rol | null = 'doctor') {
  if (rol) localStorage.setItem('token', tokenExpiringIn(1800, { id: 9, rol }));
  return renderWithProviders(<ConsultarHistorialScreen />, { route: '/consultarhistorialmedico' });
}

const filas = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('ConsultarHistorialScreen', () => {
  it('shows the title, the columns, the rows with placeholders and the banner', async () => {
    const { calls } = mockFetch([responde(historiasRutas.listar, { body: [lucia, juan, vacia] })]);
    renderLista();
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Historial médico' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Buscar' })).toBeInTheDocument();
    const encabezados = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(encabezados).toEqual(['ID', 'Nombre', 'Correo', 'Rol', 'Género', 'Opciones']);
    expect(filas()).toHaveLength(3);
    const primera = within(filas()[0]!);
    for (const t of ['1', 'Lucía Pérez', 'lucia@demo.test', 'Paciente', 'Femenino']) {
      expect(primera.getByText(t)).toBeInTheDocument();
    }
    const sinDatos = within(filas()[2]!);
    for (const t of ['Sin nombre', 'Sin correo', 'Sin rol', 'Sin género']) {
      expect(sinDatos.getByText(t)).toBeInTheDocument();
    }
    expect(screen.getByText('Mostrando 3 de 3 registros')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'GET /apihistorialmedico/listarhistorialclinico',
    ]);
  });

  it('offers view, edit to /editarhistorialmedico/{id} and a disabled delete that says why', async () => {
    mockFetch([responde(historiasRutas.listar, { body: [lucia] })]);
    renderLista('doctor');
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Editar la historia de Lucía Pérez' })).toHaveAttribute(
      'href',
      '/editarhistorialmedico/1',
    );
    const eliminar = screen.getByRole('button', { name: 'Eliminar la historia de Lucía Pérez' });
    expect(eliminar).toHaveAttribute('aria-disabled', 'true');
    expect(eliminar).toHaveAccessibleDescription('Las historias clínicas no se eliminan (Res. 1995 de 1999)');
    fireEvent.click(eliminar);
    expect(filas()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Nueva historia clínica' })).toHaveAttribute(
      'href',
      '/crearhistorialclinico',
    );
  });

  it('lets the front desk view but not edit (the API refuses it)', async () => {
    mockFetch([responde(historiasRutas.listar, { body: [lucia] })]);
    renderLista('asistente');
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: /Editar la historia/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar la historia de Lucía Pérez' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.queryByRole('link', { name: 'Nueva historia clínica' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ver detalles de la historia de Lucía Pérez' })).toBeEnabled();
  });

  it('searches on the client, case-insensitively, over id, name, email, role and gender', async () => {
    const { calls } = mockFetch([responde(historiasRutas.listar, { body: [lucia, juan, vacia] })]);
    renderLista();
    await screen.findByRole('table');
    const buscar = screen.getByRole('textbox', { name: 'Buscar' });
    const nombres = () => filas().map((f) => within(f).getAllByRole('cell')[1]!.textContent);

    fireEvent.change(buscar, { target: { value: 'LUCÍA' } });
    expect(nombres()).toEqual(['Lucía Pérez']);
    expect(screen.getByText('Mostrando 1 de 3 registros')).toBeInTheDocument();
    fireEvent.change(buscar, { target: { value: 'JUAN@DEMO' } });
    expect(nombres()).toEqual(['Juan Rodríguez']);
    fireEvent.change(buscar, { target: { value: 'Masculino' } });
    expect(nombres()).toEqual(['Juan Rodríguez']);
    fireEvent.change(buscar, { target: { value: '13' } });
    expect(nombres()).toEqual(['Sin nombre']);
    fireEvent.change(buscar, { target: { value: 'paciente' } });
    expect(nombres()).toEqual(['Lucía Pérez', 'Juan Rodríguez']);
    fireEvent.change(buscar, { target: { value: '   ' } });
    expect(filas()).toHaveLength(3);

    fireEvent.change(buscar, { target: { value: 'zzz' } });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Ningún registro coincide con «zzz»')).toBeInTheDocument();
    expect(screen.queryByText('No hay registros de historial médico')).not.toBeInTheDocument();
    expect(screen.getByText('Mostrando 0 de 3 registros')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Limpiar búsqueda' }));
    expect(filas()).toHaveLength(3);
    // The search never goes to the server.
    expect(calls).toHaveLength(1);
  });

  it('says there are no records when the list is empty', async () => {
    mockFetch([responde(historiasRutas.listar, { body: [] })]);
    renderLista();
    expect(await screen.findByText('No hay registros de historial médico')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 0 de 0 registros')).toBeInTheDocument();
  });

  it('stores the selected record and goes to /DetallesHistorialMedico', async () => {
    mockFetch([responde(historiasRutas.listar, { body: [lucia, juan] })]);
    renderLista();
    fireEvent.click(await screen.findByRole('button', { name: 'Ver detalles de la historia de Juan Rodríguez' }));
    expect(JSON.parse(sessionStorage.getItem(CLAVE_HISTORIA_SELECCIONADA)!)).toEqual(juan);
    expect(screen.getByTestId('location')).toHaveTextContent('/DetallesHistorialMedico');
  });

  it('logs a failed load and shows the alert "Error" with the spec text', async () => {
    const consola = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch([responde(historiasRutas.listar, { status: 500, body: { error: 'Falla', code: 'ERROR_INTERNO' } })]);
    renderLista();
    const alerta = await screen.findByRole('alert');
    expect(within(alerta).getByText('Error')).toBeInTheDocument();
    expect(within(alerta).getByText('No se pudieron cargar los historialmedico')).toBeInTheDocument();
    await waitFor(() => expect(consola).toHaveBeenCalled());
    expect(String(consola.mock.calls[0]![0])).toMatch(/historialmedico/);
  });

  it('without a token says "No estás autenticado" and calls nothing', async () => {
    const { calls } = mockFetch([responde(historiasRutas.listar, { body: [lucia] })]);
    renderLista(null);
    const alerta = await screen.findByRole('alert');
    expect(within(alerta).getByText('No estás autenticado')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('tells a patient the list is for staff, without calling the API', async () => {
    const { calls } = mockFetch([]);
    renderLista('paciente');
    expect(await screen.findByText('No tienes acceso a esta sección')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
