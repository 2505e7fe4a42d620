// Demo catalogue: six categories and twenty procedures of a Colombian aesthetics clinic, with prices
// in COP and images drawn here (catalogo-arte.ts) and stored through the same code path as uploads.
// Idempotent: categories by their unique name, procedures by name, images only where none exist.
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categoriasProcedimiento, procedimientoImagenes, procedimientos } from '../db/schema/index.ts';
import { cargarSharp } from '../lib/sharp.ts';
import type { Semilla } from './semilla.ts';
import { arteProcedimiento, type Motivo, type NombrePaleta } from './catalogo-arte.ts';

type SemillaCategoria = { clave: NombrePaleta; nombre: string; descripcion: string };

type SemillaProcedimiento = {
  categoria: NombrePaleta;
  nombre: string;
  descripcion: string;
  precio: number;
  duracion_minutos: number;
  requiere_evaluacion: boolean;
  recomendaciones_previas: string;
  examenes_requeridos?: string;
  /** 18 unless Ley 1799 de 2016 exempts it (laser hair removal, superficial peels). */
  edad_minima: number;
  imagenes: { motivo: Motivo; alt: string }[];
};

export const DEMO_CATEGORIAS: SemillaCategoria[] = [
  {
    clave: 'facial',
    nombre: 'Facial',
    descripcion: 'Tratamientos para limpiar, renovar, hidratar y devolverle la luz a la piel del rostro.',
  },
  {
    clave: 'inyectables',
    nombre: 'Inyectables',
    descripcion:
      'Toxina botulínica, rellenos, hilos y plasma, aplicados por médicos con formación en medicina estética y siempre después de una valoración.',
  },
  {
    clave: 'laser',
    nombre: 'Láser y luz',
    descripcion: 'Tecnologías de láser y luz pulsada para depilación, manchas y unificación del tono de la piel.',
  },
  {
    clave: 'corporal',
    nombre: 'Corporal',
    descripcion:
      'Tratamientos no invasivos para moldear el contorno, reducir grasa localizada y mejorar la firmeza de la piel.',
  },
  {
    clave: 'capilar',
    nombre: 'Capilar',
    descripcion: 'Tratamientos médicos para fortalecer el cabello, frenar la caída y estimular el crecimiento.',
  },
  {
    clave: 'bienestar',
    nombre: 'Valoración y bienestar',
    descripcion: 'Consultas médicas de valoración y terapias de bienestar para diseñar un plan a tu medida.',
  },
];

const SIN_SOL = 'Evita la exposición al sol y las cámaras de bronceo durante los 7 días anteriores.';
const SIN_RETINOIDES = 'Suspende retinoides, ácidos y exfoliantes 5 días antes.';
const SIN_ANTICOAGULANTES =
  'Si tomas aspirina, antiinflamatorios, omega 3 o vitamina E, consulta con el médico si debes suspenderlos 7 días antes para reducir el riesgo de morados.';
const SIN_ALCOHOL = 'No consumas alcohol las 24 horas anteriores.';
const EMBARAZO = 'No se realiza durante el embarazo ni la lactancia.';
const COAGULACION = 'Hemograma completo, PT y PTT con menos de 3 meses de antigüedad.';

