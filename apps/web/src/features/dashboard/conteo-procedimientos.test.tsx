// Issue 22: the dashboard's procedure count is cached under the procedures' one key factory, so an edit made
// anywhere in the app (here: deactivating one) refreshes it. It used to live under a key no edit invalidated.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { categoriasRutas, procedimientosRutas, usuariosRutas } from '@clinica/contracts/rutas';
import { useEditarProcedimiento } from '../../lib/api/procedimientos/editar-procedimiento.ts';
import { procedimientoDePrueba } from '../../test/carrito-test-utils.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';
import { renderWithProviders } from '../../test/session-test-utils.tsx';
import { tokenExpiringIn } from '../../test/test-tokens.ts';
import DashboardScreen from './dashboard-screen.tsx';
import { usuarioDePrueba } from '../../test/usuarios-fixtures.ts';

const admin = usuarioDePrueba({ id: 1, nombre: 'Laura Restrepo', correo: 'laura@demo.test', rol: 'administrador' });

describe('the dashboard’s procedure count', () => {
  it('updates after a procedure is edited', async () => {
    let activos = 18;
    const editado = procedimientoDePrueba({ id: 5, activo: false });
    mockFetch([
      responde(usuariosRutas.perfil, { body: admin }),
      responde(usuariosRutas.listar, { body: { items: [], total: 40, pagina: 1, porPagina: 1 } }),
      responde(categoriasRutas.listar, { body: [] }),
      responde(insumosRutas.alertas, { body: { por_vencer: [], stock_bajo: [] } }),
      responde(procedimientosRutas.listar, () => ({ body: { items: [], total: activos, pagina: 1, porPagina: 1 } })),
      responde(procedimientosRutas.editar, () => ((activos = 17), { body: editado }), { id: 5 }),
    ]);
    localStorage.setItem('token', tokenExpiringIn(1800, { id: 1, rol: 'administrador' }));
    const { queryClient } = renderWithProviders(<DashboardScreen />, { route: '/dashboard' });
    expect(await screen.findByText('18 procedimientos')).toBeInTheDocument();

    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useEditarProcedimiento(5), { wrapper });
    await act(() => result.current.mutateAsync({ activo: false }));

    expect(await screen.findByText('17 procedimientos')).toBeInTheDocument();
  });
});
