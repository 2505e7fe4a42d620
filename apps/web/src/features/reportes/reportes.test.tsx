// The reports screen (issue 23, item 6): the administrator's reports with a chart, the accessible table in es-CO
// pesos and the CSV download for the same range; a doctor's "Mis reportes" (no doctor filter, no packages tab);
// the loading, empty and error states; no access for the desk and patients.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportesRutas } from '@clinica/contracts/reportes-rutas';
import { citasRutas } from '@clinica/contracts/rutas';
import type {
  ReporteAnticiposWire,
  ReporteConfirmacionesWire,
  ReporteIngresosWire,
  ReportePaquetesWire,
} from '../../lib/api/reportes/get-reportes.ts';
import { renderComoRol } from '../../test/como-rol.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { inicioDeMesAntes } from './formato.ts';
import ReportesScreen from './reportes-screen.tsx';

afterEach(() => vi.unstubAllGlobals());

const ingresos = (extra: Partial<ReporteIngresosWire> = {}): ReporteIngresosWire => ({
  desde: '2025-12-01',
  hasta: '2026-11-23',
  doctor: null,
  filas: [
    {
      mes: '2026-10',
      procedimiento_id: 2,
      procedimiento: 'Bótox',
      doctor_id: 7,
      doctor: 'Dra. Salazar',
      cobrado: 1_234_567,
      devuelto: 0,
      neto: 1_234_567,
      pagos: 3,
    },
    {
      mes: '2026-11',
      procedimiento_id: 1,
      procedimiento: 'Hidrafacial',
      doctor_id: null,
      doctor: 'Paquetes',
      cobrado: 600_000,
      devuelto: 30_000,
      neto: 570_000,
      pagos: 2,
    },
  ],
  total: { cobrado: 1_834_567, devuelto: 30_000, neto: 1_804_567 },
  ...extra,
});

const doctores = responde(citasRutas.doctores, { body: [{ id: 7, nombre: 'Dra. Salazar' }] as never });