export const DEMO_PROCEDIMIENTOS: SemillaProcedimiento[] = [
  // ---- Facial ----
  {
    categoria: 'facial',
    nombre: 'Limpieza facial profunda',
    descripcion:
      'Una pausa para tu piel: limpieza, exfoliación suave, extracción cuidadosa de puntos negros, mascarilla calmante e hidratación según tu tipo de piel. Sales con el rostro fresco, luminoso y sin brillo excesivo.',
    precio: 180_000,
    duracion_minutos: 75,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      'Llega sin maquillaje o con maquillaje ligero.',
      SIN_RETINOIDES,
      'No te depiles el rostro con cera 3 días antes.',
    ].join('\n'),
    edad_minima: 18,
    imagenes: [
      { motivo: 'hojas', alt: 'Ilustración de hojas suaves sobre fondo rosado' },
      { motivo: 'burbujas', alt: 'Ilustración de burbujas de espuma en tonos crema' },
    ],
  },
  {
    categoria: 'facial',
    nombre: 'Peeling químico superficial',
    descripcion:
      'Renovamos las capas más externas de la piel con ácidos suaves (glicólico, mandélico o salicílico) elegidos para ti. Mejora la textura, las marcas leves de acné y las manchas superficiales, con una descamación discreta de pocos días.',
    precio: 250_000,
    duracion_minutos: 45,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      SIN_SOL,
      SIN_RETINOIDES,
      'Cuéntanos si has tenido herpes labial: puede requerir tratamiento preventivo.',
      EMBARAZO,
    ].join('\n'),
    // Ley 1799 de 2016 exempts superficial peels; under 18 with the consent of parents or guardians.
    edad_minima: 15,
    imagenes: [{ motivo: 'ondas', alt: 'Ilustración de ondas delicadas en tonos durazno' }],
  },
  {
    categoria: 'facial',
    nombre: 'Hidrafacial',
    descripcion:
      'Limpieza, exfoliación, extracción e hidratación profunda en una sola sesión con tecnología de vórtice y sueros con ácido hialurónico y antioxidantes. Ideal antes de un evento: no deja la piel roja y el efecto glow se nota de inmediato.',
    precio: 320_000,
    duracion_minutos: 60,
    requiere_evaluacion: false,
    recomendaciones_previas: [SIN_RETINOIDES, 'Llega con el rostro limpio y sin maquillaje.'].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'gota', alt: 'Ilustración de gotas de agua sobre fondo rosado' }],
  },
  {
    categoria: 'facial',
    nombre: 'Microagujas (microneedling) con vitaminas',
    descripcion:
      'Microperforaciones controladas que estimulan la producción natural de colágeno y permiten que los activos penetren mejor. Suaviza cicatrices de acné, poros dilatados y líneas finas. Se recomiendan de 3 a 4 sesiones con un mes de intervalo.',
    precio: 380_000,
    duracion_minutos: 60,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      SIN_SOL,
      SIN_RETINOIDES,
      'No asistas con acné activo inflamado ni heridas en la zona.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'puntos', alt: 'Ilustración de puntos finos en degradé sobre fondo rosado' }],
  },
  {
    categoria: 'facial',
    nombre: 'Radiofrecuencia facial',
    descripcion:
      'Calor controlado que tensa las fibras de colágeno y estimula su renovación, para un rostro más firme y un óvalo mejor definido. Es cómodo, no requiere incapacidad y se combina bien con otros tratamientos faciales.',
    precio: 220_000,
    duracion_minutos: 45,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      'Retira joyas y piercings de la cara y el cuello.',
      'Avísanos si tienes marcapasos o implantes metálicos en la zona.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'arcos', alt: 'Ilustración de arcos concéntricos en tonos durazno' }],
  },
  // ---- Inyectables ----
  {
    categoria: 'inyectables',
    nombre: 'Toxina botulínica (tercio superior)',
    descripcion:
      'Suaviza las líneas de expresión de la frente, el entrecejo y las patas de gallina con un resultado natural, sin perder tu expresión. El efecto empieza entre 3 y 7 días y dura de 4 a 6 meses. Incluye control a los 15 días.',
    precio: 1_100_000,
    duracion_minutos: 30,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      SIN_ANTICOAGULANTES,
      SIN_ALCOHOL,
      'No hagas ejercicio intenso ni te acuestes boca abajo las 4 horas siguientes.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [
      { motivo: 'petalos', alt: 'Ilustración de una flor de pétalos lavanda' },
      { motivo: 'ondas', alt: 'Ilustración de ondas serenas en tonos lavanda' },
    ],
  },
  {
    categoria: 'inyectables',
    nombre: 'Ácido hialurónico (rellenos)',
    descripcion:
      'Devuelve volumen y definición a labios, pómulos, mentón o surcos con ácido hialurónico reabsorbible de alta calidad. Trabajamos con técnica de cánula cuando es posible para un resultado armónico. Precio por jeringa de 1 ml; dura de 9 a 12 meses.',
    precio: 1_450_000,
    duracion_minutos: 45,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      SIN_ANTICOAGULANTES,
      SIN_ALCOHOL,
      'Si has tenido herpes labial y vas a tratar los labios, avísanos para indicarte tratamiento preventivo.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'gota', alt: 'Ilustración de una gota translúcida en tonos lavanda' }],
  },
  {
    categoria: 'inyectables',
    nombre: 'Hilos tensores PDO',
    descripcion:
      'Hilos reabsorbibles de polidioxanona que reposicionan suavemente los tejidos del rostro y estimulan colágeno nuevo. Ideales para la flacidez leve a moderada del óvalo facial y el cuello. El efecto se mantiene entre 12 y 18 meses.',
    precio: 1_800_000,
    duracion_minutos: 60,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      SIN_ANTICOAGULANTES,
      SIN_ALCOHOL,
      'Planea 3 días sin maquillaje ni ejercicio intenso después del procedimiento.',
      EMBARAZO,
    ].join('\n'),
    examenes_requeridos: COAGULACION,
    edad_minima: 18,
    imagenes: [
      { motivo: 'hilos', alt: 'Ilustración de hilos finos y curvos en tonos lavanda' },
      { motivo: 'hojas', alt: 'Ilustración de una rama con hojas en tonos lavanda' },
    ],
  },
  {
    categoria: 'inyectables',
    nombre: 'Plasma rico en plaquetas facial',
    descripcion:
      'Usamos factores de crecimiento de tu propia sangre para mejorar la calidad de la piel: textura, luminosidad y ojeras. Es un tratamiento regenerativo y natural; se recomiendan 3 sesiones con un mes de intervalo.',
    precio: 450_000,
    duracion_minutos: 60,
    requiere_evaluacion: true,
    recomendaciones_previas: ['Come normalmente y toma abundante agua ese día.', SIN_ANTICOAGULANTES, SIN_ALCOHOL].join(
      '\n',
    ),
    examenes_requeridos: 'Hemograma completo con recuento de plaquetas de menos de 3 meses.',
    edad_minima: 18,
    imagenes: [{ motivo: 'burbujas', alt: 'Ilustración de esferas suaves en tonos lavanda' }],
  },
  // ---- Láser y luz ----
  {
    categoria: 'laser',
    nombre: 'Depilación láser de axilas',
    descripcion:
      'Láser de diodo de última generación con enfriamiento para reducir el vello de forma progresiva y duradera. Sesiones rápidas y cómodas; la mayoría de las personas necesitan entre 6 y 8 sesiones.',
    precio: 140_000,
    duracion_minutos: 20,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      'Rasura la zona el día anterior; no uses cera ni pinzas durante el tratamiento.',
      SIN_SOL,
      'Llega sin desodorante ni cremas en la zona.',
    ].join('\n'),
    // Ley 1799 de 2016 exempts laser hair removal; under 18 with the consent of parents or guardians.
    edad_minima: 14,
    imagenes: [{ motivo: 'rayos', alt: 'Ilustración de rayos de luz cálida' }],
  },
  {
    categoria: 'laser',
    nombre: 'Depilación láser de piernas completas',
    descripcion:
      'Piernas suaves sin rasurarte a diario. Tratamos muslos y pantorrillas con láser de diodo y enfriamiento continuo para tu comodidad. Resultados visibles desde la tercera sesión.',
    precio: 390_000,
    duracion_minutos: 60,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      'Rasura la zona el día anterior; no uses cera ni pinzas durante el tratamiento.',
      SIN_SOL,
      'Evita autobronceadores las 2 semanas anteriores.',
    ].join('\n'),
    edad_minima: 14,
    imagenes: [{ motivo: 'ondas', alt: 'Ilustración de ondas de luz en tonos dorados' }],
  },
  {
    categoria: 'laser',
    nombre: 'Luz pulsada intensa (IPL) para manchas',
    descripcion:
      'Luz de amplio espectro que aclara manchas solares, pecas y enrojecimiento difuso, y unifica el tono de la piel. Las manchas se oscurecen unos días y luego se desprenden. Suelen bastar de 2 a 4 sesiones.',
    precio: 350_000,
    duracion_minutos: 40,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      SIN_SOL,
      'Evita autobronceadores y medicamentos fotosensibilizantes; consulta si tomas alguno.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [
      { motivo: 'rayos', alt: 'Ilustración de un haz de luz dorada' },
      { motivo: 'arcos', alt: 'Ilustración de arcos de luz en tonos champán' },
    ],
  },
  // ---- Corporal ----
  {
    categoria: 'corporal',
    nombre: 'Cavitación ultrasónica',
    descripcion:
      'Ultrasonido de baja frecuencia que ayuda a reducir la grasa localizada en abdomen, flancos o muslos, sin agujas ni incapacidad. Se complementa con drenaje linfático para potenciar los resultados.',
    precio: 150_000,
    duracion_minutos: 45,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      'Toma al menos 2 litros de agua el día anterior y el día del tratamiento.',
      'Evita comidas abundantes 2 horas antes.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'burbujas', alt: 'Ilustración de burbujas en tonos verde salvia' }],
  },
  {
    categoria: 'corporal',
    nombre: 'Criolipólisis',
    descripcion:
      'Enfriamiento controlado que elimina de forma definitiva parte de las células grasas de zonas difíciles como abdomen, flancos o papada. El cuerpo las elimina poco a poco; los resultados se ven entre 6 y 12 semanas. Precio por zona.',
    precio: 900_000,
    duracion_minutos: 70,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      'Usa ropa cómoda.',
      'Avísanos si tienes hernias en la zona, crioglobulinemia o sensibilidad extrema al frío.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'cristales', alt: 'Ilustración de cristales de hielo en tonos verde salvia' }],
  },
  {
    categoria: 'corporal',
    nombre: 'Carboxiterapia',
    descripcion:
      'Microinyecciones de dióxido de carbono medicinal que mejoran la circulación y la oxigenación de los tejidos. Útil para celulitis, flacidez leve, estrías recientes y ojeras. Se trabaja por sesiones semanales.',
    precio: 160_000,
    duracion_minutos: 30,
    requiere_evaluacion: true,
    recomendaciones_previas: ['Toma abundante agua el día anterior.', SIN_ANTICOAGULANTES, EMBARAZO].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'puntos', alt: 'Ilustración de puntos en degradé sobre fondo verde' }],
  },
  {
    categoria: 'corporal',
    nombre: 'Mesoterapia corporal',
    descripcion:
      'Microinyecciones de activos lipolíticos y reafirmantes en zonas con grasa localizada o celulitis. Un complemento eficaz para mejorar el contorno cuando ya llevas hábitos saludables.',
    precio: 200_000,
    duracion_minutos: 40,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      SIN_ANTICOAGULANTES,
      SIN_ALCOHOL,
      'Cuéntanos sobre cualquier alergia a medicamentos.',
      EMBARAZO,
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'hojas', alt: 'Ilustración de una rama de eucalipto' }],
  },
  // ---- Capilar ----
  {
    categoria: 'capilar',
    nombre: 'Mesoterapia capilar',
    descripcion:
      'Vitaminas, aminoácidos y activos que fortalecen el folículo, aplicados directamente en el cuero cabelludo. Ayuda a frenar la caída y a mejorar la densidad y el brillo del cabello. Plan habitual de 4 a 6 sesiones.',
    precio: 250_000,
    duracion_minutos: 40,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      'Llega con el cabello limpio y sin productos de peinado.',
      'No te tiñas el cabello la semana anterior ni la siguiente.',
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'hilos', alt: 'Ilustración de líneas finas y ondulantes en tonos arena' }],
  },
  {
    categoria: 'capilar',
    nombre: 'Plasma rico en plaquetas capilar',
    descripcion:
      'Factores de crecimiento de tu propia sangre aplicados en el cuero cabelludo para despertar folículos debilitados. Indicado en alopecia androgenética inicial y caída difusa; se recomiendan 3 sesiones mensuales y refuerzos.',
    precio: 480_000,
    duracion_minutos: 60,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      'Come normalmente y toma abundante agua ese día.',
      'Lava tu cabello la mañana del tratamiento.',
      SIN_ANTICOAGULANTES,
    ].join('\n'),
    examenes_requeridos: 'Hemograma completo con plaquetas, ferritina y TSH de menos de 3 meses.',
    edad_minima: 18,
    imagenes: [
      { motivo: 'gota', alt: 'Ilustración de gotas en tonos arena' },
      { motivo: 'hojas', alt: 'Ilustración de hojas delicadas en tonos tierra' },
    ],
  },
  // ---- Valoración y bienestar ----
  {
    categoria: 'bienestar',
    nombre: 'Consulta de valoración médico-estética',
    descripcion:
      'El primer paso: un médico escucha lo que quieres lograr, revisa tu historia clínica y tu piel, y te propone un plan con opciones, tiempos y costos claros. Obligatoria antes de inyectables, hilos y plasma.',
    precio: 120_000,
    duracion_minutos: 30,
    requiere_evaluacion: false,
    recomendaciones_previas: [
      'Trae la lista de medicamentos que tomas y tus exámenes recientes, si los tienes.',
      'Llega sin maquillaje si la consulta es facial.',
    ].join('\n'),
    // A consultation is not a procedure: minors come to it before the exempt ones (laser, superficial peels).
    edad_minima: 14,
    imagenes: [{ motivo: 'petalos', alt: 'Ilustración de una flor en tonos azul agua' }],
  },
  {
    categoria: 'bienestar',
    nombre: 'Sueroterapia de hidratación y vitaminas',
    descripcion:
      'Una infusión intravenosa de líquidos, vitaminas del complejo B, vitamina C y minerales, administrada y vigilada por personal de salud. Ideal para recuperar energía e hidratación en épocas de cansancio.',
    precio: 280_000,
    duracion_minutos: 45,
    requiere_evaluacion: true,
    recomendaciones_previas: [
      'Come algo liviano antes de venir.',
      'Cuéntanos si tienes enfermedad renal, cardiaca o alergias a medicamentos.',
    ].join('\n'),
    edad_minima: 18,
    imagenes: [{ motivo: 'ondas', alt: 'Ilustración de ondas serenas en tonos azul agua' }],
  },
];

