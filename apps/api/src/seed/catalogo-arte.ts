// Hand-written SVG art for the demo catalogue: a calm palette per category, soft gradients, organic
// shapes and one quiet motif per procedure. No text, no downloads; the seed renders it with sharp.

export type Paleta = {
  /** Background gradient, light to a touch deeper. */
  fondo: [string, string];
  /** Soft organic shapes. */
  formas: [string, string, string];
  /** The motif's strokes and fills (used with low opacity). */
  acento: string;
  /** Warm light spot. */
  luz: string;
};

/** One row per category: background (light, deeper), the three shapes, the accent, the light spot. */
const COLORES = {
  facial: ['#FBF3EE', '#F1DCD1', '#EBC6B5', '#E2B3A0', '#F6E4DA', '#B7806B', '#FFF8F3'],
  inyectables: ['#F6F2F9', '#E4D9EE', '#D3C3E4', '#C1ABD9', '#EDE5F4', '#85699F', '#FFFBFF'],
  laser: ['#FDF8EE', '#F5E5C6', '#EFD7A6', '#E6C383', '#FAEEDA', '#B98A45', '#FFFDF6'],
  corporal: ['#F2F6F1', '#DCE7DC', '#C3D6C5', '#A9C4AE', '#E5EEE4', '#5F8A6D', '#FBFEFA'],
  capilar: ['#F8F3EE', '#E9DCCD', '#DCC8B3', '#CDB398', '#F1E7DC', '#8E6C52', '#FFFCF8'],
  bienestar: ['#F0F6F8', '#D9E9EE', '#BCD8E0', '#A2C8D3', '#E2EFF3', '#4F8797', '#FAFEFF'],
} as const satisfies Record<string, readonly [string, string, string, string, string, string, string]>;
export type NombrePaleta = keyof typeof COLORES;

export const PALETAS = Object.fromEntries(
  Object.entries(COLORES).map(([nombre, [f1, f2, s1, s2, s3, acento, luz]]) => [
    nombre,
    { fondo: [f1, f2], formas: [s1, s2, s3], acento, luz } satisfies Paleta,
  ]),
) as Record<NombrePaleta, Paleta>;

export const MOTIVOS = [
  'hojas',
  'petalos',
  'ondas',
  'burbujas',
  'gota',
  'rayos',
  'hilos',
  'puntos',
  'arcos',
  'cristales',
] as const;
export type Motivo = (typeof MOTIVOS)[number];

export const ANCHO = 1200;
export const ALTO = 900;

/** Small deterministic generator (mulberry32) so every seed run draws the same pictures. */
function aleatorio(semilla: string): () => number {
  let h = 1779033703 ^ semilla.length;
  for (let i = 0; i < semilla.length; i++) {
    h = Math.imul(h ^ semilla.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (x: number) => Math.round(x * 10) / 10;

/** A smooth closed blob through `puntos` points around (cx, cy) (Catmull-Rom turned into Béziers). */
function mancha(r: () => number, cx: number, cy: number, radio: number, irregularidad = 0.22, puntos = 7): string {
  const p: [number, number][] = [];
  for (let i = 0; i < puntos; i++) {
    const ang = (i / puntos) * Math.PI * 2 + r() * 0.3;
    const rad = radio * (1 - irregularidad + r() * irregularidad * 2);
    p.push([cx + Math.cos(ang) * rad, cy + Math.sin(ang) * rad * 0.82]);
  }
  let d = `M${n(p[0]![0])},${n(p[0]![1])}`;
  for (let i = 0; i < puntos; i++) {
    const p0 = p[(i - 1 + puntos) % puntos]!;
    const p1 = p[i]!;
    const p2 = p[(i + 1) % puntos]!;
    const p3 = p[(i + 2) % puntos]!;
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0]!)},${n(c1[1]!)} ${n(c2[0]!)},${n(c2[1]!)} ${n(p2[0])},${n(p2[1])}`;
  }
  return `${d}Z`;
}

/** A leaf of length `largo` pointing along +x from the origin, with its vein. */
function hoja(largo: number, ancho: number, color: string, opacidad: number): string {
  return (
    `<path d="M0,0 C${n(largo * 0.3)},${n(-ancho)} ${n(largo * 0.75)},${n(-ancho * 0.9)} ${n(largo)},0 ` +
    `C${n(largo * 0.75)},${n(ancho * 0.9)} ${n(largo * 0.3)},${n(ancho)} 0,0Z" fill="${color}" fill-opacity="${opacidad}"/>` +
    `<path d="M${n(largo * 0.06)},0 Q${n(largo * 0.5)},${n(-ancho * 0.12)} ${n(largo * 0.92)},0" stroke="#FFFFFF" ` +
    `stroke-opacity="0.45" stroke-width="2" fill="none"/>`
  );
}

