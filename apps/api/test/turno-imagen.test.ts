// One person's image work at a time (issue 21, item 2): at most MAX_IMAGENES_POR_PERSONA images of one person are
// decoded at once; another one meanwhile is a Spanish 429 at once, other people go on, and the turn comes back.
import { describe, expect, it } from 'vitest';
import { conTurnoImagen, M_IMAGEN_EN_CURSO, MAX_IMAGENES_POR_PERSONA } from '../src/lib/turno-imagen.ts';

function diferido() {
  let soltar!: () => void;
  const promesa = new Promise<void>((r) => (soltar = r));
  return { promesa, soltar };
}

describe('image turns', () => {
  it('refuses the person’s next image while she has the most in progress; others go on; the turn returns', async () => {
    const espera = diferido();
    const enCurso = Array.from({ length: MAX_IMAGENES_POR_PERSONA }, () =>
      conTurnoImagen(7, () => espera.promesa.then(() => 'lista')),
    );
    await expect(conTurnoImagen(7, async () => 'otra')).rejects.toMatchObject({
      statusCode: 429,
      code: 'DEMASIADOS_INTENTOS',
      message: M_IMAGEN_EN_CURSO,
    });
    await expect(conTurnoImagen(8, async () => 'de otra persona')).resolves.toBe('de otra persona');
    espera.soltar();
    await expect(Promise.all(enCurso)).resolves.toEqual(Array(MAX_IMAGENES_POR_PERSONA).fill('lista'));
    await expect(conTurnoImagen(7, async () => 'otra vez')).resolves.toBe('otra vez');
  });

  it('a failed image gives its turn back', async () => {
    for (let i = 0; i < MAX_IMAGENES_POR_PERSONA + 1; i++) {
      await expect(conTurnoImagen(9, () => Promise.reject(new Error('imagen dañada')))).rejects.toThrow(
        'imagen dañada',
      );
    }
    await expect(conTurnoImagen(9, async () => 'bien')).resolves.toBe('bien');
  });
});