/** SVG to PNG without compression: the bytes only live until the upload code path turns them into WebP. */
async function renderizar(svg: string): Promise<Buffer> {
  const sharp = await cargarSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
}

/** The unique index's normalisation (f_unaccent(lower(btrim(nombre)))) for the seed's own names. */
const normalizar = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

export async function seedCatalogo({ db, services }: Semilla): Promise<void> {
  // Categories: the unique index on the normalised name makes this a no-op when they exist.
  await db
    .insert(categoriasProcedimiento)
    .values(DEMO_CATEGORIAS.map(({ nombre, descripcion }) => ({ nombre, descripcion })))
    .onConflictDoNothing();
  // Matched like the index does, so a category someone already wrote as ' FACIAL ' is reused.
  const categorias = await db
    .select({ id: categoriasProcedimiento.id, nombre: categoriasProcedimiento.nombre })
    .from(categoriasProcedimiento);
  const idCategoria = new Map(
    DEMO_CATEGORIAS.map(
      (c) => [c.clave, categorias.find((f) => normalizar(f.nombre) === normalizar(c.nombre))?.id] as const,
    ),
  );

  // Procedures: by name; a second run finds them all and inserts nothing.
  const existentes = await db
    .select({ id: procedimientos.id, nombre: procedimientos.nombre })
    .from(procedimientos)
    .where(
      inArray(
        procedimientos.nombre,
        DEMO_PROCEDIMIENTOS.map((p) => p.nombre),
      ),
    );
  const idPorNombre = new Map(existentes.map((e) => [e.nombre, e.id]));
  const nuevos = DEMO_PROCEDIMIENTOS.filter((p) => !idPorNombre.has(p.nombre) && idCategoria.get(p.categoria));
  if (nuevos.length > 0) {
    const insertados = await db
      .insert(procedimientos)
      .values(
        nuevos.map((p) => ({
          categoria_id: idCategoria.get(p.categoria)!,
          nombre: p.nombre,
          descripcion: p.descripcion,
          precio: p.precio,
          duracion_minutos: p.duracion_minutos,
          requiere_evaluacion: p.requiere_evaluacion,
          recomendaciones_previas: p.recomendaciones_previas,
          examenes_requeridos: p.examenes_requeridos ?? null,
          edad_minima: p.edad_minima,
          // Ley 1799 de 2016: the seed's only minimum ages under 18 are the procedures the law exempts.
          exento_ley_1799: p.edad_minima < 18,
        })),
      )
      .returning({ id: procedimientos.id, nombre: procedimientos.nombre });
    for (const i of insertados) idPorNombre.set(i.nombre, i.id);
  }

  // Images: only for seed procedures that have none (so a crash half-way is repaired by the next run).
  const ids = [...idPorNombre.values()];
  const conImagenes = new Set(
    (
      await db
        .select({ id: procedimientoImagenes.procedimiento_id, n: count() })
        .from(procedimientoImagenes)
        .where(inArray(procedimientoImagenes.procedimiento_id, ids))
        .groupBy(procedimientoImagenes.procedimiento_id)
    ).map((f) => f.id),
  );
  const pendientes = DEMO_PROCEDIMIENTOS.flatMap((p) => {
    const id = idPorNombre.get(p.nombre);
    if (id === undefined || conImagenes.has(id)) return [];
    return p.imagenes.map((img, i) => ({
      id,
      alt: img.alt,
      svg: arteProcedimiento(p.categoria, img.motivo, `${p.nombre}:${i}`),
    }));
  });
  if (pendientes.length === 0) return;

  // Same path as an upload: content check, card and detail WebP copies, storage, row with its order.
  // A few procedures at a time (sharp works off the main thread); each one's images in order.
  const porId = new Map<number, typeof pendientes>();
  for (const p of pendientes) porId.set(p.id, [...(porId.get(p.id) ?? []), p]);
  const grupos = [...porId.values()];
  const trabajar = async () => {
    for (let grupo = grupos.shift(); grupo; grupo = grupos.shift()) {
      for (const img of grupo) await services.procedimientos.agregarImagen(img.id, await renderizar(img.svg), img.alt);
    }
  };
  await Promise.all([trabajar(), trabajar(), trabajar()]);
}

/** For tests and the seed's own checks. */
export async function contarCatalogo(db: Db) {
  const [c] = await db.select({ n: count() }).from(categoriasProcedimiento);
  const [p] = await db.select({ n: count() }).from(procedimientos);
  const [i] = await db.select({ n: count() }).from(procedimientoImagenes);
  return { categorias: c?.n ?? 0, procedimientos: p?.n ?? 0, imagenes: i?.n ?? 0 };
}
