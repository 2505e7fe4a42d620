// Roles and who may call what, free of zod: the API enforces these rules and the web reads the same values to
// show only what a person may use, without pulling schemas into its first download (decision 0005).

export const roles = ['administrador', 'doctor', 'asistente', 'paciente'] as const;
export type Rol = (typeof roles)[number];
export const rolNombres: Record<Rol, string> = {
  administrador: 'Administrador',
  doctor: 'Doctor',
  asistente: 'Asistente',
  paciente: 'Paciente',
};

/**
 * Who may call an endpoint. 'publico': anyone; 'opcional': anyone, with the user attached when a valid token
 * comes; 'usuario': any signed-in role; a list: only those roles.
 */
export type AuthRule = 'publico' | 'opcional' | 'usuario' | readonly Rol[];

/**
 * Roles allowed on the user administration routes (DOMAIN.md). Every other /apiusuarios route is open to any
 * signed-in user (registrar and iniciarsesion to anyone).
 */
export const rolesUsuarios = {
  listar: ['administrador', 'asistente', 'doctor'],
  buscar: ['administrador', 'asistente', 'doctor'],
  /** The assistant registers patients at the desk (never staff); the service enforces the role. */
  crearAdmin: ['administrador', 'asistente'],
  /** The assistant fixes a patient's contact data only (teléfono, dirección, correo); the service enforces it. */
  editar: ['administrador', 'asistente'],
  editarEstado: ['administrador'],
} as const satisfies Record<string, readonly Rol[]>;

/**
 * Roles that list and open users of every role; the other roles of rolesUsuarios.listar and .buscar only see
 * patients (DOMAIN.md).
 */
export const rolesVenTodosLosUsuarios = ['administrador'] as const satisfies readonly Rol[];

/** Staff who book for patients, reschedule and cancel any appointment, and keep the agendas (DOMAIN.md). */
export const rolesPersonalCitas = ['asistente', 'doctor', 'administrador'] as const satisfies readonly Rol[];

/** Roles that maintain categories, procedures and their images (DOMAIN.md). */
export const rolesGestionCatalogo = ['asistente', 'doctor', 'administrador'] as const satisfies readonly Rol[];

/** The role as the API spells it, or null. SPEC 6 treats 'Doctor' and 'doctor' alike. */
export function normalizarRol(rol: string | null | undefined): Rol | null {
  const r = rol?.trim().toLowerCase();
  return r && (roles as readonly string[]).includes(r) ? (r as Rol) : null;
}

/**
 * Whether a person with this role (null: nobody signed in) passes the rule. The web uses it to show only what
 * the server will accept; the server's auth plugin applies the same rule to the verified session.
 */
export function permite(regla: AuthRule, rol: string | null | undefined): boolean {
  if (regla === 'publico' || regla === 'opcional') return true;
  if (regla === 'usuario') return !!rol?.trim();
  const r = normalizarRol(rol);
  return r !== null && regla.includes(r);
}
