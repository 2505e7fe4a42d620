// The injection chart of a procedure note (issue 24, item 2; docs/trazabilidad.md): each point the doctor marks on the
// face diagram, with the product's lot, the quantity in the product's unit, the plane, the technique and the needle
// or cannula. The chart is part of the note: saved with the draft, frozen and hashed at signing, and signing takes the
// quantities out of the lots. Zones name the patient's own side (her left is "izquierda", whatever the viewer sees).
import { z } from 'zod';
import { SIN_NUL, camposNoPermitidos, fechaDia } from './common.ts';
import { CANTIDAD_MAX } from './insumos-rutas.ts';
import { TIPOS_PRODUCTO, UNIDADES_PRODUCTO } from './insumos.ts';

/** The three drawings: the face from the front and each profile (the patient's right and left side). */
export const VISTAS_MAPA = ['frontal', 'perfil_derecho', 'perfil_izquierdo'] as const;
export type VistaMapa = (typeof VISTAS_MAPA)[number];
export const vistaMapaNombres: Record<VistaMapa, string> = {
  frontal: 'De frente',
  perfil_derecho: 'Perfil derecho',
  perfil_izquierdo: 'Perfil izquierdo',
};

/** Facial zones, the unit of a chart point, of a before/after photo and of the retreatment recall. */
export const ZONAS_FACIALES = [
  'frente',
  'glabela',
  'sien_derecha',
  'sien_izquierda',
  'patas_de_gallo_derecha',
  'patas_de_gallo_izquierda',
  'surco_lagrimal_derecho',
  'surco_lagrimal_izquierdo',
  'pomulo_derecho',
  'pomulo_izquierdo',
  'mejilla_derecha',
  'mejilla_izquierda',
  'nariz',
  'surco_nasogeniano_derecho',
  'surco_nasogeniano_izquierdo',
  'labio_superior',
  'labio_inferior',
  'comisura_derecha',
  'comisura_izquierda',
  'linea_marioneta_derecha',
  'linea_marioneta_izquierda',
  'menton',
  'mandibula_derecha',
  'mandibula_izquierda',
  'masetero_derecho',
  'masetero_izquierdo',
  'cuello',
] as const;
export type ZonaFacial = (typeof ZONAS_FACIALES)[number];
export const zonaFacialNombres: Record<ZonaFacial, string> = {
  frente: 'Frente',
  glabela: 'Glabela (entrecejo)',
  sien_derecha: 'Sien derecha',
  sien_izquierda: 'Sien izquierda',
  patas_de_gallo_derecha: 'Patas de gallo derechas',
  patas_de_gallo_izquierda: 'Patas de gallo izquierdas',
  surco_lagrimal_derecho: 'Surco lagrimal derecho',
  surco_lagrimal_izquierdo: 'Surco lagrimal izquierdo',
  pomulo_derecho: 'Pómulo derecho',
  pomulo_izquierdo: 'Pómulo izquierdo',
  mejilla_derecha: 'Mejilla derecha',
  mejilla_izquierda: 'Mejilla izquierda',
  nariz: 'Nariz',
  surco_nasogeniano_derecho: 'Surco nasogeniano derecho',
  surco_nasogeniano_izquierdo: 'Surco nasogeniano izquierdo',
  labio_superior: 'Labio superior',
  labio_inferior: 'Labio inferior',
  comisura_derecha: 'Comisura derecha',
  comisura_izquierda: 'Comisura izquierda',
  linea_marioneta_derecha: 'Línea de marioneta derecha',
  linea_marioneta_izquierda: 'Línea de marioneta izquierda',
  menton: 'Mentón',
  mandibula_derecha: 'Mandíbula derecha',
  mandibula_izquierda: 'Mandíbula izquierda',
  masetero_derecho: 'Masetero derecho',
  masetero_izquierdo: 'Masetero izquierdo',
  cuello: 'Cuello',
};

const lado = (z: ZonaFacial) =>
  z.endsWith('_derecha') || z.endsWith('_derecho')
    ? 'derecho'
    : z.endsWith('_izquierda') || z.endsWith('_izquierdo')
      ? 'izquierdo'
      : 'centro';
/** A profile shows its own side and the midline; the front view shows every zone. */
export function zonasDeVista(vista: VistaMapa): readonly ZonaFacial[] {
  if (vista === 'frontal') return ZONAS_FACIALES;
  const propio = vista === 'perfil_derecho' ? 'derecho' : 'izquierdo';
  return ZONAS_FACIALES.filter((zona) => lado(zona) === propio || lado(zona) === 'centro');
}

export const PLANOS_APLICACION = [
  'intradermico',
  'subdermico',
  'subcutaneo',
  'intramuscular',
  'supraperiostico',
] as const;
export type PlanoAplicacion = (typeof PLANOS_APLICACION)[number];
export const planoAplicacionNombres: Record<PlanoAplicacion, string> = {
  intradermico: 'Intradérmico',
  subdermico: 'Subdérmico',
  subcutaneo: 'Subcutáneo',
  intramuscular: 'Intramuscular',
  supraperiostico: 'Supraperióstico',
};

export const TECNICAS_APLICACION = ['bolo', 'lineal_retrogrado', 'microgotas', 'abanico', 'otra'] as const;
export type TecnicaAplicacion = (typeof TECNICAS_APLICACION)[number];
export const tecnicaAplicacionNombres: Record<TecnicaAplicacion, string> = {
  bolo: 'Bolo',
  lineal_retrogrado: 'Lineal retrógrado',
  microgotas: 'Microgotas',
  abanico: 'Abanico',
  otra: 'Otra (ver nota)',
};

