// Every route path of the web, as SPEC section 2 spells them.
import { PAGINA_ENLACE_CITA } from '@clinica/contracts/enlaces-cita-rutas';
import { PAGINA_CONFIRMAR_CORREO, PAGINA_RESTABLECER_CONTRASENA } from '@clinica/contracts/rutas';

/** Query parameter of /crearcita naming the treatment the evaluation is for. */
export const PARAM_PROCEDIMIENTO_CITA = 'procedimiento';
/** Query parameter of /crearcita choosing the doctor (a retreatment reminder's link: the same doctor). */
export const PARAM_DOCTOR_CITA = 'doctor';

export const paths = {
  raiz: '/',
  inicio: '/inicio',
  iniciarSesion: '/iniciarsesion',
  /** Password recovery (issue 10.7): ask for a link; the e-mailed link opens restablecerContrasena. */
  recuperarContrasena: '/recuperarcontrasena',
  restablecerContrasena: PAGINA_RESTABLECER_CONTRASENA,
  /** The e-mail-change link (issue 21.1): confirms the new address; public, the link may open on any device. */
  confirmarCorreo: PAGINA_CONFIRMAR_CORREO,
  /** The reminder's confirm and cancel links (issue 25.3): public, the token in the fragment. */
  responderCita: PAGINA_ENLACE_CITA,
  registrar: '/registrar',
  servicios: '/servicios',
  servicio: (id: number | string) => `/servicios/${id}`,
  reservar: (id: number | string) => `/reservar/${id}`,
  terminos: '/terminoscondiciones',
  carrito: '/carrito',
  cerrarSesion: '/cerrarsesion',
  cerrarSesionDashboard: '/dashboard/cerrarsesion',
  dashboard: '/dashboard',
  noEncontrado: '/404',
  errorServidor: '/500',
  crearHistorialClinico: '/crearhistorialclinico',
  listarUsuarios: '/listarusuarios',
  editarUsuarioAdmin: (id: number | string) => `/editarusuarioadmin/${id}`,
  crearUsuario: '/crear-usuario',
  /** The desk's walk-in path of /crear-usuario: a patient without an online account (issue 27.8). */
  crearPacienteSinCuenta: '/crear-usuario?modo=sin-cuenta',
  editarUsuario: (id: number | string) => `/editarusuario/${id}`,
  detallesUsuario: '/DetallesListarUsuarios',
  consultarHistorialMedico: '/consultarhistorialmedico',
  detallesHistorialMedico: '/detalleshistorialmedico',
  /** Where the list's "Ver detalles" goes (SPEC 2 spells it this way); the same screen as the lowercase one. */
  detallesHistorialMedicoSeleccion: '/DetallesHistorialMedico',
  editarHistorialMedico: (id: number | string) => `/editarhistorialmedico/${id}`,
  miHistorialClinico: (id: number | string) => `/mihistorialclinico/${id}`,
  calendarioCitas: '/calendariocitas',
  panelDoctor: '/panelotro',
  verTodoCita: '/vertodocita',
  crearCita: '/crearcita',
  /** /crearcita with a treatment to evaluate (a service page's «Reservar valoración»): it joins the cart there. */
  crearCitaPara: (procedimientoId: number | string) => `/crearcita?${PARAM_PROCEDIMIENTO_CITA}=${procedimientoId}`,
  crearCitaAsistente: '/crearcitaasistente',
  /** The desk's booking screen for a treatment a patient asked about: it is proposed as the reason. */
  crearCitaAsistentePara: (procedimientoId: number | string) =>
    `/crearcitaasistente?${PARAM_PROCEDIMIENTO_CITA}=${procedimientoId}`,
  /** The desk's booking screen with a patient chosen, and (the next session of a package) a procedure appointment. */
  crearCitaAsistenteDe: (pacienteId: number, procedimientoId?: number) =>
    `/crearcitaasistente?paciente=${pacienteId}${procedimientoId ? `&sesion=${procedimientoId}` : ''}`,
  /** The desk's booking screen with a patient and a doctor chosen (a retreatment to book, issue 24, item 4). */
  crearCitaAsistenteCon: (pacienteId: number, doctorId: number) =>
    `/crearcitaasistente?paciente=${pacienteId}&doctor=${doctorId}`,
  consultarCitas: '/consultarcitas',
  citasPaciente: (usuarioId: number | string) => `/citaspaciente/${usuarioId}`,
  detallesCita: (id: number | string) => `/detallescitas/${id}`,
  cita: (id: number | string) => `/citas/${id}`,
  editarCita: (id: number | string) => `/editarcita/${id}`,
  misCitas: '/miscitas',
  /** Doctors' weekly hours and blocks (staff; not a SPEC route). */
  agendaHorarios: '/agenda/horarios',
  crearProcedimiento: '/crearprocedimiento',
  consultarProcedimientos: '/consultarprocedimientos',
  detallesProcedimientos: '/detallesprocedimientos',
  editarProcedimiento: (id: number | string) => `/editarprocedimientos/${id}`,
  categorias: '/categoriaprocedimientos',
  detallesCategoria: (id: number | string) => `/detallescategorias/${id}`,
  crearCategoria: '/categoriaprocedimientoscrear',
  editarCategoria: (id: number | string) => `/editarcategoriaprocedimientos/${id}`,
  /** Outgoing e-mail for administrators (issue 10.6; not a SPEC route). */
  correos: '/correos',
  /** Backups for administrators (issue 28, item 2; not a SPEC route). */
  respaldos: '/respaldos',
  /** The audit log's search for administrators (issue 21, item 5; not a SPEC route). */
  auditoria: '/auditoria',
  /** Recent sign-in lockouts for administrators (issue 11.1; not a SPEC route). */
  seguridad: '/seguridad',
  /** The patient's payments and receipts (issue 23; not a SPEC route). */
  misPagos: '/mispagos',
  /** Where Wompi sends the patient back after paying online (issue 23, item 3; not a SPEC route). */
  pagoEnLineaResultado: '/pago-en-linea/resultado',
  /** The desk's day: payments, totals by method and the cash close (issue 23; not a SPEC route). */
  caja: '/caja',
  /** The owner's reports (administrators) and a doctor's own ("Mis reportes"). */
  reportes: '/reportes',
  /** Treatment packages the clinic sells (issue 23, item 4; not a SPEC route). */
  paquetes: '/paquetes',
  /** One patient's packages: her "Mis paquetes", or the desk's view where it sells one. */
  paquetesPaciente: (id: number | string) => `/paquetespaciente/${id}`,
  /** Products, lots and stock (issue 24, item 1; not a SPEC route). */
  insumos: '/insumos',
  insumo: (id: number | string) => `/insumos/${id}`,
  /** The desk's retreatment recall list and the clinic's intervals (issue 24, item 4; not a SPEC route). */
  retratamientos: '/retratamientos',
  /** The desk's waitlist (issue 25, item 1). */
  listaEspera: '/listaespera',
  /** A patient's notices about products applied to her (issue 24, item 3; not a SPEC route). */
  misAvisos: '/mis-avisos',
  historialNotificaciones: '/historial-notificaciones',
  historialNotificacionesUsuario: '/notificaciones/usuario/historial',
} as const;
