// Every path the server answers and the zod-free half of every API endpoint (method, path, who may call it).
// The web imports this module at run time without pulling schemas into its first download (decision 0005); the
// endpoint objects in the area modules add the zod schemas to these descriptors (see endpoint.ts).
//
// Paths with parameters are functions generic in their arguments, so `buscar(':id')` has the literal type
// '/apiusuarios/buscarusuarios/:id': the descriptors keep exact path types, which is how the web's client finds
// the endpoint object (and its response type) of a descriptor.
import { rolesGestionCatalogo, rolesPersonalCitas, rolesUsuarios, type AuthRule } from './roles.ts';

/** A path parameter's value: a number, or the ':name' placeholder of a descriptor. */
export type Id = number | string;

export const usuariosPaths = {
  registrar: '/apiusuarios/registrar',
  iniciarSesion: '/apiusuarios/iniciarsesion',
  renovarSesion: '/apiusuarios/renovarsesion',
  cerrarSesion: '/apiusuarios/cerrarsesion',
  perfil: '/apiusuarios/perfil',
  perfilContrasena: '/apiusuarios/perfil/contrasena',
  /** The owner asks to change her e-mail (current password); the new address gets a link (decision 0037). */
  perfilCorreo: '/apiusuarios/perfil/correo',
  /** The link's page confirms here; no session needed (the link may be opened on another device). */
  confirmarCorreo: '/apiusuarios/perfil/correo/confirmar',
  /** Ley 1581 (issue 21, item 4): the patient accepts terms and data policy herself (her first sign-in). */
  perfilAutorizacion: '/apiusuarios/perfil/autorizaciondatos',
  /** The front desk records that the patient read and accepted them on the clinic's screen. */
  autorizacion: <I extends Id>(id: I) => `/apiusuarios/autorizaciondatos/${id}` as const,
  listar: '/apiusuarios/listarusuarios',
  buscar: <I extends Id>(id: I) => `/apiusuarios/buscarusuarios/${id}` as const,
  crearAdmin: '/apiusuarios/crearusuariosadmin',
  /** The desk registers a walk-in patient: no password, e-mail optional (issue 27.8, decision 0048). */
  crearPaciente: '/apiusuarios/crearpaciente',
  /** Sends (again) the invitation to set her password to a patient who has none yet. */
  invitar: <I extends Id>(id: I) => `/apiusuarios/invitacion/${id}` as const,
  editar: <I extends Id>(id: I) => `/apiusuarios/editarusuarios/${id}` as const,
  editarEstado: <I extends Id>(id: I) => `/apiusuarios/editarestadousuario/${id}` as const,
  /** Recent sign-in lockouts and bursts (issue 11.1), administrators only. */
  bloqueosRecientes: '/apiusuarios/bloqueosrecientes',
} as const;

export const categoriasPaths = {
  listar: '/apicategoriaprocedimientos/listarcategorias',
  buscar: <I extends Id>(id: I) => `/apicategoriaprocedimientos/buscarcategoria/${id}` as const,
  crear: '/apicategoriaprocedimientos/crearcategoria',
  editar: <I extends Id>(id: I) => `/apicategoriaprocedimientos/editarcategoria/${id}` as const,
  eliminar: <I extends Id>(id: I) => `/apicategoriaprocedimientos/eliminarcategoria/${id}` as const,
} as const;

export const procedimientosPaths = {
  listar: '/apiprocedimientos/listarprocedimiento',
  buscar: <I extends Id>(id: I) => `/apiprocedimientos/buscarprocedimiento/${id}` as const,
  crear: '/apiprocedimientos/crearprocedimiento',
  editar: <I extends Id>(id: I) => `/apiprocedimientos/editarprocedimiento/${id}` as const,
  eliminar: <I extends Id>(id: I) => `/apiprocedimientos/eliminarprocedimiento/${id}` as const,
  imagenes: <I extends Id>(id: I) => `/apiprocedimientos/${id}/imagenes` as const,
  imagen: <I extends Id, J extends Id>(id: I, imagenId: J) => `/apiprocedimientos/${id}/imagenes/${imagenId}` as const,
  ordenImagenes: <I extends Id>(id: I) => `/apiprocedimientos/${id}/imagenes/orden` as const,
} as const;

