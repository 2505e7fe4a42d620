// The face diagram of the injection chart (issue 24, item 2), drawn by us as plain line art in each view's own
// 0-1000 square (y grows downwards, as in SVG). Pure data and small helpers so the web editor (SVG) and the note's
// PDF (pdf-lib's drawSvgPath) draw exactly the same face. Paths use only absolute M, L, Q, C and Z commands, which
// both renderers understand and which can be mirrored by flipping every x.
//
// Sides are the PATIENT's: on the front view her right is on the viewer's left (x < 500). The right profile is seen
// from her right, so her nose points to the viewer's right; the left profile is its mirror image.
import { LADO_MAPA, type VistaMapa, type ZonaFacial, zonasDeVista } from './mapa-facial.ts';

/** A zone's region: an ellipse (its centre is where a point added from the keyboard lands) and the same as a path. */
export type ZonaDibujo = { cx: number; cy: number; rx: number; ry: number; d: string };

export type DibujoVista = {
  /** Line art, each path stroked without fill, in drawing order (head, hair, ears, eyes, brows, nose, lips, neck). */
  contorno: readonly string[];
  /** Every zone visible in the view (exactly `zonasDeVista(vista)`). */
  zonas: Readonly<Partial<Record<ZonaFacial, ZonaDibujo>>>;
};

/** An ellipse as four cubic Béziers (kappa approximation), for renderers without arc support. */
export function rutaElipse(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5523;
  const r = (n: number) => Math.round(n * 10) / 10;
  const ox = r(rx * k);
  const oy = r(ry * k);
  return [
    `M ${cx - rx} ${cy}`,
    `C ${cx - rx} ${r(cy - oy)} ${r(cx - ox)} ${cy - ry} ${cx} ${cy - ry}`,
    `C ${r(cx + ox)} ${cy - ry} ${cx + rx} ${r(cy - oy)} ${cx + rx} ${cy}`,
    `C ${cx + rx} ${r(cy + oy)} ${r(cx + ox)} ${cy + ry} ${cx} ${cy + ry}`,
    `C ${r(cx - ox)} ${cy + ry} ${cx - rx} ${r(cy + oy)} ${cx - rx} ${cy}`,
    'Z',
  ].join(' ');
}

/** Mirrors an absolute path (M/L/Q/C/Z only) left to right: every x becomes 1000 - x. */
export function espejarRuta(d: string): string {
  let esX = true;
  return d.replace(/[MLQCZ]|-?\d+(?:\.\d+)?/g, (tok) => {
    if (/[MLQCZ]/.test(tok)) {
      esX = true;
      return tok;
    }
    const n = Number(tok);
    const out = esX ? LADO_MAPA - n : n;
    esX = !esX;
    return String(out);
  });
}

type Elipse = readonly [cx: number, cy: number, rx: number, ry: number];
const zona = ([cx, cy, rx, ry]: Elipse): ZonaDibujo => ({ cx, cy, rx, ry, d: rutaElipse(cx, cy, rx, ry) });
const espejarElipse = ([cx, cy, rx, ry]: Elipse): Elipse => [LADO_MAPA - cx, cy, rx, ry];

// Front view: the patient's right-side zones (viewer's left); her left side is their mirror image.
const FRONTAL_CENTRO = {
  frente: [500, 280, 150, 58],
  glabela: [500, 405, 32, 26],
  nariz: [500, 522, 34, 66],
  labio_superior: [500, 657, 50, 13],
  labio_inferior: [500, 690, 46, 14],
  menton: [500, 765, 50, 30],
  cuello: [500, 905, 90, 70],
} as const satisfies Partial<Record<ZonaFacial, Elipse>>;
const FRONTAL_DERECHA = {
  sien_derecha: [292, 378, 24, 46],
  patas_de_gallo_derecha: [318, 450, 22, 30],
  surco_lagrimal_derecho: [400, 482, 44, 14],
  pomulo_derecho: [352, 526, 42, 28],
  mejilla_derecha: [378, 600, 44, 36],
  surco_nasogeniano_derecho: [442, 618, 15, 38],
  comisura_derecha: [428, 675, 13, 13],
  linea_marioneta_derecha: [442, 724, 15, 27],
  masetero_derecho: [306, 622, 28, 44],
  mandibula_derecha: [362, 718, 38, 28],
} as const;
const aIzquierda = (z: string) => z.replace(/_derech([ao])$/, '_izquierd$1') as ZonaFacial;

const CONTORNO_FRONTAL = [
  // Head and jaw.
  'M 500 120 C 640 120 735 220 735 380 C 735 470 725 560 700 640 C 670 730 590 800 500 805 C 410 800 330 730 300 640 C 275 560 265 470 265 380 C 265 220 360 120 500 120 Z',
  // Hairline.
  'M 282 335 C 300 232 390 186 500 190 C 610 186 700 232 718 335',
  // Ears.
  'M 266 400 C 236 388 224 430 231 470 C 237 510 254 536 274 530',
  'M 734 400 C 764 388 776 430 769 470 C 763 510 746 536 726 530',
  // Eyes and irises.
  'M 350 440 Q 400 412 450 440 Q 400 464 350 440 Z',
  'M 550 440 Q 600 412 650 440 Q 600 464 550 440 Z',
  'M 388 439 C 388 432 394 427 400 427 C 406 427 412 432 412 439 C 412 446 406 451 400 451 C 394 451 388 446 388 439 Z',
  'M 588 439 C 588 432 594 427 600 427 C 606 427 612 432 612 439 C 612 446 606 451 600 451 C 594 451 588 446 588 439 Z',
  // Brows.
  'M 338 400 Q 395 370 456 392',
  'M 544 392 Q 605 370 662 400',
  // Nose: sides and base.
  'M 480 452 C 477 510 465 550 455 574',
  'M 520 452 C 523 510 535 550 545 574',
  'M 455 574 Q 470 598 490 588 Q 500 596 510 588 Q 530 598 545 574',
  // Lips: upper, mouth line, lower.
  'M 442 672 C 462 654 486 647 500 657 C 514 647 538 654 558 672',
  'M 442 672 Q 500 681 558 672',
  'M 442 672 C 466 706 534 706 558 672',
  // Neck.
  'M 420 790 C 420 850 410 930 396 1000',
  'M 580 790 C 580 850 590 930 604 1000',
] as const;

