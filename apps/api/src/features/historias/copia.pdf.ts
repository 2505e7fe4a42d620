// The patient's complete record as one PDF (issue 9, item 7; Ley 2015 de 2020): demographics, the intake and every
// earlier version, appointments with their state, signed clinical notes with prescriptions, exam orders and
// addenda, signed informed consents with their exact text. Built on request with pdf-lib (decision 0012), never stored. Standard fonts only: their WinAnsi
// encoding covers Spanish (á, ñ, ü, ¿, ¡...); anything it cannot print becomes '?'. Every page carries the clinic's
// header, the generation date and "página i de n".
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { DatosPersonales } from '@clinica/contracts/copia-historia';
import { tipoProductoNombres } from '@clinica/contracts/insumos';
import { zonaFacialNombres } from '@clinica/contracts/mapa-facial';
import { estadoCivilNombres, generoNombres, tipoDocumentoNombres } from '@clinica/contracts/usuarios';
import { ACENTO, ANCHO, GRIS, MARGEN, NEGRO, PaginasPdf } from '../../lib/pdf-paginas.ts';
import { imprimible, partirLineas } from '../../lib/pdf-texto.ts';
import { escribirMapa, type LienzoMapa } from './copia-mapa.pdf.ts';

type Estilo = { size?: number; negrita?: boolean; color?: ReturnType<typeof rgb>; sangria?: number };

/** A flowing page writer: word wrap, page breaks, a header on every page. */
class Escritor extends PaginasPdf<Escritor> {
  constructor(doc: PDFDocument, normal: PDFFont, negrita: PDFFont, encabezado: (e: Escritor) => void) {
    super(doc, normal, negrita, encabezado, 24);
  }

  private linea(l: string, x: number, size: number, font: PDFFont, color: ReturnType<typeof rgb>) {
    this.reservar(size * 1.4);
    this.pagina.drawText(l, { x, y: this.y - size, size, font, color });
    this.y -= size * 1.4;
  }

  /** Word-wrapped text; line breaks in the text are kept. */
  texto(t: string, o: Estilo = {}) {
    const size = o.size ?? 10;
    const font = o.negrita ? this.negrita : this.normal;
    const x = MARGEN + (o.sangria ?? 0);
    for (const parrafo of t.split(/\r?\n/))
      for (const l of partirLineas(parrafo, font, size, ANCHO - MARGEN - x))
        this.linea(l, x, size, font, o.color ?? NEGRO);
  }

  /** "Label: value", the label in bold, the value wrapping under the label's indent. */
  dato(etiqueta: string, valor: string, sangria = 0) {
    const size = 10;
    const x = MARGEN + sangria;
    const rotulo = imprimible(`${etiqueta}: `);
    const anchoRotulo = this.negrita.widthOfTextAtSize(rotulo, size);
    const ancho = ANCHO - MARGEN - x;
    const parrafos = (valor.trim() ? valor : '—').split(/\r?\n/);
    parrafos.forEach((parrafo, i) => {
      const lineas = partirLineas(parrafo, this.normal, size, ancho, i === 0 ? ancho - anchoRotulo : ancho);
      lineas.forEach((l, j) => {
        this.reservar(size * 1.4);
        let xl = x;
        if (i === 0 && j === 0) {
          this.pagina.drawText(rotulo, { x, y: this.y - size, size, font: this.negrita, color: NEGRO });
          xl += anchoRotulo;
        }
        this.pagina.drawText(l, { x: xl, y: this.y - size, size, font: this.normal, color: NEGRO });
        this.y -= size * 1.4;
      });
    });
  }

  /** A block kept on one page: the page and its top, then the writer moves below it. */
  bloque(alto: number, dibujar: (pagina: PDFPage, arriba: number) => void) {
    this.reservar(alto);
    dibujar(this.pagina, this.y);
    this.y -= alto;
  }

  get fuentes() {
    return { normal: this.normal, negrita: this.negrita };
  }

