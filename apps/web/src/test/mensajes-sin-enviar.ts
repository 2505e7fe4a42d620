// The check in the browser refused a form: what a test asserts after pressing its button with wrong or empty fields.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { Peticion } from './mock-fetch.ts';

/** Each message shows on the page and no request went out (`calls` of mockFetch). */
export async function esperarMensajesSinEnviar(calls: readonly Peticion[], ...mensajes: string[]) {
  for (const mensaje of mensajes) expect(await screen.findByText(mensaje)).toBeInTheDocument();
  expect(calls).toHaveLength(0);
}
