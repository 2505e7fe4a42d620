// The users list (GET usuarios): the administration list and the dashboard's counts (list totals, one item read).
import type { Rol } from '@clinica/contracts/roles';
import { roles } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../api-client.ts';
import { consultaDePagina } from '../consultas.ts';
import { usuariosKeys, type FiltroUsuarios } from './claves.ts';

export type ListaUsuariosWire = RespuestaApi<typeof usuariosRutas.listar>;

export const getUsuarios = (f: FiltroUsuarios) =>
  api(usuariosRutas.listar, {
    query: {
      q: f.q?.trim(),
      rol: f.rol,
      estado: f.estado === undefined ? undefined : f.estado ? 'true' : 'false',
      pagina: f.pagina,
      porPagina: f.porPagina,
    },
  });

export const listaUsuariosQuery = (f: FiltroUsuarios) => consultaDePagina(usuariosKeys.lista(f), () => getUsuarios(f));

export const useListaUsuarios = (f: FiltroUsuarios) => useQuery(listaUsuariosQuery(f));

/** How many users match (the list's total). */
const conteoQuery = (f: { rol?: Rol; estado?: boolean }, enabled: boolean) => {
  return queryOptions({
    queryKey: usuariosKeys.conteo(f),
    queryFn: () => getUsuarios({ ...f, pagina: 1, porPagina: 1 }).then((r) => r.total),
    enabled,
  });
};

/** Administrators: how many users of each role, and how many are inactive. */
export function useConteoUsuarios(enabled: boolean) {
  return useQueries({
    queries: [...roles.map((rol) => conteoQuery({ rol }, enabled)), conteoQuery({ estado: false }, enabled)],
    combine: (results) => {
      const pending = results.some((r) => r.isPending);
      const error = results.find((r) => r.isError)?.error ?? null;
      if (pending || error) return { pending, error, data: null };
      const porRol = Object.fromEntries(roles.map((rol, i) => [rol, results[i]!.data!])) as Record<Rol, number>;
      const total = roles.reduce((s, r) => s + porRol[r], 0);
      const inactivos = results[roles.length]!.data!;
      return { pending, error, data: { porRol, total, inactivos, activos: total - inactivos } };
    },
  });
}

/** Assistants and doctors: active patients (the server lists only patients for them). */
export const useConteoPacientes = (enabled: boolean) =>
  useQuery(conteoQuery({ rol: 'paciente', estado: true }, enabled));

/** Active patients matching a search (the doctor's "whose record" picker). */
export const buscarPacientes = (q: string) =>
  api(usuariosRutas.listar, { query: { q: q.trim(), rol: 'paciente', estado: 'true', pagina: 1, porPagina: 20 } });

/** The desk's patient box: active patients matching what she types (the server searches name, document, e-mail). */
export const useBuscarPacientes = (q: string) =>
  useListaUsuarios({ q: q.trim(), rol: 'paciente', estado: true, pagina: 1, porPagina: 20 });