export const carritoPaths = {
  listar: '/apicarrito/listarmicarrito',
  agregar: '/apicarrito/agregaramicarrito',
  eliminar: <I extends Id>(id: I) => `/apicarrito/eliminardemicarrito/${id}` as const,
  limpiar: '/apicarrito/limpiarmicarrito',
} as const;

export const citasPaths = {
  citasUsuario: <I extends Id>(usuarioId: I) => `/apicitas/citasusuario/${usuarioId}` as const,
  misCitas: '/apicitas/miscitas',
  listar: '/apicitas/listarcitas',
  buscar: <I extends Id>(id: I) => `/apicitas/buscarcitas/${id}` as const,
  pacientesDoctor: '/apicitas/pacientesdoctor',
  disponibilidad: '/apicitas/disponibilidad',
  crear: '/apicitas/crearcitas',
  editar: <I extends Id>(id: I) => `/apicitas/editarcita/${id}` as const,
  reagendar: <I extends Id>(id: I) => `/apicitas/reagendarcita/${id}` as const,
  cancelar: <I extends Id>(id: I) => `/apicitas/cancelarcita/${id}` as const,
  editarEstado: <I extends Id>(id: I) => `/apicitas/editarestadocita/${id}` as const,
  inasistencia: <I extends Id>(id: I) => `/apicitas/inasistenciacita/${id}` as const,
  horarios: <I extends Id>(doctorId: I) => `/apicitas/horarios/${doctorId}` as const,
  bloqueos: <I extends Id>(doctorId: I) => `/apicitas/bloqueos/${doctorId}` as const,
  bloqueo: <I extends Id, J extends Id>(doctorId: I, id: J) => `/apicitas/bloqueos/${doctorId}/${id}` as const,
  doctores: '/apiusuarios/doctores',
  /** The clinic's deposit and cancellation policy (its settings), public: the booking screens state it. */
  politica: '/apicitas/politica',
} as const;

/** SPEC 7: the doctor feed and the patient feed, five calls each, always for the caller's own id. */
const feed = <const B extends string>(base: B) =>
  ({
    listar: <I extends Id>(userId: I) => `${base}/${userId}` as const,
    marcarLeida: <I extends Id>(userId: I) => `${base}/${userId}/marcar-leida` as const,
    marcarTodasLeidas: <I extends Id>(userId: I) => `${base}/${userId}/marcar-todas-leidas` as const,
    archivarLeidas: <I extends Id>(userId: I) => `${base}/${userId}/archivar-leidas` as const,
    historial: <I extends Id>(userId: I) => `${base}/${userId}/historial` as const,
  }) as const;
export const notificacionesDoctorPaths = feed('/apiusuarios/notificaciones');
export const notificacionesUsuarioPaths = feed('/apiusuarios/notificacionesusuario');

export const historiasPaths = {
  listar: '/apihistorialmedico/listarhistorialclinico',
  buscar: <I extends Id>(id: I) => `/apihistorialmedico/buscarhistorialclinico/${id}` as const,
  porUsuario: <I extends Id>(usuarioId: I) =>
    `/apihistorialmedico/buscarhistorialclinicoporusuario/${usuarioId}` as const,
  mia: <I extends Id>(usuarioId: I) => `/apihistorialmedico/mihistorialclinico/${usuarioId}` as const,
  /** Who on the staff read the caller's own record, and when (DOMAIN.md: the patient can see it). */
  accesos: <I extends Id>(usuarioId: I) => `/apihistorialmedico/mihistorialclinico/${usuarioId}/accesos` as const,
  crear: '/apihistorialmedico/crearhistorialclinico',
  editar: <I extends Id>(id: I) => `/apihistorialmedico/editarhistorialclinico/${id}` as const,
  versiones: <I extends Id>(id: I) => `/apihistorialmedico/versiones/${id}` as const,
  /** The front desk's view of a record: existence, demographics and alert flags, no clinical content. */
  resumen: <I extends Id>(id: I) => `/apihistorialmedico/resumenhistorialclinico/${id}` as const,
} as const;

