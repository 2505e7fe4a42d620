// The route table of SPEC section 2, exactly as the spec spells the paths (matched case-sensitively).
// Every screen and both layouts are lazy-loaded, so a public page downloads only the public layout and its screen.
//
//   /                          -> /inicio (replace)
//   public layout              /inicio /iniciarsesion /servicios /servicios/:id /reservar/:id /registrar
//                              /terminoscondiciones, and /carrito behind RequireToken
//   RequireToken + dashboard   /dashboard and every other dashboard route
//   error layout               /404 /500 (dashboard layout with a stored token, public otherwise; decision 0002)
//   no layout                  /cerrarsesion, /dashboard/cerrarsesion
//   anything else              -> /404 (replace)
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireToken, hasStoredToken } from './guards.tsx';
import { loadDashboardLayout, loadPublicLayout } from './layouts/load-layouts.ts';
import type { PublicRouteHandle } from './layouts/public-layout.tsx';
import { paths } from './paths.ts';
import { CargaInicial, Root } from './root.tsx';
import { RouteError } from './route-error.tsx';

type ScreenModule = { default: ComponentType };

/** A lazy route whose module default-exports the screen. */
function screen(path: string, load: () => Promise<ScreenModule>, extra: Partial<RouteObject> = {}): RouteObject {
  return {
    path,
    caseSensitive: true,
    lazy: async () => ({ Component: (await load()).default }),
    ...extra,
  } as RouteObject;
}

/** A route of a section that is not enabled in this installation yet (later issues). */
function noDisponible(path: string, seccion: string): RouteObject {
  return {
    path,
    caseSensitive: true,
    lazy: async () => {
      const { SeccionNoDisponible } = await import('../components/seccion-no-disponible.tsx');
      return { Component: () => <SeccionNoDisponible seccion={seccion} /> };
    },
  };
}

const fullBleed: PublicRouteHandle = { fullBleed: true };

const publicRoutes: RouteObject[] = [
  screen(paths.inicio, () => import('../features/inicio/inicio-screen.tsx'), { handle: fullBleed }),
  screen(paths.iniciarSesion, () => import('../features/auth/iniciar-sesion-screen.tsx')),
  screen(paths.registrar, () => import('../features/auth/registrar-screen.tsx')),
  screen(paths.terminos, () => import('../features/auth/terminos-screen.tsx')),
  screen(paths.servicios, () => import('../features/servicios/servicios-screen.tsx')),
  screen('/servicios/:id', () => import('../features/servicios/servicio-detalle-screen.tsx')),
  screen('/reservar/:id', () => import('../features/servicios/servicio-detalle-screen.tsx')),
  {
    element: <RequireToken />,
    children: [screen(paths.carrito, () => import('../features/carrito/carrito-screen.tsx'))],
  },
];

const dashboardRoutes: RouteObject[] = [
  screen(paths.dashboard, () => import('../features/dashboard/dashboard-screen.tsx')),
  // Users
  screen(paths.listarUsuarios, () => import('../features/usuarios/listar-usuarios-screen.tsx')),
  screen(paths.crearUsuario, () => import('../features/usuarios/crear-usuario-screen.tsx')),
  screen('/editarusuarioadmin/:id', () => import('../features/usuarios/editar-usuario-admin-screen.tsx')),
  screen('/editarusuario/:id', () => import('../features/usuarios/editar-perfil-screen.tsx')),
  screen(paths.detallesUsuario, () => import('../features/usuarios/detalles-usuario-screen.tsx')),
  // Catalogue
  screen(paths.categorias, () => import('../features/catalogo/categorias-screen.tsx')),
  screen(paths.crearCategoria, () => import('../features/catalogo/crear-categoria-screen.tsx')),
  screen('/editarcategoriaprocedimientos/:id', () => import('../features/catalogo/editar-categoria-screen.tsx')),
  screen('/detallescategorias/:id', () => import('../features/catalogo/detalles-categoria-screen.tsx')),
  screen(paths.crearProcedimiento, () => import('../features/catalogo/crear-procedimiento-screen.tsx')),
  screen(paths.consultarProcedimientos, () => import('../features/catalogo/consultar-procedimientos-screen.tsx')),
  screen('/editarprocedimientos/:id', () => import('../features/catalogo/editar-procedimiento-screen.tsx')),
  screen(paths.detallesProcedimientos, () => import('../features/catalogo/detalles-procedimientos-screen.tsx')),
  // Sections of later issues: the routes resolve, under the right layout and guard, to an honest notice.
  noDisponible(paths.crearHistorialClinico, 'Crear historia clínica'),
  noDisponible(paths.consultarHistorialMedico, 'Historias clínicas'),
  noDisponible(paths.detallesHistorialMedico, 'Detalle de la historia clínica'),
  noDisponible('/editarhistorialmedico/:id', 'Editar historia clínica'),
  noDisponible('/mihistorialclinico/:id', 'Mi historia clínica'),
  noDisponible(paths.calendarioCitas, 'Calendario de citas'),
  noDisponible(paths.panelDoctor, 'Panel del médico'),
  noDisponible(paths.verTodoCita, 'Todas las citas'),
  noDisponible(paths.crearCita, 'Reservar una cita'),
  noDisponible(paths.crearCitaAsistente, 'Agendar una cita para un paciente'),
  noDisponible(paths.consultarCitas, 'Consultar citas'),
  noDisponible('/citaspaciente/:usuarioId', 'Citas del paciente'),
  noDisponible('/detallescitas/:id', 'Detalle de la cita'),
  noDisponible('/citas/:id', 'Detalle de la cita'),
  noDisponible('/editarcita/:id', 'Editar cita'),
  noDisponible(paths.misCitas, 'Mis citas'),
  noDisponible(paths.historialNotificaciones, 'Historial de notificaciones'),
  noDisponible(paths.historialNotificacionesUsuario, 'Historial de notificaciones'),
];

const errorRoutes: RouteObject[] = [
  screen(paths.noEncontrado, () => import('../features/errores/no-encontrado-screen.tsx'), { handle: fullBleed }),
  screen(paths.errorServidor, () => import('../features/errores/error-servidor-screen.tsx'), { handle: fullBleed }),
];

const loadCerrarSesion = () => import('../features/auth/cerrar-sesion-screen.tsx');

export const routes: RouteObject[] = [
  {
    path: paths.raiz,
    element: <Root />,
    errorElement: <RouteError fullPage />,
    hydrateFallbackElement: <CargaInicial />,
    children: [
      { index: true, element: <Navigate to={paths.inicio} replace /> },
      {
        lazy: async () => ({ Component: (await loadPublicLayout()).default }),
        // A screen that throws renders its error inside the layout, with the header and footer still usable.
        children: [{ errorElement: <RouteError />, children: publicRoutes }],
      },
      {
        element: <RequireToken />,
        children: [
          {
            lazy: async () => ({ Component: (await loadDashboardLayout()).default }),
            children: [{ errorElement: <RouteError />, children: dashboardRoutes }],
          },
        ],
      },
      {
        lazy: async () => {
          // Start downloading the layout the error page will use while the switch itself loads.
          void (hasStoredToken() ? loadDashboardLayout() : loadPublicLayout());
          return { Component: (await import('./layouts/error-layout.tsx')).default };
        },
        children: [{ errorElement: <RouteError />, children: errorRoutes }],
      },
      screen(paths.cerrarSesion, loadCerrarSesion),
      screen(paths.cerrarSesionDashboard, loadCerrarSesion),
      { path: '*', element: <Navigate to={paths.noEncontrado} replace /> },
    ],
  },
];