function motivoSvg(motivo: Motivo, r: () => number, p: Paleta): string {
  const a = p.acento;
  switch (motivo) {
    case 'hojas': {
      // A slender branch crossing the picture with alternating leaves.
      const x0 = 260 + r() * 120;
      const y0 = 820;
      const x1 = 820 + r() * 160;
      const y1 = 120 + r() * 80;
      const cx = 380 + r() * 200;
      const cy = 360 + r() * 120;
      let s = `<path d="M${n(x0)},${y0} Q${n(cx)},${n(cy)} ${n(x1)},${n(y1)}" stroke="${a}" stroke-opacity="0.55" stroke-width="6" fill="none" stroke-linecap="round"/>`;
      for (let i = 1; i <= 7; i++) {
        const t = i / 8;
        const x = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t ** 2 * x1;
        const y = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t ** 2 * y1;
        const lado = i % 2 === 0 ? 1 : -1;
        const ang = -60 + lado * (40 + r() * 25) + t * 10;
        const largo = 210 - t * 80 + r() * 40;
        s += `<g transform="translate(${n(x)},${n(y)}) rotate(${n(ang)})">${hoja(largo, largo * 0.32, a, 0.34 + r() * 0.2)}</g>`;
      }
      return s;
    }
    case 'petalos': {
      const cx = 600 + (r() - 0.5) * 160;
      const cy = 450 + (r() - 0.5) * 100;
      const k = 8 + Math.floor(r() * 4);
      let s = '';
      for (let capa = 0; capa < 2; capa++) {
        for (let i = 0; i < k; i++) {
          const ang = (360 / k) * i + capa * (180 / k) + r() * 6;
          const rx = capa === 0 ? 190 : 120;
          const ry = capa === 0 ? 62 : 44;
          s += `<ellipse cx="${rx}" cy="0" rx="${rx}" ry="${ry}" transform="translate(${n(cx)},${n(cy)}) rotate(${n(ang)})" fill="${capa === 0 ? p.formas[1] : a}" fill-opacity="${capa === 0 ? 0.42 : 0.22}"/>`;
        }
      }
      return `${s}<circle cx="${n(cx)}" cy="${n(cy)}" r="46" fill="${p.luz}" fill-opacity="0.9"/><circle cx="${n(cx)}" cy="${n(cy)}" r="20" fill="${a}" fill-opacity="0.35"/>`;
    }
    case 'ondas': {
      let s = '';
      const base = 300 + r() * 120;
      for (let i = 0; i < 7; i++) {
        const y = base + i * 48;
        const amp = 40 + r() * 40;
        const f = r() * 200;
        s += `<path d="M-20,${n(y)} C${n(250 + f)},${n(y - amp)} ${n(450 + f)},${n(y + amp)} ${n(700 + f / 2)},${n(y)} S${n(1050)},${n(y - amp * 0.8)} 1220,${n(y + 10)}" stroke="${a}" stroke-opacity="${n(0.18 + i * 0.05)}" stroke-width="${3 + (i % 3)}" fill="none" stroke-linecap="round"/>`;
      }
      return s;
    }
    case 'burbujas': {
      let s = '';
      for (let i = 0; i < 14; i++) {
        const x = 120 + r() * 960;
        const y = 120 + r() * 660;
        const rad = 18 + r() * 90;
        s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(rad)}" fill="url(#esfera)" stroke="${a}" stroke-opacity="0.25" stroke-width="2"/>`;
      }
      return s;
    }
    case 'gota': {
      const cx = 600 + (r() - 0.5) * 200;
      const cy = 470;
      const h = 300;
      const w = 190;
      const gota = (dx: number, dy: number, esc: number, op: number) =>
        `<path transform="translate(${n(cx + dx)},${n(cy + dy)}) scale(${esc})" d="M0,${-h} C${w * 0.35},${-h * 0.45} ${w},${-h * 0.05} ${w},${h * 0.32} C${w},${h * 0.72} ${w * 0.52},${h} 0,${h} C${-w * 0.52},${h} ${-w},${h * 0.72} ${-w},${h * 0.32} C${-w},${-h * 0.05} ${-w * 0.35},${-h * 0.45} 0,${-h}Z" fill="${a}" fill-opacity="${op}"/>`;
      return (
        gota(0, 0, 1, 0.22) +
        gota(0, 30, 0.72, 0.2) +
        `<ellipse cx="${n(cx - 70)}" cy="${n(cy + 10)}" rx="26" ry="62" fill="#FFFFFF" fill-opacity="0.55" transform="rotate(18 ${n(cx - 70)} ${n(cy + 10)})"/>` +
        gota(-330 - r() * 40, 160, 0.28, 0.25) +
        gota(320 + r() * 40, -150, 0.22, 0.25)
      );
    }
    case 'rayos': {
      const cx = 820 + r() * 200;
      const cy = 90 + r() * 80;
      let s = '';
      for (let i = 0; i < 11; i++) {
        const ang = 100 + i * 8 + r() * 3;
        const rad = (ang * Math.PI) / 180;
        const largo = 900 + r() * 300;
        const ancho = 0.025 + r() * 0.02;
        const x1 = cx + Math.cos(rad - ancho) * largo;
        const y1 = cy + Math.sin(rad - ancho) * largo;
        const x2 = cx + Math.cos(rad + ancho) * largo;
        const y2 = cy + Math.sin(rad + ancho) * largo;
        s += `<path d="M${n(cx)},${n(cy)} L${n(x1)},${n(y1)} L${n(x2)},${n(y2)}Z" fill="url(#rayo)" fill-opacity="${n(0.35 + r() * 0.35)}"/>`;
      }
      return `${s}<circle cx="${n(cx)}" cy="${n(cy)}" r="150" fill="url(#brillo)"/>`;
    }
    case 'hilos': {
      let s = '';
      for (let i = 0; i < 6; i++) {
        const y0 = 700 + i * 22;
        const y1 = 170 + i * 36 + r() * 30;
        const x0 = 180 + i * 30;
        const x1 = 1000 - i * 20;
        s += `<path d="M${x0},${n(y0)} C${n(420 + r() * 80)},${n(y0 - 260)} ${n(700 + r() * 60)},${n(y1 + 240)} ${x1},${n(y1)}" stroke="${a}" stroke-opacity="${n(0.35 + r() * 0.25)}" stroke-width="4" fill="none" stroke-linecap="round"/>`;
        s += `<circle cx="${x1}" cy="${n(y1)}" r="9" fill="${a}" fill-opacity="0.5"/>`;
      }
      return s;
    }
    case 'puntos': {
      let s = '';
      const cx = 600;
      const cy = 450;
      for (let fila = 0; fila < 13; fila++) {
        for (let col = 0; col < 17; col++) {
          const x = 120 + col * 60 + (fila % 2) * 30;
          const y = 110 + fila * 56;
          const d = Math.hypot(x - cx, (y - cy) * 1.3);
          const op = Math.max(0, 0.75 - d / 700);
          if (op > 0.05)
            s += `<circle cx="${x}" cy="${y}" r="${n(3 + op * 10)}" fill="${a}" fill-opacity="${n(op * 0.8)}"/>`;
        }
      }
      return s;
    }
    case 'arcos': {
      const cx = -40 + r() * 120;
      const cy = 820 + r() * 60;
      let s = '';
      for (let i = 0; i < 9; i++) {
        const rad = 220 + i * 80;
        s += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${rad}" fill="none" stroke="${a}" stroke-opacity="${n(0.42 - i * 0.035)}" stroke-width="${i % 2 ? 2 : 4}"/>`;
      }
      return s;
    }
    case 'cristales': {
      const estrella = (x: number, y: number, t: number, op: number) => {
        let s = `<g transform="translate(${n(x)},${n(y)})" stroke="${a}" stroke-opacity="${op}" stroke-width="${n(Math.max(2, t / 40))}" stroke-linecap="round" fill="none">`;
        for (let i = 0; i < 6; i++) {
          s += `<g transform="rotate(${i * 60})"><path d="M0,0 L0,${-t}"/><path d="M0,${n(-t * 0.55)} L${n(t * 0.2)},${n(-t * 0.75)} M0,${n(-t * 0.55)} L${n(-t * 0.2)},${n(-t * 0.75)}"/></g>`;
        }
        return `${s}</g>`;
      };
      let s = estrella(600 + (r() - 0.5) * 160, 450, 230, 0.4);
      for (let i = 0; i < 5; i++) s += estrella(150 + r() * 900, 120 + r() * 660, 40 + r() * 50, 0.3);
      return s;
    }
  }
}

