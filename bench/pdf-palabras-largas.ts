// The patient's copy (PDF) whose texts are long words without spaces (issue 21, item 2): the line breaking used to
// measure ever shorter prefixes of a word too wide for its line, quadratic in the word's length, and one copy held
// the event loop for seconds. Builds the same copy twice in one run, once with the notes' texts as single words and
// once with the same characters in ordinary words, and reports both and their ratio (QUALITY: comparisons are ratios
// taken in the same run). Before the fix the ratio was in the hundreds; linear layout keeps it near 1.
//   npm run bench:pdf -w @clinica/bench        (BENCH_PDF_VECES: builds per case, 3 by default)
import { performance } from 'node:perf_hooks';
import type { DatosPersonales } from '@clinica/contracts/copia-historia';
import { generarCopiaHistoria } from '../apps/api/src/features/historias/copia.pdf.ts';
import { maquina } from './carga.ts';

const VECES = Number(process.env.BENCH_PDF_VECES ?? 3);
const NOTAS = 10;

/** `n` characters of Spanish text: one word without spaces, or words of about eight letters. */
function texto(n: number, palabraUnica: boolean): string {
  const base = palabraUnica
    ? 'hiperpigmentacionpostinflamatoria'
    : 'eritema leve en mejilla con ardor tras el peeling ';
  return base.repeat(Math.ceil(n / base.length)).slice(0, n);
}

function copia(palabraUnica: boolean): DatosPersonales {
  const ahora = new Date('2026-03-02T15:00:00Z');
  const persona = { id: 2, nombre: 'Dra. Paula Ríos' };
  return {
    formato: 'copia-datos-personales-v1',
    clinica: 'Clínica de prueba',
    generado_en: ahora,
    perfil: {
      id: 1,
      nombre: 'Ana María Pérez',
      correo: 'ana@example.com',
      rol: 'paciente',
      estado: true,
      tipodocumento: 'CC',
      numerodocumento: '1020304050',
      telefono: null,
      direccion: null,
      genero: null,
      fecha_nacimiento: '1990-05-01',
      ocupacion: null,
      estado_civil: null,
      fecha_registro: ahora,
      terminos_aceptados_en: null,
      version_terminos: null,
      ip_aceptacion: null,
    },
    historia: null,
    versiones: [],
    citas: [],
    // The largest texts a signed note may hold (packages/contracts evoluciones.ts): motivo 2,000, the rest 5,000.
    evoluciones: Array.from({ length: NOTAS }, (_, i) => ({
      id: i + 1,
      cita_id: i + 1,
      paciente: { id: 1, nombre: 'Ana María Pérez' },
      autor: persona,
      estado: 'firmada' as const,
      motivo: texto(2000, palabraUnica),
      hallazgos: texto(5000, palabraUnica),
      procedimiento_realizado: texto(5000, palabraUnica),
      productos: [],
      aplicaciones: [],
      indicaciones: texto(5000, palabraUnica),
      formulas: [],
      ordenes: [],
      creada_en: ahora,
      actualizada_en: ahora,
      firmada_en: ahora,
      hash_contenido: 'a'.repeat(64),
      receta: null,
      orden_examenes: null,
      adendas: [],
    })),
    productos_aplicados: [],
    consentimientos: [],
    notificaciones: [],
    archivos: [],
    accesos: [],
  } as DatosPersonales;
}

async function medir(palabraUnica: boolean) {
  const datos = copia(palabraUnica);
  const opciones = { clinica: 'Clínica de prueba', fechaHora: (d: Date) => d.toISOString(), generadoEn: new Date() };
  const tiempos: number[] = [];
  let bytes = 0;
  for (let i = 0; i < VECES; i++) {
    const t0 = performance.now();
    bytes = (await generarCopiaHistoria(datos, opciones)).length;
    tiempos.push(performance.now() - t0);
  }
  tiempos.sort((a, b) => a - b);
  return { mediana: tiempos[Math.floor(tiempos.length / 2)]!, bytes };
}

const caracteres = NOTAS * (2000 + 3 * 5000);
const normal = await medir(false);
const largas = await medir(true);
const m = maquina();
console.log(
  `\n${m.fecha}, ${m.nucleos} núcleos, carga ${m.carga}${m.cargada ? ' (cargada)' : ''}, Node ${m.node}\nCopia en PDF con ${NOTAS} notas firmadas, ${caracteres} caracteres de texto; mediana de ${VECES}\n`,
);
console.log('| textos | ms por copia | KB |');
console.log('|---|---:|---:|');
console.log(`| palabras normales | ${normal.mediana.toFixed(0)} | ${(normal.bytes / 1024).toFixed(0)} |`);
console.log(
  `| una palabra por campo, sin espacios | ${largas.mediana.toFixed(0)} | ${(largas.bytes / 1024).toFixed(0)} |`,
);
console.log(`\nrazón palabras largas / normales: ${(largas.mediana / normal.mediana).toFixed(2)}`);