// Right profile (nose to the viewer's right); the left profile mirrors it.
const PERFIL_CENTRO = {
  frente: [612, 290, 56, 62],
  glabela: [676, 432, 18, 20],
  nariz: [722, 520, 30, 48],
  labio_superior: [706, 636, 14, 16],
  labio_inferior: [706, 692, 14, 15],
  menton: [684, 774, 28, 32],
  cuello: [470, 895, 110, 70],
} as const satisfies Partial<Record<ZonaFacial, Elipse>>;
const PERFIL_DERECHA = {
  sien_derecha: [480, 372, 44, 44],
  patas_de_gallo_derecha: [560, 462, 24, 30],
  surco_lagrimal_derecho: [626, 496, 28, 13],
  pomulo_derecho: [578, 534, 40, 26],
  mejilla_derecha: [570, 608, 46, 36],
  surco_nasogeniano_derecho: [664, 612, 16, 34],
  comisura_derecha: [676, 666, 12, 12],
  linea_marioneta_derecha: [660, 716, 14, 24],
  masetero_derecho: [476, 646, 40, 54],
  mandibula_derecha: [560, 744, 56, 24],
} as const;

const CONTORNO_PERFIL = [
  // Head: back of the neck, skull, forehead, nose, lips, chin, throat.
  'M 330 1000 C 335 920 325 850 300 790 C 235 700 205 560 235 420 C 265 260 400 150 550 155 C 640 160 690 230 690 320 C 690 370 680 400 695 430 L 686 455 C 716 490 750 530 770 565 C 760 580 730 586 706 590 C 712 610 718 630 712 648 L 696 665 C 712 676 716 692 705 708 C 690 720 686 730 695 745 C 712 770 705 800 680 815 C 650 830 620 836 600 846 C 590 900 586 950 586 1000',
  // Hairline down to the sideburn.
  'M 556 176 C 470 190 392 258 362 360 C 352 400 360 430 384 444',
  // Ear and its inner fold.
  'M 402 432 C 452 420 466 498 442 540 C 428 562 402 558 398 536',
  'M 414 456 C 438 456 444 494 428 516',
  // Eye and brow.
  'M 602 456 Q 626 442 648 458 Q 626 468 602 456 Z',
  'M 586 426 Q 626 410 668 424',
  // Nostril and mouth line.
  'M 702 570 Q 716 580 728 576',
  'M 676 666 L 698 665',
  // Jawline.
  'M 392 560 C 410 660 470 736 560 776 C 600 792 640 806 672 812',
] as const;

const elipses = <T extends Record<string, Elipse>>(m: T) =>
  Object.fromEntries(Object.entries(m).map(([k, e]) => [k, zona(e)])) as Partial<Record<ZonaFacial, ZonaDibujo>>;

const PERFIL_DERECHO: DibujoVista = {
  contorno: CONTORNO_PERFIL,
  zonas: { ...elipses(PERFIL_CENTRO), ...elipses(PERFIL_DERECHA) },
};

export const DIBUJOS_MAPA: Readonly<Record<VistaMapa, DibujoVista>> = {
  frontal: {
    contorno: CONTORNO_FRONTAL,
    zonas: {
      ...elipses(FRONTAL_CENTRO),
      ...elipses(FRONTAL_DERECHA),
      ...Object.fromEntries(Object.entries(FRONTAL_DERECHA).map(([k, e]) => [aIzquierda(k), zona(espejarElipse(e))])),
    },
  },
  perfil_derecho: PERFIL_DERECHO,
  perfil_izquierdo: {
    contorno: CONTORNO_PERFIL.map(espejarRuta),
    zonas: {
      ...Object.fromEntries(Object.entries(PERFIL_CENTRO).map(([k, e]) => [k, zona(espejarElipse(e))])),
      ...Object.fromEntries(Object.entries(PERFIL_DERECHA).map(([k, e]) => [aIzquierda(k), zona(espejarElipse(e))])),
    },
  },
};

/** Where a point added from the keyboard (or the table) lands: the zone's centre, as integers. */
export function centroDeZona(vista: VistaMapa, zonaFacial: ZonaFacial): { x: number; y: number } | null {
  const z = DIBUJOS_MAPA[vista].zonas[zonaFacial];
  return z ? { x: Math.round(z.cx), y: Math.round(z.cy) } : null;
}

/**
 * The zone under a position of the drawing: the one whose ellipse holds it most centrally; a position just outside
 * every ellipse (up to half a radius more) goes to the nearest one, farther away it is no zone (null).
 */
export function zonaEnPosicion(vista: VistaMapa, x: number, y: number): ZonaFacial | null {
  let mejor: ZonaFacial | null = null;
  let distancia = 1.5;
  for (const z of zonasDeVista(vista)) {
    const e = DIBUJOS_MAPA[vista].zonas[z];
    if (!e) continue;
    const d = Math.hypot((x - e.cx) / e.rx, (y - e.cy) / e.ry);
    if (d < distancia) {
      distancia = d;
      mejor = z;
    }
  }
  return mejor;
}