/** The SVG for one procedure image. `semilla` varies shapes between procedures of one category. */
export function arteProcedimiento(paleta: NombrePaleta, motivo: Motivo, semilla: string): string {
  const p = PALETAS[paleta];
  const r = aleatorio(`${paleta}:${motivo}:${semilla}`);
  const giro = n(r() * 40 - 20);
  const manchas = [
    `<path d="${mancha(r, 180 + r() * 200, 180 + r() * 160, 300 + r() * 80)}" fill="${p.formas[0]}" fill-opacity="0.55"/>`,
    `<path d="${mancha(r, 900 + r() * 200, 700 + r() * 120, 340 + r() * 80)}" fill="${p.formas[1]}" fill-opacity="0.45"/>`,
    `<path d="${mancha(r, 700 + r() * 200, 220 + r() * 100, 180 + r() * 60, 0.3)}" fill="${p.formas[2]}" fill-opacity="0.7"/>`,
  ].join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ANCHO}" height="${ALTO}" viewBox="0 0 ${ANCHO} ${ALTO}">
<defs>
  <linearGradient id="fondo" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${giro} .5 .5)">
    <stop offset="0" stop-color="${p.fondo[0]}"/><stop offset="1" stop-color="${p.fondo[1]}"/>
  </linearGradient>
  <radialGradient id="brillo" cx=".5" cy=".5" r=".5">
    <stop offset="0" stop-color="${p.luz}" stop-opacity=".95"/><stop offset="1" stop-color="${p.luz}" stop-opacity="0"/>
  </radialGradient>
  <radialGradient id="esfera" cx=".35" cy=".3" r=".75">
    <stop offset="0" stop-color="#FFFFFF" stop-opacity=".85"/><stop offset=".45" stop-color="${p.formas[2]}" stop-opacity=".45"/>
    <stop offset="1" stop-color="${p.formas[1]}" stop-opacity=".35"/>
  </radialGradient>
  <linearGradient id="rayo" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${p.luz}" stop-opacity=".9"/><stop offset="1" stop-color="${p.luz}" stop-opacity="0"/>
  </linearGradient>
  <linearGradient id="velo" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="1" stop-color="#FFFFFF" stop-opacity=".25"/>
  </linearGradient>
</defs>
<rect width="${ANCHO}" height="${ALTO}" fill="url(#fondo)"/>
<circle cx="${n(300 + r() * 600)}" cy="${n(250 + r() * 300)}" r="${n(380 + r() * 120)}" fill="url(#brillo)"/>
${manchas}
${motivoSvg(motivo, r, p)}
<rect width="${ANCHO}" height="${ALTO}" fill="url(#velo)"/>
</svg>`;
}
