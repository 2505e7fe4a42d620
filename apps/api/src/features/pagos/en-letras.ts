// An amount of pesos in Spanish words, as a "Recibo de caja" writes it beside the figures: 1_200_000 ->
// "un millón doscientos mil pesos m/cte" (moneda corriente). Whole pesos from 0 up to 999.999.999.999.

const UNIDADES = ['', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve'];
const DIEZ_A_VEINTINUEVE = [
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const DECENAS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const CENTENAS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

export const MAXIMO_EN_LETRAS = 999_999_999_999;

/** 1..99. `apocope`: before a noun (pesos, mil, millones) "uno" is "un" and "veintiuno" "veintiún". */
function decenas(n: number, apocope: boolean): string {
  if (n < 10) return apocope && n === 1 ? 'un' : UNIDADES[n]!;
  if (n < 30) return apocope && n === 21 ? 'veintiún' : DIEZ_A_VEINTINUEVE[n - 10]!;
  const u = n % 10;
  return u ? `${DECENAS[Math.floor(n / 10)]} y ${decenas(u, apocope)}` : DECENAS[n / 10]!;
}

/** 1..999 ("cien" alone, "ciento" before more). */
function centenas(n: number, apocope: boolean): string {
  if (n === 100) return 'cien';
  const c = Math.floor(n / 100);
  const resto = n % 100;
  return [CENTENAS[c], resto ? decenas(resto, apocope) : ''].filter(Boolean).join(' ');
}

/** 1..999.999. */
function miles(n: number, apocope: boolean): string {
  const m = Math.floor(n / 1000);
  const resto = n % 1000;
  const delMil = m === 0 ? '' : m === 1 ? 'mil' : `${centenas(m, true)} mil`;
  return [delMil, resto ? centenas(resto, apocope) : ''].filter(Boolean).join(' ');
}

/** A whole number in words, masculine before a noun (1 -> "un", 21 -> "veintiún"); 0 -> "cero". */
export function numeroEnLetras(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > MAXIMO_EN_LETRAS) throw new RangeError(`Fuera de rango: ${n}`);
  if (n === 0) return 'cero';
  const millones = Math.floor(n / 1_000_000);
  const resto = n % 1_000_000;
  const deMillones = millones === 0 ? '' : millones === 1 ? 'un millón' : `${miles(millones, true)} millones`;
  return [deMillones, resto ? miles(resto, true) : ''].filter(Boolean).join(' ');
}

/** "un millón doscientos mil pesos m/cte"; a round number of millions takes "de": "dos millones de pesos m/cte". */
export function pesosEnLetras(n: number): string {
  const palabras = numeroEnLetras(n);
  const moneda = n === 1 ? 'peso' : 'pesos';
  const de = n >= 1_000_000 && n % 1_000_000 === 0 ? 'de ' : '';
  return `${palabras} ${de}${moneda} m/cte`;
}
