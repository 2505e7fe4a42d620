// How the clinical record reads on screen (issue 9): the list's placeholders and search (SPEC 2, 5), the selection
// handed from the list to /DetallesHistorialMedico through sessionStorage, and the Spanish names of every field.
import { banderasAlerta } from '@clinica/contracts/citas';
import { generoNombres } from '@clinica/contracts/usuarios';
import { rolNombres, type Rol } from '@clinica/contracts/roles';
import type { HistoriaResumenWire } from '../../lib/api/historias/get-historias.ts';
import type { HistoriaWire } from '../../lib/api/historias/get-historia.ts';

// ---- the list (SPEC 2) ------------------------------------------------------------------------------
export const TEXTOS_LISTA = {
  titulo: 'Historial médico',
  sinNombre: 'Sin nombre',
  sinCorreo: 'Sin correo',
  sinRol: 'Sin rol',
  sinGenero: 'Sin género',
  vacio: 'No hay registros de historial médico',
  errorTitulo: 'Error',
  error: 'No se pudieron cargar los historialmedico',
  noAutenticado: 'No estás autenticado',
  noSeElimina: 'Las historias clínicas no se eliminan (Res. 1995 de 1999)',
} as const;

export const sinCoincidencias = (q: string) => `Ningún registro coincide con «${q.trim()}»`;
export const mostrando = (n: number, m: number) => `Mostrando ${n} de ${m} registros`;

const texto = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
export const nombreRol = (rol: string | null | undefined) => {
  const r = texto(rol);
  return r ? (rolNombres[r.toLowerCase() as Rol] ?? r) : TEXTOS_LISTA.sinRol;
};
export const nombreGenero = (g: string | null | undefined) => {
  const v = texto(g);
  return v ? (generoNombres[v as keyof typeof generoNombres] ?? v) : TEXTOS_LISTA.sinGenero;
};
export const nombrePaciente = (u: { nombre?: string | null } | null | undefined) =>
  texto(u?.nombre) ?? TEXTOS_LISTA.sinNombre;
export const correoPaciente = (u: { correo?: string | null } | null | undefined) =>
  texto(u?.correo) ?? TEXTOS_LISTA.sinCorreo;

const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/**
 * SPEC 5: client-side, case-insensitive over id, name, email, role and gender; an empty search keeps everything.
 * Role and gender match as stored and as shown ('no_binario' and 'No binario'); accents are ignored too.
 */
export function filtrarHistorias<T extends HistoriaResumenWire>(lista: readonly T[], busqueda: string): T[] {
  const q = normalizar(busqueda.trim());
  if (!q) return [...lista];
  return lista.filter((h) => {
    const u = h.usuario as Partial<HistoriaResumenWire['usuario']> | null | undefined;
    const campos = [
      String(h.id),
      u?.nombre,
      u?.correo,
      u?.rol,
      u?.rol ? nombreRol(u.rol) : null,
      u?.genero,
      u?.genero ? nombreGenero(u.genero) : null,
    ];
    return campos.some((c) => typeof c === 'string' && normalizar(c).includes(q));
  });
}

// ---- the selected record (SPEC 2: "viewing details stores the selected record") -----------------------
export const CLAVE_HISTORIA_SELECCIONADA = 'historialMedicoSeleccionado';

export function guardarSeleccion(h: HistoriaResumenWire): void {
  try {
    sessionStorage.setItem(CLAVE_HISTORIA_SELECCIONADA, JSON.stringify(h));
  } catch {
    // Storage unavailable: the id also travels in the address.
  }
}

/** The stored record (its id and, when the list stored it, its demographics), or null. */
export function leerSeleccion(): { id: number; usuario?: HistoriaResumenWire['usuario'] } | null {
  try {
    const raw = sessionStorage.getItem(CLAVE_HISTORIA_SELECCIONADA);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    const id = typeof v === 'object' && v !== null ? (v as { id?: unknown }).id : v;
    const n = typeof id === 'number' ? id : Number(id);
    if (!Number.isInteger(n) || n <= 0) return null;
    const usuario = typeof v === 'object' && v !== null ? (v as { usuario?: unknown }).usuario : undefined;
    return typeof usuario === 'object' && usuario !== null
      ? { id: n, usuario: usuario as HistoriaResumenWire['usuario'] }
      : { id: n };
  } catch {
    return null;
  }
}

