import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Rol } from '@clinica/contracts/roles';
import { correosRutas } from '@clinica/contracts/rutas';
import type { CorreoBandejaWire } from '@clinica/contracts/correos';
import { renderComoRol, pruebasSoloAdministradores } from '../../test/como-rol.tsx';
import CorreosScreen, { POR_PAGINA } from './correos-screen.tsx';
import { sinCorteHora } from './components/vista-correo.tsx';
import { mockFetch, responde } from '../../test/mock-fetch.ts';

afterEach(() => vi.unstubAllGlobals());

function correo(id: number, extra: Partial<CorreoBandejaWire> = {}): CorreoBandejaWire {
  return {
    id,
    para: `persona${id}@demo.test`,
    asunto: `Asunto ${id}`,
    estado: 'enviado',
    intentos: 1,
    creado_en: '2026-11-23T15:00:00.000Z',
    enviado_en: '2026-11-23T15:00:01.000Z',
    vista_previa: `Hola ${id}`,
    html: null,
    adjuntos: [],
    ultimo_error: null,
    ...extra,
  };
}

const renderCorreos = (rol: Rol, route = '/correos') => renderComoRol(rol, <CorreosScreen />, route, '/correos');
/** One page holding every item; `modo` 'archivo' is the local mailbox (no SMTP_URL). */
const conBandeja = (items: CorreoBandejaWire[], modo: 'smtp' | 'archivo' = 'smtp') =>
  mockFetch([
    responde(correosRutas.bandeja, {
      body: { items, total: items.length, pagina: 1, porPagina: POR_PAGINA, modo },
    }),
  ]);

describe('CorreosScreen', () => {
  it('lists subject, recipient, state as text, attempts, date and preview, newest first as the API sends them', async () => {
    conBandeja(
      [
        correo(3, { estado: 'pendiente', intentos: 0, enviado_en: null }),
        correo(2, { estado: 'fallido', intentos: 3, enviado_en: null, ultimo_error: 'SMTP no disponible' }),
        correo(1, {
          asunto: 'Restablece tu contraseña de Clínica Aurora Estética',
          vista_previa: 'Hola, Laura:\n\n[enlace privado para restablecer la contraseña]',
        }),
      ],
      'archivo',
    );
    renderCorreos('administrador');
    const lista = await screen.findByRole('list');
    const items = within(lista).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Asunto 3');
    expect(items[0]).toHaveTextContent('Para: persona3@demo.test');
    expect(within(items[0]!).getByText('Pendiente')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Fallido')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('3 intentos');
    expect(items[1]).toHaveTextContent('Último error: SMTP no disponible');
    // Without a mail server a delivered message was kept in the local mailbox, not sent (issue 27.12).
    expect(within(items[2]!).getByText('Guardado en el buzón local')).toBeInTheDocument();
    expect(within(items[2]!).queryByText('Enviado')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Creado el 23/11/2026');
    expect(items[2]).toHaveTextContent('guardado el 23/11/2026');
    expect(items[2]).toHaveTextContent('[enlace privado para restablecer la contraseña]');
    expect(screen.getByText('Sin servidor de correo')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1–3 de 3 correos')).toBeInTheDocument();
  });

  it('shows the HTML part only inside a sandboxed iframe, with the text part and the attachments', async () => {
    const html =
      '<!DOCTYPE html><html lang="es-CO"><body><p>Hola, Ana &lt;script&gt;alert(1)&lt;/script&gt;:</p><script>window.top.robado = true</script></body></html>';
    conBandeja([
      correo(7, {
        asunto: 'Tu cita quedó agendada',
        para: 'ana@demo.test',
        vista_previa: 'Hola, Ana <script>alert(1)</script>:\n\nTu cita quedó agendada.',
        html,
        adjuntos: ['cita.ics'],
      }),
    ]);
    renderCorreos('administrador');
    const item = await screen.findByRole('listitem');
    expect(within(item).getByText('cita.ics')).toBeInTheDocument();
    fireEvent.click(
      within(item).getByRole('button', { name: 'Ver el correo «Tu cita quedó agendada» para ana@demo.test' }),
    );

    const dialogo = await screen.findByRole('dialog', { name: 'Tu cita quedó agendada' });
    expect(dialogo).toHaveTextContent('Para: ana@demo.test');
    expect(within(dialogo).getByText('cita.ics')).toBeInTheDocument();
    const marco = within(dialogo).getByTitle('Vista previa del correo «Tu cita quedó agendada»');
    expect(marco.tagName).toBe('IFRAME');
    // An empty sandbox attribute: no scripts, no same origin, no forms, no popups.
    expect(marco.getAttribute('sandbox')).toBe('');
    expect(marco.getAttribute('srcdoc')).toBe(html);
    // The markup is data for the frame, never elements of this page.
    expect(document.querySelector('script')).toBeNull();
    expect((window as unknown as { robado?: boolean }).robado).toBeUndefined();

    fireEvent.click(within(dialogo).getByRole('tab', { name: 'Texto' }));
    expect(await within(dialogo).findByText(/Tu cita quedó agendada\./)).toHaveTextContent(
      'Hola, Ana <script>alert(1)</script>:',
    );
  });

  it('a text-only message (older rows) shows its text in the dialog, no frame', async () => {
    conBandeja([correo(4, { vista_previa: 'Solo texto' })]);
    renderCorreos('administrador');
    fireEvent.click(await screen.findByRole('button', { name: /Ver el correo/ }));
    const dialogo = await screen.findByRole('dialog', { name: 'Asunto 4' });
    expect(within(dialogo).getByText('Solo texto')).toBeInTheDocument();
    expect(dialogo.querySelector('iframe')).toBeNull();
  });

  it('pages through the outbox with the page in the address', async () => {
    const { calls } = mockFetch([
      responde(correosRutas.bandeja, ({ url }) => {
        const pagina = Number(url.searchParams.get('pagina'));
        return {
          body: {
            items: [correo(pagina === 2 ? 1 : 45)],
            total: POR_PAGINA + 1,
            pagina,
            porPagina: POR_PAGINA,
            modo: 'smtp' as const,
          },
        };
      }),
    ]);
    renderCorreos('administrador');
    expect(await screen.findByText('Asunto 45')).toBeInTheDocument();
    expect(screen.queryByText('Sin servidor de correo')).not.toBeInTheDocument();
    // With a mail server, a delivered message was sent.
    expect(screen.getByText('Enviado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByText('Asunto 1')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('pagina')).toBe('2');
  });

  it('a time in a subject never breaks inside «a. m.» on a phone', async () => {
    const asunto = 'Tu cita del lunes, 23 de noviembre de 2026 a las 10:30 a. m. está confirmada';
    expect(sinCorteHora(asunto)).toBe(
      'Tu cita del lunes, 23 de noviembre de 2026 a las 10:30\u00a0a.\u00a0m. está confirmada',
    );
    conBandeja([correo(1, { asunto })], 'archivo');
    renderCorreos('administrador');
    const titulo = await screen.findByText(/a las 10:30/);
    expect(titulo.textContent).toContain('10:30\u00a0a.\u00a0m.');
  });

  it('says when there is nothing yet', async () => {
    conBandeja([]);
    renderCorreos('administrador');
    expect(await screen.findByText('Aún no se ha enviado ningún correo')).toBeInTheDocument();
  });

  pruebasSoloAdministradores(correosRutas.bandeja, renderCorreos);
});