export const DISPOSITIVOS_APLICACION = ['aguja', 'canula'] as const;
export type DispositivoAplicacion = (typeof DISPOSITIVOS_APLICACION)[number];
export const dispositivoAplicacionNombres: Record<DispositivoAplicacion, string> = {
  aguja: 'Aguja',
  canula: 'Cánula',
};

/** Gauges in use for needles and cannulas in facial aesthetics. */
export const CALIBRES = ['18G', '20G', '21G', '22G', '23G', '25G', '27G', '30G', '31G', '32G', '33G', '34G'] as const;
export type Calibre = (typeof CALIBRES)[number];

/** Most points one note charts (a full-face toxin map is 20-40). */
export const MAX_PUNTOS_MAPA = 150;
/** Coordinates are in the view's own 0-1000 square, so the drawing can change size without moving a point. */
export const LADO_MAPA = 1000;

const coordenada = (eje: string) =>
  z
    .number({ message: `La posición ${eje} debe ser un número` })
    .int(`La posición ${eje} debe ser un entero`)
    .min(0, `La posición ${eje} está fuera del dibujo`)
    .max(LADO_MAPA, `La posición ${eje} está fuera del dibujo`);

/** A quantity of the lot's product, more than 0, with at most two decimals (the database keeps hundredths). */
const cantidadAplicada = z
  .number({ message: 'La cantidad debe ser un número' })
  .gt(0, 'La cantidad debe ser mayor que 0')
  .max(CANTIDAD_MAX, `La cantidad: máximo ${CANTIDAD_MAX.toLocaleString('es-CO')}`)
  .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'La cantidad: usa máximo dos decimales');

/** One point as the note's form sends it. */
export const puntoAplicacionSchema = z
  .strictObject(
    {
      vista: z.enum(VISTAS_MAPA, { message: 'Elige la vista del dibujo' }),
      zona: z.enum(ZONAS_FACIALES, { message: 'Elige la zona' }),
      x: coordenada('horizontal'),
      y: coordenada('vertical'),
      lote_id: z.number({ message: 'Elige el lote' }).int('Elige el lote').positive('Elige el lote'),
      cantidad: cantidadAplicada,
      plano: z.enum(PLANOS_APLICACION, { message: 'Elige el plano' }),
      tecnica: z.enum(TECNICAS_APLICACION, { message: 'Elige la técnica' }),
      dispositivo: z.enum(DISPOSITIVOS_APLICACION, { message: 'Elige aguja o cánula' }),
      calibre: z.enum(CALIBRES, { message: 'Elige el calibre' }),
      nota: z
        .string()
        .trim()
        .max(300, 'La nota del punto tiene máximo 300 caracteres')
        .refine(...SIN_NUL)
        .default(''),
    },
    { error: camposNoPermitidos() },
  )
  .refine((p) => zonasDeVista(p.vista).includes(p.zona), {
    message: 'Esa zona no se ve en esa vista del dibujo',
    path: ['zona'],
  });
export type PuntoAplicacionBody = z.input<typeof puntoAplicacionSchema>;

export const puntosAplicacionSchema = z
  .array(puntoAplicacionSchema)
  .max(MAX_PUNTOS_MAPA, `El mapa tiene máximo ${MAX_PUNTOS_MAPA} puntos`)
  .default([]);

/** A charted point as the note returns it: the lot and its product spelled out. */
export const puntoAplicadoSchema = z.object({
  id: z.number().int(),
  vista: z.enum(VISTAS_MAPA),
  zona: z.enum(ZONAS_FACIALES),
  x: z.number().int(),
  y: z.number().int(),
  cantidad: z.number(),
  plano: z.enum(PLANOS_APLICACION),
  tecnica: z.enum(TECNICAS_APLICACION),
  dispositivo: z.enum(DISPOSITIVOS_APLICACION),
  calibre: z.enum(CALIBRES),
  nota: z.string(),
  lote: z.object({ id: z.number().int(), numero: z.string(), vence_el: fechaDia }),
  producto: z.object({
    id: z.number().int(),
    nombre: z.string(),
    tipo: z.enum(TIPOS_PRODUCTO),
    unidad: z.enum(UNIDADES_PRODUCTO),
    registro_invima: z.string(),
  }),
});
export type PuntoAplicadoWire = z.input<typeof puntoAplicadoSchema>;

export type TotalLote = {
  producto: string;
  unidad: (typeof UNIDADES_PRODUCTO)[number];
  lote: string;
  lote_id: number;
  puntos: number;
  /** In the product's unit, exact to the hundredth. */
  cantidad: number;
};

/** Totals per lot, in chart order of first appearance: what the note shows under the drawing and the PDF prints. */
export function totalesPorLote(
  puntos: readonly Pick<PuntoAplicadoWire, 'cantidad' | 'lote' | 'producto'>[],
): TotalLote[] {
  const porLote = new Map<number, TotalLote & { centesimas: number }>();
  for (const p of puntos) {
    const t = porLote.get(p.lote.id) ?? {
      producto: p.producto.nombre,
      unidad: p.producto.unidad,
      lote: p.lote.numero,
      lote_id: p.lote.id,
      puntos: 0,
      cantidad: 0,
      centesimas: 0,
    };
    t.puntos += 1;
    t.centesimas += Math.round(p.cantidad * 100);
    porLote.set(p.lote.id, t);
  }
  return [...porLote.values()].map(({ centesimas, ...t }) => ({ ...t, cantidad: centesimas / 100 }));
}