/** Private files: downloaded only through this route (the patient they belong to, or a doctor). */
export const archivosPaths = {
  descargar: <I extends Id>(id: I) => `/apiarchivos/descargar/${id}` as const,
} as const;

/** Password recovery (issue 10.7): public; the link in the e-mail opens the web page PAGINA_RESTABLECER_CONTRASENA. */
export const recuperacionPaths = {
  solicitar: '/apirecuperacion/solicitar',
  restablecer: '/apirecuperacion/restablecer',
} as const;
/** The web page the e-mail-change link opens; the token travels in the fragment (#token=...), as for recovery. */
export const PAGINA_CONFIRMAR_CORREO = '/confirmarcorreo';
/** The web page the recovery e-mail links to; the token travels in the fragment (#token=...), never sent to a server. */
export const PAGINA_RESTABLECER_CONTRASENA = '/restablecercontrasena';

/** The administrators' view of outgoing e-mail (issue 10.6). */
export const correosPaths = { bandeja: '/apicorreos/bandeja' } as const;

/** The administrators' view of backups (issue 28, item 2; decision 0038). */
export const respaldosPaths = { listar: '/apirespaldos/respaldos', respaldar: '/apirespaldos/respaldar' } as const;

/** The administrators' search of the audit log and its CSV export (issue 21, item 5). */
export const auditoriaPaths = { listar: '/apiauditoria/registros', exportar: '/apiauditoria/exportar' } as const;

/** Liveness and readiness probes (outside the /api* namespace, no auth). */
export const saludPaths = { vivo: '/salud', lista: '/salud/lista' } as const;

/** Stored images are served under this prefix (long-cache URLs inside the API's answers). */
export const MEDIA_PREFIX = '/media/';

/** The API's OpenAPI page (outside production). */
export const DOCS_PATH = '/api/docs';

// ---- endpoint descriptors -------------------------------------------------------------------------
export type Metodo = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The zod-free half of an endpoint: what a client needs to call it, and who may. */
export type RutaApi = { readonly method: Metodo; readonly path: string; readonly auth: AuthRule };

/** One descriptor; every area's `*Rutas` object is built with it (the clinical ones in their own `*-rutas.ts`). */
/* @__NO_SIDE_EFFECTS__ */
export function ruta<const M extends Metodo, const P extends string, const A extends AuthRule>(
  method: M,
  path: P,
  auth: A,
) {
  return { method, path, auth };
}

export const usuariosRutas = {
  registrar: ruta('POST', usuariosPaths.registrar, 'publico'),
  iniciarSesion: ruta('POST', usuariosPaths.iniciarSesion, 'publico'),
  renovarSesion: ruta('POST', usuariosPaths.renovarSesion, 'usuario'),
  cerrarSesion: ruta('POST', usuariosPaths.cerrarSesion, 'usuario'),
  perfil: ruta('GET', usuariosPaths.perfil, 'usuario'),
  editarPerfil: ruta('PATCH', usuariosPaths.perfil, 'usuario'),
  cambiarContrasena: ruta('PATCH', usuariosPaths.perfilContrasena, 'usuario'),
  cambiarCorreo: ruta('POST', usuariosPaths.perfilCorreo, 'usuario'),
  confirmarCorreo: ruta('POST', usuariosPaths.confirmarCorreo, 'publico'),
  aceptarAutorizacion: ruta('POST', usuariosPaths.perfilAutorizacion, ['paciente'] as const),
  registrarAutorizacion: ruta('POST', usuariosPaths.autorizacion(':id'), ['asistente', 'administrador'] as const),
  listar: ruta('GET', usuariosPaths.listar, rolesUsuarios.listar),
  buscar: ruta('GET', usuariosPaths.buscar(':id'), rolesUsuarios.buscar),
  crearAdmin: ruta('POST', usuariosPaths.crearAdmin, rolesUsuarios.crearAdmin),
  crearPaciente: ruta('POST', usuariosPaths.crearPaciente, rolesUsuarios.crearAdmin),
  invitar: ruta('POST', usuariosPaths.invitar(':id'), rolesUsuarios.crearAdmin),
  editar: ruta('PATCH', usuariosPaths.editar(':id'), rolesUsuarios.editar),
  editarEstado: ruta('PATCH', usuariosPaths.editarEstado(':id'), rolesUsuarios.editarEstado),
  bloqueosRecientes: ruta('GET', usuariosPaths.bloqueosRecientes, ['administrador'] as const),
};

