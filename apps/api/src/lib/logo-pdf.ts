// The clinic's mark on its PDF documents (issue 27.16: prescriptions and exam orders carry the clinic's logo), drawn
// as vectors from the same shapes as the web's favicon (apps/web/public/favicon.svg; the e-mails' logo-correo.png
// is its raster copy): crisp on paper at any size, and no image file for the PDF worker to find at run time.
// test/logo-pdf.test.ts keeps these shapes equal to the favicon's.
import { rgb, type PDFPage } from 'pdf-lib';

/** The favicon's 64 x 64 viewBox. */
export const LADO_LOGO = 64;
/** Its background: a square with corners of radius 16 (the favicon's <rect rx="16">, as a path). */
export const FONDO_LOGO = 'M16 0H48A16 16 0 0 1 64 16V48A16 16 0 0 1 48 64H16A16 16 0 0 1 0 48V16A16 16 0 0 1 16 0Z';
/** The drop, as written in the favicon. */
export const GOTA_LOGO = 'M32 14c-7 9-11 16-11 22a11 11 0 0 0 22 0c0-6-4-13-11-22z';
/** The dot inside the drop (the favicon's <circle cx="32" cy="37" r="4">). */
export const PUNTO_LOGO = { cx: 32, cy: 37, r: 4 };
export const COLOR_LOGO = '#8a5a6b';
export const COLOR_GOTA = '#f6ece9';

const color = (hex: string) =>
  rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);

/** Draws the mark with its top-left corner at (x, arriba), `lado` points wide. */
export function dibujarLogo(pagina: PDFPage, x: number, arriba: number, lado: number) {
  const escala = lado / LADO_LOGO;
  // drawSvgPath reads SVG coordinates (y grows downward) from the (x, y) given as the top-left corner.
  pagina.drawSvgPath(FONDO_LOGO, { x, y: arriba, scale: escala, color: color(COLOR_LOGO) });
  pagina.drawSvgPath(GOTA_LOGO, { x, y: arriba, scale: escala, color: color(COLOR_GOTA) });
  pagina.drawCircle({
    x: x + PUNTO_LOGO.cx * escala,
    y: arriba - PUNTO_LOGO.cy * escala,
    size: PUNTO_LOGO.r * escala,
    color: color(COLOR_LOGO),
  });
}
