// Socket events the spec names (SPEC 7 "Live connection events"), as the typed maps socket.io takes:
// `new Server<ClientToServerEvents, ServerToClientEvents>()` on the API and
// `io() as Socket<ServerToClientEvents, ClientToServerEvents>` on the web. Plain types: nothing here is loaded at
// run time, so neither side pulls socket.io or zod through this module.

/**
 * A notification as it travels over the socket (JSON, so the timestamp is an ISO-8601 string with offset).
 * Fields follow the notificaciones table in DOMAIN.md; the spec only promises `mensaje`, so clients must cope
 * with the optional ones being absent.
 */
export type NotificacionEvento = {
  id: number;
  mensaje: string;
  leida: boolean;
  /** What the notification is about, e.g. a new, confirmed or cancelled appointment. */
  tipo?: string;
  /** Web path to open when the notification is clicked. */
  ruta?: string | null;
  cita_id?: number | null;
  creada_en?: string;
  /** The creation time again, as clients of the original system read it. */
  fecha?: string;
};

/**
 * Why the server closes a live connection, or refuses one (then as `connect_error`: `message` is the code and
 * `data` this object). `mensaje` is for the person, in Spanish.
 * - SESION_VENCIDA: the session ended by inactivity or by its absolute lifetime (REST answers 401 too).
 * - DEMASIADOS_EVENTOS: the connection kept sending events past its rate limit; it is closed, not reconnected.
 * - DEMASIADAS_CONEXIONES: the person already has the most live connections allowed on this server.
 */
export type MotivoDesconexion = {
  codigo: 'SESION_VENCIDA' | 'DEMASIADOS_EVENTOS' | 'DEMASIADAS_CONEXIONES';
  mensaje: string;
};

/**
 * One of the doctor's appointments changed (issue 27, item 14): booked, moved, reassigned, confirmed, cancelled or
 * done, by anyone, whether or not a notification tells her. Only the id travels: the screen refetches what it shows.
 */
export type CitaActualizadaEvento = { cita_id: number };

/** Server -> client. */
export interface ServerToClientEvents {
  /** A notification for the user of this connection, emitted to the user's room after the database commit. */
  nuevaNotificacion: (notificacion: NotificacionEvento) => void;
  /** An appointment of this doctor's agenda changed, emitted to the doctor's room after the database commit. */
  citaActualizada: (cambio: CitaActualizadaEvento) => void;
  /** Sent just before the server closes this connection for one of the reasons above. */
  desconexion: (motivo: MotivoDesconexion) => void;
}

/**
 * Client -> server. SPEC 6: a role named doctor in any casing registers as a doctor, any other signed-in role as
 * a patient; the server checks the id against the authenticated handshake and joins the user's room.
 */
export interface ClientToServerEvents {
  registrarDoctor: (userId: number) => void;
  registrarPaciente: (userId: number) => void;
}