/** Catalogue reads are 'opcional': staff see inactive entries too, everyone else only active ones. */
export const categoriasRutas = {
  listar: ruta('GET', categoriasPaths.listar, 'opcional'),
  buscar: ruta('GET', categoriasPaths.buscar(':id'), 'opcional'),
  crear: ruta('POST', categoriasPaths.crear, rolesGestionCatalogo),
  editar: ruta('PATCH', categoriasPaths.editar(':id'), rolesGestionCatalogo),
  eliminar: ruta('DELETE', categoriasPaths.eliminar(':id'), rolesGestionCatalogo),
};

export const procedimientosRutas = {
  listar: ruta('GET', procedimientosPaths.listar, 'opcional'),
  buscar: ruta('GET', procedimientosPaths.buscar(':id'), 'opcional'),
  crear: ruta('POST', procedimientosPaths.crear, rolesGestionCatalogo),
  editar: ruta('PATCH', procedimientosPaths.editar(':id'), rolesGestionCatalogo),
  eliminar: ruta('DELETE', procedimientosPaths.eliminar(':id'), rolesGestionCatalogo),
  subirImagen: ruta('POST', procedimientosPaths.imagenes(':id'), rolesGestionCatalogo),
  eliminarImagen: ruta('DELETE', procedimientosPaths.imagen(':id', ':imagenId'), rolesGestionCatalogo),
  ordenarImagenes: ruta('PUT', procedimientosPaths.ordenImagenes(':id'), rolesGestionCatalogo),
};

/** SPEC 7: every signed-in role has its own cart. */
export const carritoRutas = {
  listar: ruta('GET', carritoPaths.listar, 'usuario'),
  agregar: ruta('POST', carritoPaths.agregar, 'usuario'),
  eliminar: ruta('DELETE', carritoPaths.eliminar(':id'), 'usuario'),
  limpiar: ruta('DELETE', carritoPaths.limpiar, 'usuario'),
};

/** Who may call each /apicitas route; the service then checks ownership (a patient's own, a doctor's agenda). */
export const citasRutas = {
  citasUsuario: ruta('GET', citasPaths.citasUsuario(':usuarioId'), 'usuario'),
  misCitas: ruta('GET', citasPaths.misCitas, 'usuario'),
  listar: ruta('GET', citasPaths.listar, rolesPersonalCitas),
  buscar: ruta('GET', citasPaths.buscar(':id'), 'usuario'),
  pacientesDoctor: ruta('GET', citasPaths.pacientesDoctor, ['doctor'] as const),
  disponibilidad: ruta('GET', citasPaths.disponibilidad, 'opcional'),
  crear: ruta('POST', citasPaths.crear, 'usuario'),
  editar: ruta('PATCH', citasPaths.editar(':id'), rolesPersonalCitas),
  reagendar: ruta('PATCH', citasPaths.reagendar(':id'), 'usuario'),
  cancelar: ruta('PATCH', citasPaths.cancelar(':id'), 'usuario'),
  editarEstado: ruta('PATCH', citasPaths.editarEstado(':id'), rolesPersonalCitas),
  inasistencia: ruta('PATCH', citasPaths.inasistencia(':id'), rolesPersonalCitas),
  horarios: ruta('GET', citasPaths.horarios(':doctorId'), rolesPersonalCitas),
  reemplazarHorarios: ruta('PUT', citasPaths.horarios(':doctorId'), rolesPersonalCitas),
  bloqueos: ruta('GET', citasPaths.bloqueos(':doctorId'), rolesPersonalCitas),
  crearBloqueo: ruta('POST', citasPaths.bloqueos(':doctorId'), rolesPersonalCitas),
  eliminarBloqueo: ruta('DELETE', citasPaths.bloqueo(':doctorId', ':id'), rolesPersonalCitas),
  doctores: ruta('GET', citasPaths.doctores, 'publico'),
  politica: ruta('GET', citasPaths.politica, 'publico'),
};

