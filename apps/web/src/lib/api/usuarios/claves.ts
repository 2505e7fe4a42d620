// The one query-key factory of users (issue 22): profile, lists, details and the dashboard's counts all live under
// the 'usuarios' root, so every user mutation refreshes all of them.
import type { QueryClient } from '@tanstack/react-query';
import type { Rol, UsuarioWire } from '@clinica/contracts/usuarios';

export type FiltroUsuarios = { q?: string; rol?: Rol; estado?: boolean; pagina: number; porPagina: number };

export const usuariosKeys = {
  all: ['usuarios'] as const,
  perfil: (userId: number | null) => ['usuarios', 'perfil', userId] as const,
  lista: (f: FiltroUsuarios) => ['usuarios', 'lista', f] as const,
  detalle: (id: number) => ['usuarios', 'detalle', id] as const,
  /** A list's total only (the dashboard's counts). */
  conteo: (f: { rol?: Rol; estado?: boolean }) => ['usuarios', 'conteo', f] as const,
  bloqueos: () => ['usuarios', 'bloqueos'] as const,
};

/** After a user changes: her cached details take the answer, every user query is refreshed. */
export function invalidarUsuarios(qc: QueryClient, u?: UsuarioWire) {
  if (u) qc.setQueryData(usuariosKeys.detalle(u.id), u);
  return qc.invalidateQueries({ queryKey: usuariosKeys.all });
}

/** After the signed-in user's own record changes: her profile (what the dashboard's gate reads) takes it too. */
export function invalidarPerfil(qc: QueryClient, userId: number | null, u: UsuarioWire) {
  qc.setQueryData(usuariosKeys.perfil(userId), u);
  return invalidarUsuarios(qc, u);
}
