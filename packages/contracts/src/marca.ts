// The clinic's colours (DESIGN.md), one source for the web theme (apps/web/src/app/theme.ts) and the e-mails the API
// sends (apps/api/src/platform/plantillas-correo.ts). Ten shades each, light to dark, as Mantine expects.

/** Brand: a deep rose/mauve. Shade 7 is the filled colour in both schemes (white on it: 6.7:1). */
export const ROSA = [
  '#fbf3f5',
  '#f4e4e9',
  '#e8c9d3',
  '#d9a9b9',
  '#c98ca1',
  '#b4738a',
  '#9a5c73',
  '#824b60',
  '#6b3c4f',
  '#52303d',
] as const;

/** Secondary accent: sage, used sparingly (illustrations, "why us" icons). */
export const SALVIA = [
  '#f3f6f2',
  '#e4ebe2',
  '#c9d7c5',
  '#aabfa5',
  '#8fa989',
  '#799775',
  '#5f7d5b',
  '#4c6649',
  '#3b503a',
  '#2a3a2a',
] as const;

/** Warm neutrals (light scheme surfaces, borders and dimmed text; gray.6 on white: 5.7:1). */
export const GRIS = [
  '#faf8f6',
  '#f4f0ec',
  '#e9e3de',
  '#dbd3cc',
  '#bdb3aa',
  '#9a8f86',
  '#6f655d',
  '#574e48',
  '#3f3833',
  '#2a2420',
] as const;

/** Dark scheme: plum-tinted charcoals instead of Mantine's neutral greys. dark.7 is the body. */
export const OSCURO = [
  '#ede7e9',
  '#cdc4c8',
  '#a99ea3',
  '#80757a',
  '#51474c',
  '#3b3337',
  '#2b2428',
  '#1f1a1d',
  '#181417',
  '#121012',
] as const;

/** Headings' typeface with the fallbacks e-mail clients have (Fraunces is a web font; Georgia stands in). */
export const FUENTE_TITULOS = "'Fraunces', Georgia, 'Times New Roman', serif";
export const FUENTE_TEXTO = "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";
