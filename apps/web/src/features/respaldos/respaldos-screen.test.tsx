import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { respaldosRutas } from '@clinica/contracts/rutas';
import type { RespaldosWire, RespaldoWire } from '@clinica/contracts/respaldos';
import { renderComoRol } from '../../test/como-rol.tsx';
import RespaldosScreen, { tamanoLegible } from './respaldos-screen.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

function respaldo(id: number, extra: Partial<RespaldoWire> = {}): RespaldoWire {
  return {
    id,
    origen: 'programado',
    estado: 'verificado',
    iniciado_en: '2026-11-24T07:00:00.000Z',
    terminado_en: '2026-11-24T07:00:04.000Z',
    archivo: `respaldo-2026112${id}-070000Z-ab12.clinica`,
    tamano: 12_900_000,
    tablas: 28,
    filas: 4321,
    archivos: 57,
    error: null,
    eliminado: false,
    ...extra,
  };
}

const programacion: RespaldosWire['programacion'] = {
  hora: '02:00',
  zona: 'America/Bogota',
  conservar: 14,
  directorio: '/mnt/nas/respaldos',
  cifrado: 'clave',
};

const renderRespaldos = (rol: Rol) => renderComoRol(rol, <RespaldosScreen />, '/respaldos');
const conRespaldos = (items: RespaldoWire[], alerta: RespaldosWire['alerta']) =>
  mockFetch([responde(respaldosRutas.listar, { body: { items, alerta, programacion } })]);

describe('RespaldosScreen', () => {
  it('lists time, state as text, size and counts; a failed one says why, and the warning shows', async () => {
    conRespaldos(
      [
        respaldo(5, {
          estado: 'fallido',
          archivo: null,
          tamano: null,
          tablas: null,
          filas: null,
          archivos: null,
          error: 'No queda espacio en el disco de los respaldos (RESPALDO_DIR).',
        }),
        respaldo(4),
      ],
      {
        tipo: 'fallido',
        mensaje: 'El último respaldo falló: No queda espacio en el disco de los respaldos (RESPALDO_DIR).',
      },
    );
    renderRespaldos('administrador');
    const lista = await screen.findByRole('list');
    const items = within(lista).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Fallido')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('No queda espacio en el disco de los respaldos');
    expect(within(items[1]!).getByText('Verificado')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('respaldo-20261124-070000Z-ab12.clinica');
    expect(items[1]).toHaveTextContent(`${tamanoLegible(12_900_000)} · 4.321 filas · 57 archivos`);
    expect(screen.getByRole('alert', { name: 'Revisa los respaldos' })).toHaveTextContent('El último respaldo falló');
    expect(
      screen.getByText(
        /Cada día a las 02:00 \(America\/Bogota\); se guardan los 14 más recientes en \/mnt\/nas\/respaldos/,
      ),
    ).toBeInTheDocument();
  });

  it('"Respaldar ahora" starts one and the list shows it running; the button waits while it runs', async () => {
    let llamado = false;
    let en: RespaldoWire[] = [respaldo(4)];
    mockFetch([
      responde(respaldosRutas.listar, () => ({ body: { items: en, alerta: null, programacion } })),
      responde(respaldosRutas.respaldar, () => {
        llamado = true;
        const nuevo = respaldo(6, {
          origen: 'manual',
          estado: 'en_curso',
          archivo: null,
          tamano: null,
          terminado_en: null,
        });
        en = [nuevo, ...en];
        return { body: nuevo };
      }),
    ]);
    renderRespaldos('administrador');
    fireEvent.click(await screen.findByRole('button', { name: 'Respaldar ahora' }));
    expect(await screen.findByRole('button', { name: 'Respaldando…' })).toBeDisabled();
    expect(llamado).toBe(true);
    expect(await screen.findByText('En curso')).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Revisa los respaldos' })).toBeNull();
    expect(await screen.findByText(/Se está escribiendo y verificando el respaldo/)).toBeInTheDocument();
  });

  it('an empty list invites the first backup', async () => {
    conRespaldos([], { tipo: 'nunca', mensaje: 'Todavía no hay ningún respaldo verificado. Haz uno ahora.' });
    renderRespaldos('administrador');
    expect(await screen.findByText('Aún no hay respaldos')).toBeInTheDocument();
    expect(screen.getByRole('alert', { name: 'Sin respaldos' })).toHaveTextContent(
      'Todavía no hay ningún respaldo verificado',
    );
  });

  it('other roles see no backups and never ask the server', async () => {
    const { calls } = mockFetch([]);
    renderRespaldos('doctor');
    expect(await screen.findByText(/los revisa el administrador/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