  /**
   * A table: each cell word-wrapped in its column (widths in points, summing to the page's width), the header
   * repeated on every page the table reaches; a row never splits across pages.
   */
  tabla(columnas: { titulo: string; ancho: number }[], filas: string[][], size = 8) {
    const alto = size * 1.3;
    const celdas = (valores: string[], font: PDFFont) =>
      valores.map((v, i) => partirLineas(v, font, size, columnas[i]!.ancho - 4));
    const dibujar = (lineas: string[][], font: PDFFont) => {
      const n = Math.max(...lineas.map((l) => l.length));
      let x = MARGEN;
      lineas.forEach((l, i) => {
        l.forEach((t, j) => this.pagina.drawText(t, { x, y: this.y - size - j * alto, size, font, color: NEGRO }));
        x += columnas[i]!.ancho;
      });
      this.y -= n * alto + 3;
    };
    const encabezado = celdas(
      columnas.map((c) => c.titulo),
      this.negrita,
    );
    const altoEncabezado = Math.max(...encabezado.map((l) => l.length)) * alto + 11;
    const cabecera = () => {
      dibujar(encabezado, this.negrita);
      this.raya(0.3);
    };
    this.reservar(altoEncabezado + alto * 2);
    cabecera();
    for (const fila of filas) {
      const lineas = celdas(fila, this.normal);
      const necesita = Math.max(...lineas.map((l) => l.length)) * alto + 3;
      if (this.y - necesita < MARGEN + 24) {
        this.nuevaPagina();
        cabecera();
      }
      dibujar(lineas, this.normal);
    }
  }

  seccion(titulo: string) {
    this.espacio(10);
    this.reservar(60);
    this.texto(titulo, { size: 13, negrita: true, color: ACENTO });
    this.raya(0.5);
  }

  espacio(puntos = 6) {
    this.y -= puntos;
  }

  raya(grosor = 0.8) {
    this.pagina.drawLine({
      start: { x: MARGEN, y: this.y },
      end: { x: ANCHO - MARGEN, y: this.y },
      thickness: grosor,
      color: ACENTO,
    });
    this.y -= 8;
  }
}

export type OpcionesCopia = {
  clinica: string;
  /** 'dd/mm/aaaa h:mm a. m.' in the clinic's zone. */
  fechaHora: (d: Date) => string;
  generadoEn: Date;
  /** Who produced it when it is not the patient (a staff copy says so on every page). */
  generadoPor?: string;
};

const TIPOS: Record<string, string> = { evaluacion: 'Evaluación', procedimiento: 'Procedimiento', control: 'Control' };
const ESTADOS: Record<string, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  realizada: 'Realizada',
  cancelada: 'Cancelada',
};
const ANTECEDENTES: [keyof NonNullable<DatosPersonales['historia']>['antecedentes'], string][] = [
  ['enfermedades', 'Enfermedades'],
  ['alergias', 'Alergias'],
  ['cirugias_previas', 'Cirugías previas'],
  ['medicamentos', 'Medicamentos'],
  ['condiciones_piel', 'Condiciones de la piel'],
];
const BANDERAS: [string, string][] = [
  ['embarazo_lactancia', 'Embarazo o lactancia'],
  ['consume_tabaco', 'Consume tabaco'],
  ['consume_alcohol', 'Consume alcohol'],
  ['usa_anticonceptivos', 'Usa anticonceptivos'],
  ['diabetes', 'Diabetes'],
  ['hipertension', 'Hipertensión'],
  ['historial_cancer', 'Historial de cáncer'],
  ['problemas_coagulacion', 'Problemas de coagulación'],
  ['epilepsia', 'Epilepsia'],
];
const CAMPOS: Record<string, string> = {
  antecedentes: 'Antecedentes',
  otras_condiciones: 'Otras condiciones',
  detalles_anticonceptivos: 'Método anticonceptivo',
  fototipo: 'Fototipo',
  ...Object.fromEntries(BANDERAS),
};
const ROMANOS = ['', 'I', 'II', 'III', 'IV', 'V', 'VI'];

/** A code's name as the screens show it; an unknown code as stored. */
const nombreDe = (nombres: Record<string, string>, codigo: string) => nombres[codigo] ?? codigo;
const numero = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 2 });
/** "2,5 mL", "1 unidad", "3 unidades". */
const cantidadConUnidad = (n: number, unidad: string) =>
  `${numero.format(n)} ${unidad === 'unidad' ? (n === 1 ? 'unidad' : 'unidades') : unidad}`;