describe('ReportesScreen (/reportes)', () => {
  it('the administrator sees revenue in a table in es-CO pesos, every tab, and downloads the same range as CSV', async () => {
    const crear = vi.fn(() => 'blob:reporte');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: crear, revokeObjectURL: vi.fn() }));
    const fetch = mockFetch([
      doctores,
      responde(reportesRutas.ingresos, { body: ingresos() }),
      responde(
        reportesRutas.ingresosCsv,
        () =>
          new Response('\uFEFFMes;Procedimiento\r\n', {
            headers: {
              'content-type': 'text/csv; charset=utf-8',
              'content-disposition': `attachment; filename="reporte-ingresos.csv"`,
            },
          }),
      ),
    ]);
    renderComoRol('administrador', <ReportesScreen />, '/reportes');
    expect(screen.getByRole('heading', { name: 'Reportes', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Cargando el reporte…')).toBeInTheDocument();
    const tabla = await screen.findByRole('table', { name: 'Ingresos por mes, procedimiento y doctor' });
    const filas = within(tabla).getAllByRole('row');
    expect(filas[1]).toHaveTextContent('oct 2026');
    expect(filas[1]).toHaveTextContent('Bótox');
    expect(filas[1]).toHaveTextContent('$ 1.234.567');
    expect(filas[2]).toHaveTextContent('Paquetes');
    // A figure never wraps between «$» and its digits on a phone (the table scrolls instead); text columns may.
    const celdas = within(filas[1]!).getAllByRole('cell');
    expect(celdas.find((c) => c.textContent === '$ 1.234.567')).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(celdas[0]).not.toHaveStyle({ whiteSpace: 'nowrap' });
    expect(screen.getAllByText('$ 1.804.567').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Ingresos',
      'Anticipos',
      'Inasistencias',
      'Ocupación',
      'Paquetes',
      'Conversión',
      'Confirmaciones',
    ]);
    expect(screen.getByRole('combobox', { name: 'Doctor' })).toBeInTheDocument();

    const hoy = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
    const pedido = fetch.calls.find((c) => c.url.pathname === reportesRutas.ingresos.path)!;
    expect(Object.fromEntries(pedido.url.searchParams)).toEqual({ desde: inicioDeMesAntes(hoy, 11), hasta: hoy });

    fireEvent.click(screen.getByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(crear).toHaveBeenCalled());
    const csv = fetch.calls.find((c) => c.url.pathname === reportesRutas.ingresosCsv.path)!;
    expect(Object.fromEntries(csv.url.searchParams)).toEqual({ desde: inicioDeMesAntes(hoy, 11), hasta: hoy });
    expect(csv.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('the packages tab shows what the clinic owes today', async () => {
    const paquetes: ReportePaquetesWire = {
      desde: '2025-12-01',
      hasta: '2026-11-23',
      doctor: null,
      filas: [{ mes: '2026-11', vendidos: 1, monto_vendido: 600_000, sesiones_usadas: 1 }],
      pendientes: [{ procedimiento_id: 1, procedimiento: 'Hidrafacial', paquetes: 1, sesiones: 3, monto: 450_000 }],
      total: {
        vendidos: 1,
        monto_vendido: 600_000,
        sesiones_usadas: 1,
        sesiones_pendientes: 3,
        monto_pendiente: 450_000,
      },
    };
    mockFetch([
      doctores,
      responde(reportesRutas.ingresos, { body: ingresos() }),
      responde(reportesRutas.paquetes, { body: paquetes }),
    ]);
    renderComoRol('administrador', <ReportesScreen />, '/reportes');
    await screen.findByRole('table', { name: /Ingresos/ });
    fireEvent.click(screen.getByRole('tab', { name: 'Paquetes' }));
    const debe = await screen.findByRole('table', { name: /Lo que la clínica debe hoy/ });
    expect(within(debe).getAllByRole('row')[1]).toHaveTextContent('Hidrafacial');
    expect(within(debe).getAllByRole('row')[1]).toHaveTextContent('$ 450.000');
  });

  it('the deposits tab shows what was kept as credit apart from what was refunded', async () => {
    const montos = { en_custodia: 50_000, aplicado: 20_000, retenido: 40_000, devuelto: 60_000, saldo_a_favor: 30_000 };
    const anticipos: ReporteAnticiposWire = {
      desde: '2025-12-01',
      hasta: '2026-11-23',
      doctor: null,
      filas: [{ mes: '2026-09', citas: 5, cobrado: 200_000, ...montos }],
      total: { citas: 5, cobrado: 200_000, ...montos },
    };
    mockFetch([
      doctores,
      responde(reportesRutas.ingresos, { body: ingresos() }),
      responde(reportesRutas.anticipos, { body: anticipos }),
    ]);
    renderComoRol('administrador', <ReportesScreen />, '/reportes');
    await screen.findByRole('table', { name: /Ingresos/ });
    fireEvent.click(screen.getByRole('tab', { name: 'Anticipos' }));
    const tabla = await screen.findByRole('table', { name: /Anticipos/ });
    const [encabezado, fila] = within(tabla).getAllByRole('row');
    expect(encabezado).toHaveTextContent(/Devuelto.*Saldo a favor/);
    expect(fila).toHaveTextContent(/\$ 60\.000.*\$ 30\.000/);
  });

  it('the confirmations tab shows the ways, the share before the day, the refills and no-shows by channel', async () => {
    const comun = {
      citas: 8,
      confirmadas: 8,
      antes_del_dia: 5,
      tasa_antes_del_dia: 0.625,
      por_via: { mostrador: 1, portal: 1, correo: 1, whatsapp: 3, sin_registro: 2 },
      recuperadas: 1,
      valor_recuperado: 180_000,
    };
    const confirmaciones: ReporteConfirmacionesWire = {
      desde: '2025-12-01',
      hasta: '2026-11-23',
      doctor: null,
      filas: [{ mes: '2026-10', ...comun }],
      porCanal: [
        { canal: 'correo', citas: 5, inasistencias: 0, tasa: 0 },
        { canal: 'whatsapp', citas: 2, inasistencias: 1, tasa: 0.5 },
      ],
      total: comun,
    };
    mockFetch([
      doctores,
      responde(reportesRutas.ingresos, { body: ingresos() }),
      responde(reportesRutas.confirmaciones, { body: confirmaciones }),
    ]);
    renderComoRol('administrador', <ReportesScreen />, '/reportes');
    await screen.findByRole('table', { name: /Ingresos/ });
    fireEvent.click(screen.getByRole('tab', { name: 'Confirmaciones' }));
    const tabla = await screen.findByRole('table', { name: /Confirmaciones por mes y medio/ });
    const [encabezado, fila] = within(tabla).getAllByRole('row');
    expect(encabezado).toHaveTextContent(/En la clínica.*En el portal.*Enlace del correo.*WhatsApp.*Sin registro/);
    expect(fila).toHaveTextContent(/62,5\s?%/);
    expect(fila).toHaveTextContent('$ 180.000');
    const canales = screen.getByRole('table', { name: /Inasistencia según el canal/ });
    expect(within(canales).getAllByRole('row')[2]).toHaveTextContent(/WhatsApp.*2.*1.*50/);
    expect(screen.getAllByText('$ 180.000').length).toBeGreaterThan(1);
  });

  it('a doctor sees "Mis reportes" without the doctor filter nor the packages tab', async () => {
    const fetch = mockFetch([
      responde(reportesRutas.ingresos, {
        body: ingresos({ doctor: { id: 1, nombre: 'Dra. Salazar' }, filas: [ingresos().filas[0]!] }),
      }),
    ]);
    renderComoRol('doctor', <ReportesScreen />, '/reportes');
    expect(screen.getByRole('heading', { name: 'Mis reportes', level: 1 })).toBeInTheDocument();
    await screen.findByRole('table', { name: /Ingresos/ });
    expect(screen.queryByRole('tab', { name: 'Paquetes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Doctor' })).not.toBeInTheDocument();
    expect(fetch.calls.every((c) => !c.url.searchParams.has('doctor_id'))).toBe(true);
  });

  it('says so when the range has nothing', async () => {
    mockFetch([
      doctores,
      responde(reportesRutas.ingresos, { body: ingresos({ filas: [], total: { cobrado: 0, devuelto: 0, neto: 0 } }) }),
    ]);
    renderComoRol('administrador', <ReportesScreen />, '/reportes');
    expect(await screen.findByText('Sin datos en este rango')).toBeInTheDocument();
  });

  it('shows the server error with a retry', async () => {
    mockFetch([
      doctores,
      responde(reportesRutas.ingresos, {
        status: 400,
        body: { error: 'Un reporte cubre como máximo 24 meses: acorta el rango de fechas.', code: 'VALIDACION' },
      }),
    ]);
    renderComoRol('administrador', <ReportesScreen />, '/reportes');
    expect(
      await screen.findByText('Un reporte cubre como máximo 24 meses: acorta el rango de fechas.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Reintentar/ })).toBeInTheDocument();
  });

  it.each(['paciente', 'asistente'] as const)('%s gets the no-access screen without calling the API', (rol) => {
    const { calls } = mockFetch([]);
    renderComoRol(rol, <ReportesScreen />, '/reportes');
    expect(screen.getByRole('heading', { name: 'No tienes acceso a esta sección' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
