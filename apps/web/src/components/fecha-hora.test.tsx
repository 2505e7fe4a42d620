import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatFechaHora } from '../lib/tiempo.ts';
import { FechaHora } from './fecha-hora.tsx';

describe('FechaHora', () => {
  it('shows the es-CO date and time on one line (never breaks inside «a. m.»)', () => {
    const valor = '2026-11-23T06:21:54.875Z';
    render(<FechaHora valor={valor} />);
    const el = screen.getByText(formatFechaHora(valor));
    expect(el).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]\. m\.$/);
    expect(el).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
