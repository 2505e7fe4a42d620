// A signed note's injection chart in the record copy (issue 24, item 2): the face drawings that have points (the same
// line art as the web editor, packages/contracts/src/mapa-facial-dibujo.ts, through pdf-lib's drawSvgPath) with each
// point numbered, then the table of points (n.º, zona, producto, lote, cantidad, plano, técnica, aguja o cánula con su
// calibre, nota) and the totals per lot.
import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Evolucion } from '@clinica/contracts/evoluciones';
import {
  LADO_MAPA,
  VISTAS_MAPA,
  dispositivoAplicacionNombres,
  planoAplicacionNombres,
  tecnicaAplicacionNombres,
  totalesPorLote,
  vistaMapaNombres,
  zonaFacialNombres,
} from '@clinica/contracts/mapa-facial';
import { DIBUJOS_MAPA } from '@clinica/contracts/mapa-facial-dibujo';
import { ACENTO, ANCHO, GRIS, MARGEN, NEGRO } from '../../lib/pdf-paginas.ts';
import { imprimible, partirLineas } from '../../lib/pdf-texto.ts';

/** What the chart needs of the copy's page writer. */
export type LienzoMapa = {
  texto(t: string, o?: { negrita?: boolean; sangria?: number; size?: number; color?: ReturnType<typeof rgb> }): void;
  /** Keeps `alto` points together on one page and hands the page and the block's top. */
  bloque(alto: number, dibujar: (pagina: PDFPage, arriba: number) => void): void;
  fuentes: { normal: PDFFont; negrita: PDFFont };
};

const SANGRIA = 14;
/** The widest a view is drawn (points); three views share the text width. */
const LADO_MAX = 200;
const ENTRE_VISTAS = 14;
const TAM = 7.5;
const BLANCO = rgb(1, 1, 1);
const cantidadEsCo = (n: number, unidad: string) =>
  `${n.toLocaleString('es-CO', { maximumFractionDigits: 2 })} ${unidad}`;

// Column titles and widths (points): they fill the text width under the note's indent.
const COLUMNAS: [string, number][] = [
  ['N.º', 20],
  ['Zona', 66],
  ['Producto', 70],
  ['Lote', 50],
  ['Cantidad', 40],
  ['Plano', 62],
  ['Técnica', 52],
  ['Aguja/cánula', 56],
  ['Nota', ANCHO - 2 * MARGEN - SANGRIA - 416],
];

function dibujos(l: LienzoMapa, puntos: Evolucion['aplicaciones']) {
  const numerados = puntos.map((p, i) => ({ ...p, n: i + 1 }));
  const vistas = VISTAS_MAPA.filter((v) => numerados.some((p) => p.vista === v));
  const disponible = ANCHO - 2 * MARGEN - SANGRIA;
  const LADO = Math.min(LADO_MAX, (disponible - ENTRE_VISTAS * (vistas.length - 1)) / vistas.length);
  const escala = LADO / LADO_MAPA;
  // A marker about 32 drawing units across whatever the scale, so close points (three in the glabella) stay apart.
  const radio = Math.max(2.6, 16 * escala);
  const letra = radio * 1.3;
  // The section's title travels with the drawings: never alone at the foot of a page.
  const TITULO = 14;
  l.bloque(TITULO + LADO + 16, (pagina, cima) => {
    pagina.drawText('Mapa de aplicación', {
      x: MARGEN + SANGRIA,
      y: cima - 10,
      size: 10,
      font: l.fuentes.negrita,
      color: NEGRO,
    });
    const arriba = cima - TITULO;
    vistas.forEach((vista, i) => {
      const x0 = MARGEN + SANGRIA + i * (LADO + ENTRE_VISTAS);
      const y0 = arriba - 12;
      pagina.drawText(imprimible(vistaMapaNombres[vista]), {
        x: x0,
        y: arriba - 8,
        size: 8,
        font: l.fuentes.negrita,
        color: GRIS,
      });
      pagina.drawRectangle({ x: x0, y: y0 - LADO, width: LADO, height: LADO, borderColor: GRIS, borderWidth: 0.4 });
      // Line widths scale with the path: 0.8 pt on paper.
      for (const d of DIBUJOS_MAPA[vista].contorno)
        pagina.drawSvgPath(d, { x: x0, y: y0, scale: escala, borderColor: NEGRO, borderWidth: 0.8 / escala });
      for (const p of numerados.filter((q) => q.vista === vista)) {
        const cx = x0 + p.x * escala;
        const cy = y0 - p.y * escala;
        pagina.drawCircle({ x: cx, y: cy, size: radio, color: ACENTO });
        const etiqueta = String(p.n);
        const ancho = l.fuentes.negrita.widthOfTextAtSize(etiqueta, letra);
        pagina.drawText(etiqueta, {
          x: cx - ancho / 2,
          y: cy - letra * 0.35,
          size: letra,
          font: l.fuentes.negrita,
          color: BLANCO,
        });
      }
    });
  });
}