/** A positive integer `?id=`, else null. */
export function idDeConsulta(valor: string | null): number | null {
  if (!valor || !/^\d{1,10}$/.test(valor)) return null;
  const n = Number(valor);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

/** A route's :id as a positive integer, or 0. */
export function idDeRuta(valor: string | undefined): number {
  return idDeConsulta(valor ?? null) ?? 0;
}

// ---- the record's fields (DOMAIN.md "historias_clinicas") ----------------------------------------------
export type Antecedente = keyof HistoriaWire['antecedentes'];
export const ANTECEDENTES: { campo: Antecedente; etiqueta: string; ejemplo: string }[] = [
  { campo: 'enfermedades', etiqueta: 'Enfermedades', ejemplo: 'Hipotiroidismo' },
  { campo: 'alergias', etiqueta: 'Alergias', ejemplo: 'Penicilina' },
  { campo: 'cirugias_previas', etiqueta: 'Cirugías previas', ejemplo: 'Apendicectomía (2015)' },
  { campo: 'medicamentos', etiqueta: 'Medicamentos que toma', ejemplo: 'Levotiroxina 50 mcg' },
  { campo: 'condiciones_piel', etiqueta: 'Condiciones de la piel', ejemplo: 'Melasma leve' },
];

export type Bandera =
  | 'embarazo_lactancia'
  | 'consume_tabaco'
  | 'consume_alcohol'
  | 'usa_anticonceptivos'
  | 'diabetes'
  | 'hipertension'
  | 'historial_cancer'
  | 'problemas_coagulacion'
  | 'epilepsia';

/** The yes/no questions, as the record shows them and as the intake asks them ("tú"). */
export const BANDERAS: { campo: Bandera; etiqueta: string; pregunta: string }[] = [
  { campo: 'embarazo_lactancia', etiqueta: 'Embarazo o lactancia', pregunta: '¿Estás en embarazo o lactancia?' },
  { campo: 'consume_tabaco', etiqueta: 'Consume tabaco', pregunta: '¿Fumas o consumes tabaco?' },
  { campo: 'consume_alcohol', etiqueta: 'Consume alcohol', pregunta: '¿Consumes alcohol con frecuencia?' },
  { campo: 'usa_anticonceptivos', etiqueta: 'Usa anticonceptivos', pregunta: '¿Usas algún método anticonceptivo?' },
  { campo: 'diabetes', etiqueta: 'Diabetes', pregunta: '¿Tienes diabetes?' },
  { campo: 'hipertension', etiqueta: 'Hipertensión', pregunta: '¿Tienes hipertensión (presión alta)?' },
  { campo: 'historial_cancer', etiqueta: 'Antecedente de cáncer', pregunta: '¿Has tenido cáncer?' },
  {
    campo: 'problemas_coagulacion',
    etiqueta: 'Problemas de coagulación',
    pregunta: '¿Tienes problemas de coagulación o sangras con facilidad?',
  },
  { campo: 'epilepsia', etiqueta: 'Epilepsia', pregunta: '¿Tienes epilepsia o has tenido convulsiones?' },
];

/** Flags a doctor must see before any procedure (contraindications or extra care), in order of weight: the server's list. */
export const BANDERAS_ALERTA: readonly Bandera[] = banderasAlerta;

export const etiquetaBandera = (b: Bandera) => BANDERAS.find((x) => x.campo === b)?.etiqueta ?? b;

/** What needs attention in a record: the alert flags that are "sí" and any allergy. */
export function alertasDe(h: Pick<HistoriaWire, Bandera | 'antecedentes'>): string[] {
  const alertas = BANDERAS_ALERTA.filter((b) => h[b]).map(etiquetaBandera);
  if (h.antecedentes.alergias.length) alertas.push(`Alergias: ${h.antecedentes.alergias.join(', ')}`);
  return alertas;
}

/** Fitzpatrick phototypes I-VI (how the skin reacts to the sun). */
export const FOTOTIPOS: { valor: number; romano: string; descripcion: string }[] = [
  { valor: 1, romano: 'I', descripcion: 'Piel muy blanca: siempre se quema, nunca se broncea' },
  { valor: 2, romano: 'II', descripcion: 'Piel blanca: se quema con facilidad, se broncea poco' },
  { valor: 3, romano: 'III', descripcion: 'Piel clara a trigueña: a veces se quema, se broncea poco a poco' },
  { valor: 4, romano: 'IV', descripcion: 'Piel trigueña: rara vez se quema, se broncea con facilidad' },
  { valor: 5, romano: 'V', descripcion: 'Piel morena: casi nunca se quema, se broncea mucho' },
  { valor: 6, romano: 'VI', descripcion: 'Piel negra: nunca se quema' },
];

export function textoFototipo(v: number | null | undefined): string {
  const f = FOTOTIPOS.find((x) => x.valor === v);
  return f ? `${f.romano}: ${f.descripcion}` : 'Sin definir';
}

/** Names of the fields a version lists as changed. */
const NOMBRES_CAMPOS: Record<string, string> = {
  antecedentes: 'Antecedentes',
  otras_condiciones: 'Otras condiciones',
  detalles_anticonceptivos: 'Método anticonceptivo',
  fototipo: 'Fototipo',
  ...Object.fromEntries(BANDERAS.map((b) => [b.campo, b.etiqueta])),
};
export const nombreCampo = (c: string) => NOMBRES_CAMPOS[c] ?? c;