const siNo = (v: unknown) => (v === true ? 'Sí' : v === false ? 'No' : '—');
const diaIso = (s: string | null) =>
  s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s.split('-').reverse().join('/') : (s ?? '—');

/** A value of an earlier version, as the patient reads it. */
function valorAnterior(campo: string, v: unknown): string {
  if (campo === 'antecedentes' && v && typeof v === 'object') {
    return ANTECEDENTES.map(([k, et]) => {
      const lista = (v as Record<string, unknown>)[k];
      return `${et}: ${Array.isArray(lista) && lista.length ? lista.join(', ') : 'ninguno'}`;
    }).join('\n');
  }
  if (campo === 'fototipo') return typeof v === 'number' ? (ROMANOS[v] ?? String(v)) : '—';
  if (typeof v === 'boolean') return siNo(v);
  return v == null || v === '' ? '—' : String(v);
}

export async function generarCopiaHistoria(d: DatosPersonales, o: OpcionesCopia): Promise<Uint8Array> {
  const f = o.fechaHora;
  const generado = f(o.generadoEn);
  const p = d.perfil;
  const doc = await PDFDocument.create();
  doc.setTitle(`Historia clínica completa - ${p.nombre}`);
  doc.setAuthor(o.clinica);
  doc.setCreator(o.clinica);
  doc.setProducer(o.clinica);
  doc.setSubject('Copia de la historia clínica (Ley 2015 de 2020)');
  doc.setCreationDate(o.generadoEn);
  doc.setModificationDate(o.generadoEn);
  const normal = await doc.embedFont(StandardFonts.Helvetica);
  const negrita = await doc.embedFont(StandardFonts.HelveticaBold);
  const e = new Escritor(doc, normal, negrita, (x) => {
    x.texto(o.clinica, { size: 15, negrita: true, color: ACENTO });
    x.texto(`Copia de la historia clínica de ${p.nombre}`, { size: 11, negrita: true });
    x.texto(`Generada el ${generado}`, { size: 8, color: GRIS });
    x.raya();
  });

  e.texto(
    'Copia completa de tu historia clínica y de los datos que la clínica guarda sobre ti (Ley 2015 de 2020; Ley 1581 de 2012). ' +
      'Es confidencial: guárdala en un lugar seguro.',
    { size: 9, color: GRIS },
  );
  if (o.generadoPor) e.texto(`Generada por ${o.generadoPor} para ${p.nombre}.`, { size: 9, color: GRIS });

  e.seccion('Datos personales');
  e.dato('Nombre', p.nombre);
  // The labels the screens show (contracts' name maps), never the stored codes (issue 27.12).
  e.dato('Documento', `${nombreDe(tipoDocumentoNombres, p.tipodocumento)} ${p.numerodocumento}`);
  e.dato('Fecha de nacimiento', diaIso(p.fecha_nacimiento));
  e.dato('Género', p.genero ? nombreDe(generoNombres, p.genero) : '—');
  e.dato('Correo', p.correo ?? 'Sin correo');
  e.dato('Teléfono', p.telefono ?? '—');
  e.dato('Dirección', p.direccion ?? '—');
  e.dato('Ocupación', p.ocupacion ?? '—');
  e.dato('Estado civil', p.estado_civil ? nombreDe(estadoCivilNombres, p.estado_civil) : '—');
  e.dato('Fecha de registro', f(p.fecha_registro));
  if (p.terminos_aceptados_en)
    e.dato(
      'Política de datos aceptada',
      `${f(p.terminos_aceptados_en)}${p.version_terminos ? ` (versión ${p.version_terminos})` : ''}`,
    );

  const h = d.historia;
  e.seccion('Historia clínica');
  if (!h) e.texto('Aún no hay historia clínica registrada.');
  else {
    const autor = h.creada_por ? ` por ${h.creada_por.nombre}` : '';
    e.texto(`Versión ${h.version} · creada el ${f(h.creada_en)}${autor} · actualizada el ${f(h.actualizada_en)}`, {
      size: 9,
      color: GRIS,
    });
    e.espacio(4);
    for (const [k, et] of ANTECEDENTES) e.dato(et, h.antecedentes[k].length ? h.antecedentes[k].join(', ') : 'Ninguno');
    e.dato('Otras condiciones', h.otras_condiciones ?? 'Ninguna');
    for (const [k, et] of BANDERAS) {
      const v = (h as Record<string, unknown>)[k];
      e.dato(et, k === 'usa_anticonceptivos' && v ? `Sí: ${h.detalles_anticonceptivos ?? ''}` : siNo(v));
    }
    e.dato('Fototipo (Fitzpatrick)', h.fototipo ? (ROMANOS[h.fototipo] ?? String(h.fototipo)) : 'Sin registrar');
  }

  e.seccion('Versiones anteriores de la historia');
  if (!d.versiones.length) e.texto('La historia no ha cambiado desde que se creó.');
  for (const v of d.versiones) {
    e.reservar(40);
    e.texto(
      `Versión ${v.version}, reemplazada el ${f(v.cambiada_en)}${v.cambiada_por ? ` por ${v.cambiada_por.nombre}` : ''}`,
      { negrita: true },
    );
    e.texto(`Cambió: ${v.campos.map((c) => CAMPOS[c] ?? c).join(', ')}. Decía antes:`, { size: 9, color: GRIS });
    for (const c of v.campos) e.dato(CAMPOS[c] ?? c, valorAnterior(c, v.datos[c]), 14);
    e.espacio(4);
  }

  e.seccion('Citas');
  if (!d.citas.length) e.texto('No hay citas registradas.');
  for (const c of d.citas) {
    e.reservar(40);
    e.texto(`${f(c.inicio)} · ${TIPOS[c.tipo] ?? c.tipo} · ${ESTADOS[c.estado] ?? c.estado}`, { negrita: true });
    e.dato('Profesional', c.doctor.nombre, 14);
    if (c.procedimiento) e.dato('Procedimiento', c.procedimiento, 14);
    if (c.motivo) e.dato('Motivo', c.motivo, 14);
    if (c.motivo_cancelacion) e.dato('Motivo de la cancelación', c.motivo_cancelacion, 14);
    e.espacio(4);
  }

  e.seccion('Notas de evolución firmadas');
  if (!d.evoluciones.length) e.texto('No hay notas de evolución firmadas.');
  for (const n of d.evoluciones) {
    e.reservar(60);
    e.texto(`Nota n.º ${n.id} de la cita n.º ${n.cita_id} · firmada el ${n.firmada_en ? f(n.firmada_en) : '—'}`, {
      negrita: true,
    });
    e.dato('Profesional', n.autor.nombre, 14);
    e.dato('Motivo de la consulta', n.motivo, 14);
    if (n.hallazgos) e.dato('Hallazgos', n.hallazgos, 14);
    if (n.procedimiento_realizado) e.dato('Procedimiento realizado', n.procedimiento_realizado, 14);
    for (const pr of n.productos) e.dato('Producto aplicado', `${pr.nombre} · lote ${pr.lote} · dosis ${pr.dosis}`, 14);
    escribirMapa(e satisfies LienzoMapa, n.aplicaciones);
    if (n.indicaciones) e.dato('Indicaciones', n.indicaciones, 14);
    if (n.formulas.length) {
      e.texto('Fórmula médica', { negrita: true, sangria: 14 });
      n.formulas.forEach((x, i) =>
        e.texto(`${i + 1}. ${x.nombre}. Dosis: ${x.dosis}. Frecuencia: ${x.frecuencia}. Duración: ${x.duracion}.`, {
          sangria: 28,
        }),
      );
    }
    if (n.ordenes.length) {
      e.texto('Orden de exámenes', { negrita: true, sangria: 14 });
      n.ordenes.forEach((x, i) =>
        e.texto(`${i + 1}. ${x.examen}${x.indicaciones ? `: ${x.indicaciones}` : ''}`, { sangria: 28 }),
      );
    }
    for (const a of n.adendas) {
      e.texto(`Adenda del ${f(a.creada_en)} por ${a.autor.nombre}`, { negrita: true, sangria: 14 });
      e.texto(a.texto, { sangria: 28 });
    }
    if (n.hash_contenido)
      e.texto(`Huella SHA-256 de la nota: ${n.hash_contenido}`, { size: 7, color: GRIS, sangria: 14 });
    e.espacio(6);
  }

  // Issue 24, item 3: every product and lot applied in her signed notes, for a recall she can check herself.
  e.seccion('Productos aplicados');
  if (!d.productos_aplicados.length) e.texto('No hay productos aplicados en notas firmadas.');
  else
    e.tabla(
      [
        { titulo: 'Fecha', ancho: 62 },
        { titulo: 'Producto', ancho: 96 },
        { titulo: 'Registro INVIMA', ancho: 78 },
        { titulo: 'Lote (vence)', ancho: 70 },
        { titulo: 'Cantidad', ancho: 46 },
        { titulo: 'Zonas', ancho: 78 },
        { titulo: 'Profesional y cita', ancho: 70 },
      ],
      d.productos_aplicados.map((a) => [
        f(a.fecha),
        `${a.producto.nombre} (${nombreDe(tipoProductoNombres, a.producto.tipo)})`,
        a.producto.registro_invima,
        `${a.lote.numero} (${diaIso(a.lote.vence_el)})`,
        cantidadConUnidad(a.cantidad, a.producto.unidad),
        a.zonas.map((z) => zonaFacialNombres[z]).join(', ') || '—',
        `${a.doctor.nombre} · cita n.º ${a.cita_id}${a.procedimiento ? ` · ${a.procedimiento}` : ''}`,
      ]),
    );

  e.seccion('Consentimientos informados');
  if (!d.consentimientos.length) e.texto('No hay consentimientos firmados.');
  for (const c of d.consentimientos) {
    e.reservar(60);
    e.texto(`${c.procedimiento} · cita n.º ${c.cita_id} · firmado el ${f(c.firmado_en)}`, { negrita: true });
    e.dato('Versión del texto', String(c.plantilla_version), 14);
    e.dato('Autoriza fotografías clínicas', siNo(c.acepta_fotos), 14);
    if (c.revocado_en)
      e.dato('Revocado el', `${f(c.revocado_en)}${c.motivo_revocacion ? `: ${c.motivo_revocacion}` : ''}`, 14);
    e.texto('Texto firmado', { negrita: true, sangria: 14 });
    e.texto(c.texto, { sangria: 28, size: 9 });
    e.texto(`Huella SHA-256 del PDF firmado: ${c.pdf_sha256}`, { size: 7, color: GRIS, sangria: 14 });
    e.espacio(6);
  }

  // Issue 9, items 4 and 6: the files the record holds (exam results, before/after photos), listed with their
  // fingerprints; the files themselves are downloaded from the appointment's details.
  const adjuntos = d.archivos.filter((a) => a.categoria === 'resultado_examen' || a.categoria === 'foto_clinica');
  e.seccion('Resultados de exámenes y fotos clínicas');
  if (!adjuntos.length) e.texto('No hay resultados de exámenes ni fotos clínicas.');
  for (const a of adjuntos) {
    e.reservar(40);
    e.texto(`${a.categoria === 'foto_clinica' ? 'Foto clínica' : 'Resultado de examen'}: ${a.nombre}`, {
      negrita: true,
    });
    e.dato('Guardado el', f(a.creado_en), 14);
    e.texto(`Huella SHA-256: ${a.sha256}`, { size: 7, color: GRIS, sangria: 14 });
  }

  e.espacio(12);
  e.texto(
    `Fin de la copia. ${d.citas.length} cita(s), ${d.evoluciones.length} nota(s) firmada(s), ${d.consentimientos.length} consentimiento(s), ${d.versiones.length} versión(es) anterior(es).`,
    { size: 9, color: GRIS },
  );

  const paginas = doc.getPages();
  paginas.forEach((pg, i) => {
    const pie = `generada el ${generado} · página ${i + 1} de ${paginas.length}`;
    const largo = imprimible(`${o.clinica} · ${p.nombre} · ${pie}`);
    // A very long name leaves the footer to what always fits: the date and the page number.
    const texto = normal.widthOfTextAtSize(largo, 8) <= ANCHO - 2 * MARGEN ? largo : imprimible(pie);
    pg.drawText(texto, { x: MARGEN, y: MARGEN - 24, size: 8, font: normal, color: GRIS });
  });
  return doc.save();
}