/** The doctor feed is for doctors; the patient feed for every other role (SPEC 6), each for one's own id. */
export const notificacionesDoctorRutas = {
  listar: ruta('GET', notificacionesDoctorPaths.listar(':userId'), ['doctor'] as const),
  marcarLeida: ruta('PATCH', notificacionesDoctorPaths.marcarLeida(':userId'), ['doctor'] as const),
  marcarTodasLeidas: ruta('PATCH', notificacionesDoctorPaths.marcarTodasLeidas(':userId'), ['doctor'] as const),
  archivarLeidas: ruta('PATCH', notificacionesDoctorPaths.archivarLeidas(':userId'), ['doctor'] as const),
  historial: ruta('GET', notificacionesDoctorPaths.historial(':userId'), ['doctor'] as const),
};
export const notificacionesUsuarioRutas = {
  listar: ruta('GET', notificacionesUsuarioPaths.listar(':userId'), 'usuario'),
  marcarLeida: ruta('PATCH', notificacionesUsuarioPaths.marcarLeida(':userId'), 'usuario'),
  marcarTodasLeidas: ruta('PATCH', notificacionesUsuarioPaths.marcarTodasLeidas(':userId'), 'usuario'),
  archivarLeidas: ruta('PATCH', notificacionesUsuarioPaths.archivarLeidas(':userId'), 'usuario'),
  historial: ruta('GET', notificacionesUsuarioPaths.historial(':userId'), 'usuario'),
};

/**
 * The clinical record (DOMAIN.md): staff list demographics only; clinical content is for doctors (every read
 * audited) and for the patient's own; the patient fills their intake before the first visit. No delete route.
 */
export const historiasRutas = {
  listar: ruta('GET', historiasPaths.listar, ['asistente', 'doctor', 'administrador'] as const),
  buscar: ruta('GET', historiasPaths.buscar(':id'), ['doctor', 'paciente'] as const),
  porUsuario: ruta('GET', historiasPaths.porUsuario(':usuarioId'), ['doctor', 'paciente'] as const),
  mia: ruta('GET', historiasPaths.mia(':usuarioId'), 'usuario'),
  accesos: ruta('GET', historiasPaths.accesos(':usuarioId'), 'usuario'),
  crear: ruta('POST', historiasPaths.crear, ['doctor', 'paciente'] as const),
  editar: ruta('PATCH', historiasPaths.editar(':id'), ['doctor', 'paciente'] as const),
  versiones: ruta('GET', historiasPaths.versiones(':id'), ['doctor', 'paciente'] as const),
  /** DOMAIN.md: the assistant sees a record's existence, demographics and alert flags only (audited). */
  resumen: ruta('GET', historiasPaths.resumen(':id'), ['asistente'] as const),
};

export const archivosRutas = {
  descargar: ruta('GET', archivosPaths.descargar(':id'), 'usuario'),
};

export const recuperacionRutas = {
  solicitar: ruta('POST', recuperacionPaths.solicitar, 'publico'),
  restablecer: ruta('POST', recuperacionPaths.restablecer, 'publico'),
};

export const correosRutas = {
  bandeja: ruta('GET', correosPaths.bandeja, ['administrador'] as const),
};

export const auditoriaRutas = {
  listar: ruta('GET', auditoriaPaths.listar, ['administrador'] as const),
  exportar: ruta('GET', auditoriaPaths.exportar, ['administrador'] as const),
};

export const respaldosRutas = {
  listar: ruta('GET', respaldosPaths.listar, ['administrador'] as const),
  respaldar: ruta('POST', respaldosPaths.respaldar, ['administrador'] as const),
};

export const saludRutas = {
  vivo: ruta('GET', saludPaths.vivo, 'publico'),
  lista: ruta('GET', saludPaths.lista, 'publico'),
};

/**
 * A descriptor's path with its `:name` parameters filled in (each value URL-encoded). A missing value throws:
 * a request to '/x/undefined' would only fail later and less clearly.
 */
export function rellenarPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:([A-Za-z_]\w*)/g, (_m, nombre: string) => {
    const valor = params[nombre];
    if (valor === undefined || valor === null || valor === '')
      throw new Error(`Falta el parámetro ${nombre} de ${path}`);
    return encodeURIComponent(String(valor));
  });
}
