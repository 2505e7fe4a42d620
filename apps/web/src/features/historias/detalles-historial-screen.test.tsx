// /detalleshistorialmedico (issue 9 item 2): the record in readable sections, alerts first, the history of
// versions, and what each role gets from the API (a 403 keeps the list's demographics and says why).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { copiaHistoriaRutas } from '@clinica/contracts/copia-historia-rutas';
import { historiasRutas } from '@clinica/contracts/rutas';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import DetallesHistorialScreen, {
  SIN_PERMISO_CLINICO,
  SIN_SELECCION,
  TEXTOS_COPIA_DOCTOR,
  VISTA_RECEPCION,
} from './detalles-historial-screen.tsx';
import { historia, resumen, restringida, version } from './historias-fixtures.ts';
import { guardarSeleccion } from './historia-textos.ts';
import { productosAplicadosRutas } from '@clinica/contracts/productos-aplicados-rutas';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

/** Her products received (issue 24, item 3): none unless a test says so. */
const sinProductos = responde(productosAplicadosRutas.dePaciente, { body: [] });
const toxina = {
  evolucion_id: 31,
  cita_id: 41,
  fecha: '2026-11-20T15:00:00.000Z',
  procedimiento: 'Toxina botulínica tercio superior',
  producto: {
    id: 2,
    nombre: 'Toxina botulínica tipo A',
    tipo: 'toxina_botulinica' as const,
    registro_invima: 'INVIMA 2008M-0007986-R1',
    unidad: 'U' as const,
  },
  lote: { id: 5, numero: 'TX-101', vence_el: '2027-09-24' },
  cantidad: 16.5,
  zonas: ['glabela' as const, 'frente' as const],
  doctor: { id: 9, nombre: 'Dra. Marta Ríos' },
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderDetalles(rol: Rol, route = '/detalleshistorialmedico') {
  localStorage.setItem('token', tokenExpiringIn(1800, { id: 9, rol }));
  return renderWithProviders(<DetallesHistorialScreen />, { route, path: route.split('?')[0] });
}

describe('DetallesHistorialScreen', () => {
  it('shows a doctor the record in sections, the alerts first and the versions with who, when and what', async () => {
    const h = historia({ id: 4, hipertension: true, version: 2 });
    mockFetch([
      sinProductos,
      responde(historiasRutas.buscar, { body: h }, { id: 4 }),
      responde(
        historiasRutas.versiones,
        { body: [version({ version: 1, campos: ['hipertension', 'antecedentes'] })] },
        { id: 4 },
      ),
    ]);
    renderDetalles('doctor', '/DetallesHistorialMedico?id=4');
    expect(await screen.findByRole('heading', { name: 'Lucía Pérez' })).toBeInTheDocument();
    const alertas = screen.getByRole('alert', { name: 'Alertas clínicas (2)' });
    expect(within(alertas).getByText('Hipertensión')).toBeInTheDocument();
    expect(within(alertas).getByText('Alergias: Penicilina')).toBeInTheDocument();

    const antecedentes = screen.getByRole('region', { name: 'Antecedentes' });
    expect(within(antecedentes).getByRole('list', { name: 'Medicamentos que toma' })).toHaveTextContent(
      'Levotiroxina 50 mcg',
    );
    expect(within(antecedentes).getAllByText('Ninguno registrado')).toHaveLength(1);
    const condiciones = screen.getByRole('region', { name: 'Condiciones y hábitos' });
    expect(within(condiciones).getByText('Hipertensión').nextSibling).toHaveTextContent('Sí');
    expect(within(condiciones).getByText('Diabetes').nextSibling).toHaveTextContent('No');
    expect(screen.getByRole('region', { name: 'Anticonceptivos' })).toHaveTextContent('Método: Implante subdérmico');
    expect(screen.getByRole('region', { name: 'Fototipo (Fitzpatrick)' })).toHaveTextContent(
      /^Fototipo.*III: Piel clara/,
    );
    expect(screen.getByRole('region', { name: 'Otras condiciones' })).toHaveTextContent('Ninguna registrada');

    const versiones = screen.getByRole('region', { name: 'Historial de versiones' });
    expect(await within(versiones).findByText('Versión 2')).toBeInTheDocument();
    expect(within(versiones).getByText(/Dra\. Camila Ríos/)).toHaveTextContent(/^10\/03\/2026/);
    expect(within(versiones).getByText('Cambió: Hipertensión, Antecedentes')).toBeInTheDocument();
    expect(within(versiones).getByText('Versión 1')).toBeInTheDocument();
    // Issue 21.9: the first version names who created it.
    expect(within(versiones).getByText(/^Creada el 02\/03\/2026/)).toHaveTextContent(/ · Lucía Pérez$/);
    expect(screen.getByRole('link', { name: 'Editar' })).toHaveAttribute('href', '/editarhistorialmedico/4');
    expect(screen.getByRole('link', { name: 'Citas de la paciente' })).toHaveAttribute('href', '/citaspaciente/101');
  });

  it('opens the record stored by the list when the address has no id', async () => {
    guardarSeleccion(resumen(7));
    const { calls } = mockFetch([
      sinProductos,
      responde(historiasRutas.buscar, { body: historia({ id: 7 }) }, { id: 7 }),
      responde(historiasRutas.versiones, { body: [] }, { id: 7 }),
    ]);
    renderDetalles('doctor');
    expect(await screen.findByRole('heading', { name: 'Lucía Pérez' })).toBeInTheDocument();
    expect(calls[0]?.url.pathname).toBe('/apihistorialmedico/buscarhistorialclinico/7');
    expect(await screen.findByText('Versión 1')).toBeInTheDocument();
  });

  it('asks to choose a record when none is selected', async () => {
    const { calls } = mockFetch([sinProductos]);
    renderDetalles('doctor');
    expect(await screen.findByText(SIN_SELECCION)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir al historial médico' })).toHaveAttribute(
      'href',
      '/consultarhistorialmedico',
    );
    expect(calls).toHaveLength(0);
  });

  it('shows the administration the demographics only and explains the 403 in Spanish', async () => {
    guardarSeleccion(resumen(7, { nombre: 'Juan Rodríguez', genero: 'masculino' }));
    mockFetch([
      responde(productosAplicadosRutas.dePaciente, { body: [toxina] }, { pacienteId: 107 }),
      responde(
        historiasRutas.buscar,
        { status: 403, body: { error: 'No tienes permiso para esta acción', code: 'PROHIBIDO' } },
        { id: 7 },
      ),
    ]);
    renderDetalles('administrador');
    expect(await screen.findByText(SIN_PERMISO_CLINICO)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Juan Rodríguez' })).toBeInTheDocument();
    expect(screen.getByText('Masculino')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Antecedentes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();
    // Recalls are theirs to answer: what she received, product and lot, with nothing else of her record.
    const productos = await screen.findByRole('region', { name: 'Productos aplicados' });
    const fila = await within(productos).findByRole('listitem', { name: 'Toxina botulínica tipo A, 20/11/2026' });
    for (const texto of ['TX-101', '24/09/2027', '16,5 U', 'INVIMA 2008M-0007986-R1', 'Glabela (entrecejo), Frente'])
      expect(fila).toHaveTextContent(texto);
    expect(within(fila).getByRole('link', { name: 'Toxina botulínica tercio superior' })).toHaveAttribute(
      'href',
      '/detallescitas/41',
    );
  });

  it('shows the front desk its restricted view: demographics and alert flags, no clinical content', async () => {
    guardarSeleccion(resumen(7, { nombre: 'Juan Rodríguez', genero: 'masculino' }));
    const { calls } = mockFetch([sinProductos, responde(historiasRutas.resumen, { body: restringida() }, { id: 7 })]);
    renderDetalles('asistente');
    expect(await screen.findByRole('heading', { name: 'Juan Rodríguez' })).toBeInTheDocument();
    const alertas = screen.getByRole('alert', { name: 'Alertas (2)' });
    expect(within(alertas).getByText('Alergias registradas')).toBeInTheDocument();
    expect(within(alertas).getByText('Problemas de coagulación')).toBeInTheDocument();
    expect(screen.getByText(VISTA_RECEPCION)).toBeInTheDocument();
    // It never asks for the clinical content, and shows none.
    expect(calls.map((c) => c.url.pathname)).toEqual(['/apihistorialmedico/resumenhistorialclinico/7']);
    expect(screen.queryByRole('region', { name: 'Antecedentes' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Penicilina/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Productos aplicados' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Editar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Descargar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Citas de la paciente' })).toHaveAttribute('href', '/citaspaciente/107');
  });

  it('tells the front desk when a record has no alerts', async () => {
    const sin = restringida();
    mockFetch([
      sinProductos,
      responde(
        historiasRutas.resumen,
        { body: { ...sin, alertas: { ...sin.alertas, alergias: false, problemas_coagulacion: false } } },
        { id: 7 },
      ),
    ]);
    renderDetalles('asistente', '/detalleshistorialmedico?id=7');
    expect(await screen.findByText('Sin alertas registradas')).toBeInTheDocument();
  });

  it("gives a doctor the patient's complete copy (PDF and JSON) from the staff routes", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:copia'), revokeObjectURL: vi.fn() }));
    const clics = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = mockFetch([
      sinProductos,
      responde(historiasRutas.buscar, { body: historia({ id: 4 }) }, { id: 4 }),
      responde(historiasRutas.versiones, { body: [] }, { id: 4 }),
      responde(copiaHistoriaRutas.pdfPaciente, { body: {} }, { pacienteId: 101 }),
      responde(copiaHistoriaRutas.datosPaciente, { body: {} as never }, { pacienteId: 101 }),
    ]);
    renderDetalles('doctor', '/detalleshistorialmedico?id=4');
    const seccion = await screen.findByRole('region', { name: TEXTOS_COPIA_DOCTOR.titulo });
    fireEvent.click(within(seccion).getByRole('button', { name: 'Descargar historia completa (PDF)' }));
    await vi.waitFor(() => expect(clics).toHaveBeenCalledTimes(1));
    fireEvent.click(within(seccion).getByRole('button', { name: 'Descargar datos de la paciente (JSON)' }));
    await vi.waitFor(() => expect(clics).toHaveBeenCalledTimes(2));
    expect(calls.map((c) => c.url.pathname).filter((p) => p.includes('copiahistorialclinico'))).toEqual([
      '/apihistorialmedico/copiahistorialclinico/101/copia.pdf',
      '/apihistorialmedico/copiahistorialclinico/101/datos.json',
    ]);
    clics.mockRestore();
  });

  it('says when the record does not exist', async () => {
    mockFetch([
      sinProductos,
      responde(historiasRutas.buscar, {
        status: 404,
        body: { error: 'No encontramos esa historia clínica.', code: 'NO_ENCONTRADO' },
      }),
    ]);
    renderDetalles('doctor', '/detalleshistorialmedico?id=99');
    expect(await screen.findByText('No encontramos esta historia clínica')).toBeInTheDocument();
  });
});