type FilaTabla = { celdas: string[]; negrita: boolean };

/** Rows of the table drawn as one block (the header goes with the first row: never alone at a page's foot). */
function filas(l: LienzoMapa, grupo: FilaTabla[]) {
  const medidas = grupo.map(({ celdas, negrita }) => {
    const font = negrita ? l.fuentes.negrita : l.fuentes.normal;
    const lineas = celdas.map((c, i) => partirLineas(c || '—', font, TAM, COLUMNAS[i]![1] - 3));
    return { font, lineas, alto: Math.max(...lineas.map((x) => x.length)) * TAM * 1.3 + 3 };
  });
  l.bloque(
    medidas.reduce((t, m) => t + m.alto, 0),
    (pagina, cima) => {
      let arriba = cima;
      for (const { font, lineas, alto } of medidas) {
        let x = MARGEN + SANGRIA;
        lineas.forEach((ls, i) => {
          ls.forEach((t, j) =>
            pagina.drawText(t, { x, y: arriba - TAM - j * TAM * 1.3, size: TAM, font, color: NEGRO }),
          );
          x += COLUMNAS[i]![1];
        });
        pagina.drawLine({
          start: { x: MARGEN + SANGRIA, y: arriba - alto + 1 },
          end: { x: ANCHO - MARGEN, y: arriba - alto + 1 },
          thickness: 0.3,
          color: GRIS,
        });
        arriba -= alto;
      }
    },
  );
}

/** The chart of one signed note, under its other fields. Nothing when the note has no chart. */
export function escribirMapa(l: LienzoMapa, puntos: Evolucion['aplicaciones']) {
  if (!puntos.length) return;
  dibujos(l, puntos);
  const cuerpo = puntos.map((p, i) => ({
    negrita: false,
    celdas: [
      String(i + 1),
      zonaFacialNombres[p.zona],
      p.producto.nombre,
      p.lote.numero,
      cantidadEsCo(p.cantidad, p.producto.unidad),
      planoAplicacionNombres[p.plano],
      tecnicaAplicacionNombres[p.tecnica],
      `${dispositivoAplicacionNombres[p.dispositivo]} ${p.calibre}`,
      p.nota,
    ].map(imprimible),
  }));
  filas(l, [{ negrita: true, celdas: COLUMNAS.map(([t]) => t) }, cuerpo[0]!]);
  for (const f of cuerpo.slice(1)) filas(l, [f]);
  l.texto('Totales por lote', { negrita: true, sangria: SANGRIA });
  for (const t of totalesPorLote(puntos))
    l.texto(
      `${t.producto} · lote ${t.lote} · ${t.puntos} ${t.puntos === 1 ? 'punto' : 'puntos'} · ${cantidadEsCo(t.cantidad, t.unidad)}`,
      { sangria: SANGRIA * 2 },
    );
}
