// The route table (SPEC 2): redirects, guards, layouts and the body class per route. Screens owned by other
// features are replaced by stubs so these tests exercise only the shell.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { mockFetch, renderApp, responde, testToken } from '../test/app-test-utils.tsx';
import { TOKEN_KEY } from '../lib/api-client.ts';

vi.mock('../features/auth/iniciar-sesion-screen.tsx', () => ({ default: () => <h1>Iniciar sesión (stub)</h1> }));
vi.mock('../features/auth/registrar-screen.tsx', () => ({ default: () => <h1>Registro (stub)</h1> }));
vi.mock('../features/dashboard/dashboard-screen.tsx', () => ({ default: () => <h1>Panel (stub)</h1> }));
vi.mock('../features/carrito/carrito-screen.tsx', () => ({ default: () => <h1>Carrito (stub)</h1> }));
vi.mock('../features/usuarios/detalles-usuario-screen.tsx', () => ({
  default: () => <h1>Detalles usuario (stub)</h1>,
}));
vi.mock('../features/historias/detalles-historial-screen.tsx', () => ({
  default: () => <h1>Detalles historia (stub)</h1>,
}));

beforeEach(() => {
  mockFetch(responde(procedimientosRutas.listar, { body: { items: [], total: 0, pagina: 1, porPagina: 6 } }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.className = '';
});

describe('route table', () => {
  it('redirects / to /inicio, replacing the entry', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/inicio'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: /con criterio médico/ })).toBeInTheDocument();
  });

  it('redirects an unknown path to /404 inside the public layout for an anonymous visitor', async () => {
    const { router } = renderApp('/esto-no-existe');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta página' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Iniciar sesión/ })).toBeInTheDocument();
  });

  it('shows /404 inside the dashboard layout when a token is stored (decision 0002)', async () => {
    localStorage.setItem(TOKEN_KEY, testToken());
    renderApp('/404');
    expect(await screen.findByRole('heading', { name: 'No encontramos esta página' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Secciones del panel' })).toBeInTheDocument();
  });

  it('matches paths case-sensitively, as the spec spells them', async () => {
    localStorage.setItem(TOKEN_KEY, testToken());
    const ok = renderApp('/DetallesListarUsuarios');
    expect(await screen.findByRole('heading', { name: 'Detalles usuario (stub)' })).toBeInTheDocument();
    ok.unmount();
    const { router } = renderApp('/detalleslistarusuarios');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it.each(['/carrito', '/dashboard', '/calendariocitas'])(
    'sends %s to /iniciarsesion without a token, remembering where the visitor was going',
    async (path) => {
      const { router } = renderApp(`${path}?x=1`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/iniciarsesion'));
      expect(router.state.location.state).toEqual({ from: { pathname: path, search: '?x=1', hash: '' } });
      expect(await screen.findByRole('heading', { name: 'Iniciar sesión (stub)' })).toBeInTheDocument();
    },
  );

  it('renders /carrito in the public layout when a token is stored', async () => {
    localStorage.setItem(TOKEN_KEY, testToken());
    const { router } = renderApp('/carrito');
    expect(await screen.findByRole('heading', { name: 'Carrito (stub)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/carrito');
    expect(screen.getByRole('navigation', { name: 'Principal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Mi cuenta/ })).toHaveAttribute('href', '/dashboard');
  });

  it('renders /dashboard in the dashboard layout when a token is stored', async () => {
    localStorage.setItem(TOKEN_KEY, testToken({ rol: 'administrador' }));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Panel (stub)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Secciones del panel' });
    expect(nav).toHaveTextContent('Crear usuario');
    // Two switches are mounted (header from 48em, sidebar below it); CSS shows one.
    expect(screen.getAllByRole('radiogroup', { name: 'Tema de color' }).length).toBeGreaterThan(0);
  });

  // SPEC 2: the list's "Ver detalles" goes to /DetallesHistorialMedico; the route table spells it in lowercase.
  it.each(['/DetallesHistorialMedico', '/detalleshistorialmedico'])(
    'opens the medical history details at %s in the dashboard layout',
    async (path) => {
      localStorage.setItem(TOKEN_KEY, testToken({ rol: 'doctor' }));
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Detalles historia (stub)' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(screen.getByRole('navigation', { name: 'Secciones del panel' })).toBeInTheDocument();
    },
  );
});

describe('body class per route (SPEC 2)', () => {
  it.each([
    ['/iniciarsesion', 'pagina-login'],
    ['/registrar', 'pagina-registro'],
    ['/inicio', 'pagina-general'],
  ])('%s -> %s', async (path, cls) => {
    renderApp(path);
    await waitFor(() => expect(document.body).toHaveClass(cls));
    expect(document.body.classList.length).toBe(1);
  });

  it('changes the class when navigating', async () => {
    const { router } = renderApp('/inicio');
    await waitFor(() => expect(document.body).toHaveClass('pagina-general'));
    await router.navigate('/iniciarsesion');
    await waitFor(() => expect(document.body).toHaveClass('pagina-login'));
    expect(document.body).not.toHaveClass('pagina-general');
    await router.navigate('/registrar');
    await waitFor(() => expect(document.body).toHaveClass('pagina-registro'));
    expect(document.body).not.toHaveClass('pagina-login');
  });
});
