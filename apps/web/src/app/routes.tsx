// The route table of SPEC section 2, exactly as the spec spells the paths (matched case-sensitively).
// Every screen and both layouts are lazy-loaded, so a public page downloads only the public layout and its screen.
//
//   /                          -> /inicio (replace)
//   public layout              /inicio /iniciarsesion /servicios /servicios/:id /reservar/:id /registrar
//                              /terminoscondiciones /recuperarcontrasena /restablecercontrasena /confirmarcorreo,
//                              /respondercita (the reminder's confirm and cancel links),
//                              and /carrito behind RequireToken
//   RequireToken + dashboard   /dashboard and every other dashboard route
//   error layout               /404 /500 (dashboard layout with a stored token, public otherwise; decision 0002)
//   no layout                  /cerrarsesion, /dashboard/cerrarsesion
//   anything else              -> /404 (replace)
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RequireToken, hasStoredToken } from './guards.tsx';
import { loadDashboardLayout, loadPublicLayout } from './layouts/load-layouts.ts';
import type { PublicRouteHandle } from './layouts/public-layout.tsx';
import { paths } from '../lib/paths.ts';
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

const fullBleed: PublicRouteHandle = { fullBleed: true };

const publicRoutes: RouteObject[] = [
  screen(paths.inicio, () => import('../features/inicio/inicio-screen.tsx'), { handle: fullBleed }),
  screen(paths.iniciarSesion, () => import('../features/auth/iniciar-sesion-screen.tsx')),
  screen(paths.registrar, () => import('../features/auth/registrar-screen.tsx')),
  screen(paths.recuperarContrasena, () => import('../features/auth/recuperar-contrasena-screen.tsx')),
  screen(paths.restablecerContrasena, () => import('../features/auth/restablecer-contrasena-screen.tsx')),
  screen(paths.confirmarCorreo, () => import('../features/usuarios/confirmar-correo-screen.tsx')),
  screen(paths.responderCita, () => import('../features/citas/responder-cita-screen.tsx')),
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
  // Clinical record (issue 9). SPEC 2 spells the details path both ways: one screen for both.
  screen(paths.crearHistorialClinico, () => import('../features/historias/crear-historial-screen.tsx')),
  screen(paths.consultarHistorialMedico, () => import('../features/historias/consultar-historial-screen.tsx')),
  screen(paths.detallesHistorialMedico, () => import('../features/historias/detalles-historial-screen.tsx')),
  screen(paths.detallesHistorialMedicoSeleccion, () => import('../features/historias/detalles-historial-screen.tsx')),
  screen('/editarhistorialmedico/:id', () => import('../features/historias/editar-historial-screen.tsx')),
  screen('/mihistorialclinico/:id', () => import('../features/historias/mi-historial-screen.tsx')),
  screen(paths.calendarioCitas, () => import('../features/agenda/calendario-screen.tsx')),
  screen(paths.panelDoctor, () => import('../features/dashboard/panel-doctor-screen.tsx')),
  screen(paths.verTodoCita, () => import('../features/agenda/ver-todo-cita-screen.tsx')),
  screen(paths.crearCita, () => import('../features/citas/crear-cita-screen.tsx')),
  screen(paths.crearCitaAsistente, () => import('../features/agenda/crear-cita-asistente-screen.tsx')),
  screen(paths.consultarCitas, () => import('../features/agenda/consultar-citas-screen.tsx')),
  screen(paths.agendaHorarios, () => import('../features/agenda/horarios-screen.tsx')),
  screen('/citaspaciente/:usuarioId', () => import('../features/citas/citas-paciente-screen.tsx')),
  screen('/detallescitas/:id', () => import('../features/citas/detalle-cita-screen.tsx')),
  screen('/citas/:id', () => import('../features/citas/detalle-cita-screen.tsx')),
  screen('/editarcita/:id', () => import('../features/citas/editar-cita-screen.tsx')),
  screen(paths.misCitas, () => import('../features/citas/mis-citas-screen.tsx')),
  screen(paths.misPagos, () => import('../features/pagos/mis-pagos-screen.tsx')),
  screen(paths.pagoEnLineaResultado, () => import('../features/pagos/resultado-pago-screen.tsx')),
  screen(paths.caja, () => import('../features/pagos/caja-screen.tsx')),
  screen(paths.paquetes, () => import('../features/paquetes/paquetes-screen.tsx')),
  screen(paths.reportes, () => import('../features/reportes/reportes-screen.tsx')),
  screen('/paquetespaciente/:id', () => import('../features/paquetes/paquetes-paciente-screen.tsx')),
  screen(paths.insumos, () => import('../features/insumos/insumos-screen.tsx')),
  screen('/insumos/:id', () => import('../features/insumos/producto-screen.tsx')),
  screen(paths.retratamientos, () => import('../features/trazabilidad/retratamientos-screen.tsx')),
  screen(paths.listaEspera, () => import('../features/espera/lista-espera-screen.tsx')),
  screen(paths.misAvisos, () => import('../features/trazabilidad/mis-avisos-screen.tsx')),
  screen(paths.correos, () => import('../features/correos/correos-screen.tsx')),
  screen(paths.respaldos, () => import('../features/respaldos/respaldos-screen.tsx')),
  screen(paths.auditoria, () => import('../features/auditoria/auditoria-screen.tsx')),
  screen(paths.seguridad, () => import('../features/seguridad/bloqueos-screen.tsx')),
  // One screen for both feeds: it shows the signed-in person's own and sends them to their feed's path.
  screen(paths.historialNotificaciones, () => import('../features/notificaciones/historial-notificaciones-screen.tsx')),
  screen(
    paths.historialNotificacionesUsuario,
    () => import('../features/notificaciones/historial-notificaciones-screen.tsx'),
  ),
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
