// Issue 27.11 on a phone (375 px) against the production build: the birth date of /crear-usuario and /registrar
// speaks of what the person types (dd/mm/aaaa, never the API's AAAA-MM-DD), keeps a mistyped text on screen, and
// its calendar, which opens on focus, never covers the message it was opened to fix.
import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { DEMO, expect, interactiva, signInAs, useBrowser } from './harness.ts';

const FORMATO = 'Escribe la fecha como dd/mm/aaaa, por ejemplo 25/03/1990';

/** Whether the middle of `mensaje` shows the message itself (not a calendar on top of it). */
async function aLaVista(page: Page, mensaje: Locator) {
  await expect(mensaje).toBeInViewport();
  const caja = (await mensaje.boundingBox())!;
  return page.evaluate(
    ([x, y, texto]) => document.elementFromPoint(x, y)?.closest('.mantine-InputWrapper-error')?.textContent === texto,
    [caja.x + caja.width / 2, caja.y + caja.height / 2, (await mensaje.textContent())!] as const,
  );
}

describe('fecha de nacimiento en un teléfono', () => {
  const t = useBrowser({ viewport: { width: 375, height: 740 } });

  it('/crear-usuario: the message of an empty or mistyped date is in dd/mm/aaaa and stays clear of the calendar', async () => {
    const { page } = t;
    await signInAs(page, DEMO.admin);
    await page.goto('/crear-usuario');
    const fecha = page.getByLabel(/^Fecha de nacimiento/);
    await page.getByRole('button', { name: 'Crear usuario' }).click();
    const mensaje = page.locator('.mantine-InputWrapper-error', { hasText: 'Escribe la fecha de nacimiento' });
    await expect(mensaje).toBeVisible();
    await expect(page.getByText(/AAAA-MM-DD/)).toHaveCount(0);

    // Focus opens the calendar (below the field); the message stays readable above it.
    await fecha.click();
    await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
    expect(await aLaVista(page, mensaje)).toBe(true);

    await fecha.fill('31/02/1990');
    await fecha.press('Tab');
    await expect(fecha).toHaveValue('31/02/1990');
    const formato = page.locator('.mantine-InputWrapper-error', { hasText: FORMATO });
    await expect(formato).toBeVisible();
    await fecha.click();
    await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
    expect(await aLaVista(page, formato)).toBe(true);

    // Fixed, the message goes at once.
    await fecha.fill('28/02/1990');
    await expect(formato).toHaveCount(0);
    await expect(fecha).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('/registrar: a two-digit year asks for dd/mm/aaaa', async () => {
    const { page } = t;
    await page.goto('/registrar');
    const fecha = page.getByLabel(/^Fecha de nacimiento/);
    await interactiva(fecha);
    await fecha.fill('12/4/90');
    await fecha.press('Tab');
    await expect(fecha).toHaveValue('12/4/90');
    await expect(page.locator('.mantine-InputWrapper-error', { hasText: FORMATO })).toBeVisible();
    await expect(page.getByText(/AAAA-MM-DD/)).toHaveCount(0);
  });
});
