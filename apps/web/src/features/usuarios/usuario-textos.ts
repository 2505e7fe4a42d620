// How user fields read on screen: Spanish names for codes, and the selection handed from the list to
// /DetallesListarUsuarios through sessionStorage (SPEC 2).
import {
  estadoCivilNombres,
  generoNombres,
  rolNombres,
  tipoDocumentoNombres,
  type Rol,
  type TipoDocumento,
} from '@clinica/contracts/usuarios';

export const SELECCION_KEY = 'usuarioSeleccionado';

export function guardarSeleccion(id: number) {
  try {
    sessionStorage.setItem(SELECCION_KEY, String(id));
  } catch {
    // storage blocked: the details screen will ask for a selection
  }
}

/** The selected user's id; accepts a bare id or a stored object with an id. */
export function leerSeleccion(): number | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(SELECCION_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  let valor: unknown = raw;
  try {
    valor = JSON.parse(raw);
  } catch {
    // a bare string
  }
  const id = typeof valor === 'object' && valor !== null ? (valor as { id?: unknown }).id : valor;
  const n = typeof id === 'number' ? id : Number(id);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export const nombreRol = (rol: string | null | undefined) => (rol ? (rolNombres[rol as Rol] ?? rol) : 'Sin rol');
export const nombreTipoDocumento = (t: string | null | undefined) =>
  t ? (tipoDocumentoNombres[t as TipoDocumento] ?? t) : 'Sin tipo';
export const nombreGenero = (g: string | null | undefined) =>
  g ? (generoNombres[g as keyof typeof generoNombres] ?? g) : 'Sin género';
export const nombreEstadoCivil = (e: string | null | undefined) =>
  e ? (estadoCivilNombres[e as keyof typeof estadoCivilNombres] ?? e) : null;

/** A patient registered at the desk without an e-mail (issue 27.8): no online account yet. */
export const SIN_CORREO = 'Sin correo (sin cuenta en línea)';

export const textoEstado = (estado: boolean) => (estado ? 'Activo' : 'Inactivo');

/** 'María José Pérez' -> 'MP'. */
export function iniciales(nombre: string): string {
  const partes = nombre.trim().split(/\s+/).filter(Boolean);
  const primera = partes[0]?.[0] ?? '';
  const ultima = partes.length > 1 ? (partes[partes.length - 1]?.[0] ?? '') : '';
  return (primera + ultima).toUpperCase();
}
