// The mark on the clinic's PDFs (lib/logo-pdf.ts) is the web's favicon drawn as vectors: the same shapes and
// colours, so a change to one shows up here until the other follows.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COLOR_GOTA, COLOR_LOGO, FONDO_LOGO, GOTA_LOGO, LADO_LOGO, PUNTO_LOGO } from '../src/lib/logo-pdf.ts';

const favicon = readFileSync(path.resolve(import.meta.dirname, '../../web/public/favicon.svg'), 'utf8');

describe('the PDF mark', () => {
  it("has the favicon's viewBox, background, drop and dot", () => {
    expect(favicon).toContain(`viewBox="0 0 ${LADO_LOGO} ${LADO_LOGO}"`);
    expect(favicon).toContain(`<rect width="${LADO_LOGO}" height="${LADO_LOGO}" rx="16" fill="${COLOR_LOGO}"/>`);
    expect(FONDO_LOGO).toMatch(/^M16 0H48A16 16 0 0 1 64 16/);
    expect(favicon).toContain(`<path d="${GOTA_LOGO}" fill="${COLOR_GOTA}"/>`);
    expect(favicon).toContain(
      `<circle cx="${PUNTO_LOGO.cx}" cy="${PUNTO_LOGO.cy}" r="${PUNTO_LOGO.r}" fill="${COLOR_LOGO}"/>`,
    );
  });
});
