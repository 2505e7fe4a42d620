// A doctor's weekly hours (features/citas/horarios.service.ts), without a database: two windows of one day may
// touch but not cross; windows of different days never meet; the order they arrive in does not matter.
import { describe, expect, it } from 'vitest';
import { revisarFranjas } from '../src/features/citas/horarios.service.ts';

const franja = (dia_semana: number, hora_inicio: string, hora_fin: string) => ({ dia_semana, hora_inicio, hora_fin });

describe('revisarFranjas: the windows of a week', () => {
  it('windows of one day that touch, and the same hours on other days, are accepted', () => {
    expect(() =>
      revisarFranjas([franja(1, '13:00', '18:00'), franja(1, '08:00', '12:00'), franja(2, '08:00', '18:00')]),
    ).not.toThrow();
    expect(() => revisarFranjas([franja(1, '08:00', '12:00'), franja(1, '12:00', '13:00')])).not.toThrow();
    expect(() => revisarFranjas([])).not.toThrow();
  });

  it('two windows of one day that cross are a 422 on the field horarios, in whatever order they come', () => {
    for (const horarios of [
      [franja(3, '08:00', '12:00'), franja(3, '11:30', '14:00')],
      [franja(3, '11:30', '14:00'), franja(1, '09:00', '10:00'), franja(3, '08:00', '12:00')],
      [franja(3, '08:00', '18:00'), franja(3, '09:00', '10:00')],
    ]) {
      expect(() => revisarFranjas(horarios)).toThrow(
        expect.objectContaining({
          statusCode: 422,
          code: 'REGLA_NEGOCIO',
          message: 'Las franjas de un mismo día no pueden cruzarse.',
          issues: [{ campo: 'horarios', mensaje: 'Las franjas de un mismo día no pueden cruzarse.' }],
        }),
      );
    }
  });
});
