// The one e-mail template of the product: every message the clinic sends (appointments, reminders, account e-mails)
// is described as blocks and rendered here twice, as accessible HTML (layout tables, inline styles, the web theme's
// colours, alt text on the logo, lang es-CO) and as plain text. Every value is escaped: a patient named
// `<script>` shows as text. The outbox stores what this produces, so the administrators' view shows exactly what left.
import { FUENTE_TEXTO, FUENTE_TITULOS, GRIS, ROSA } from '@clinica/contracts/marca';

/** Who sends: the clinic's name, where its web opens, and its address when configured. */
export type IdentidadClinica = { nombre: string; urlPublica: string; direccion?: string | undefined };

export type BloqueCorreo =
  | { tipo: 'parrafo'; texto: string }
  /** Label/value rows (date, time, doctor...). */
  | { tipo: 'detalles'; filas: readonly (readonly [string, string])[] }
  /** A call to action; the URL also appears as text for clients that hide buttons. */
  | { tipo: 'boton'; texto: string; url: string }
  /** Small print under the body. */
  | { tipo: 'nota'; texto: string };

export type MensajeCorreo = {
  asunto: string;
  /** The heading inside the message. */
  titulo: string;
  /** "Hola, Ana:" */
  saludo: string;
  bloques: readonly BloqueCorreo[];
  /** The line inbox lists show after the subject; by default the first paragraph. */
  resumen?: string;
};

export type CorreoRenderizado = { asunto: string; texto: string; html: string };

const ENTIDADES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and quoted attributes. */
export function escaparHtml(v: string): string {
  return v.replace(/[&<>"']/g, (c) => ENTIDADES[c]!);
}

/** Where the logo is served (apps/web/public): a PNG, since e-mail clients do not show SVG. */
export const RUTA_LOGO_CORREO = '/logo-correo.png';

const C = {
  fondo: GRIS[1],
  tarjeta: '#ffffff',
  borde: GRIS[2],
  texto: GRIS[9],
  atenuado: GRIS[6],
  marca: ROSA[7],
  titulo: ROSA[9],
  suave: ROSA[0],
} as const;

/** Inline styles (most e-mail clients drop <style>). */
const ESTILO = {
  cuerpo: `margin:0;padding:0;background-color:${C.fondo};`,
  texto: `font-family:${FUENTE_TEXTO};font-size:16px;line-height:1.6;color:${C.texto};`,
  parrafo: 'margin:0 0 16px 0;',
  titulo: `margin:0 0 16px 0;font-family:${FUENTE_TITULOS};font-size:24px;line-height:1.3;font-weight:600;color:${C.titulo};`,
  nota: `margin:0 0 16px 0;font-size:14px;line-height:1.5;color:${C.atenuado};`,
} as const;

export function createPlantillasCorreo(identidad: IdentidadClinica) {
  const nombre = escaparHtml(identidad.nombre);
  const logo = escaparHtml(`${identidad.urlPublica}${RUTA_LOGO_CORREO}`);
  const pie = [
    identidad.direccion ? `${identidad.nombre} · ${identidad.direccion}` : identidad.nombre,
    `Tus citas y tu cuenta: ${identidad.urlPublica}`,
    'Este es un mensaje automático: por favor no lo respondas. Si necesitas algo, comunícate con la clínica.',
  ];

  function bloqueHtml(b: BloqueCorreo): string {
    switch (b.tipo) {
      case 'parrafo':
        return `<p style="${ESTILO.parrafo}">${escaparHtml(b.texto)}</p>`;
      case 'nota':
        return `<p style="${ESTILO.nota}">${escaparHtml(b.texto)}</p>`;
      case 'detalles': {
        const filas = b.filas
          .map(
            ([etiqueta, valor]) =>
              `<tr><th scope="row" align="left" valign="top" style="padding:6px 10px 6px 0;font-weight:600;color:${C.atenuado};">${escaparHtml(etiqueta)}</th>` +
              `<td valign="top" style="padding:6px 0;color:${C.texto};word-break:break-word;overflow-wrap:anywhere;">${escaparHtml(valor)}</td></tr>`,
          )
          .join('');
        // The tinted box is a layout cell; inside it, the data table (row headers for screen readers).
        return (
          `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px 0;"><tr>` +
          `<td style="padding:8px 12px;background-color:${C.suave};border-left:4px solid ${C.marca};border-radius:8px;">` +
          `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="${ESTILO.texto}font-size:15px;"><tbody>${filas}</tbody></table>` +
          `</td></tr></table>`
        );
      }
      case 'boton': {
        const url = escaparHtml(b.url);
        return (
          `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px 0;"><tr>` +
          `<td align="center" bgcolor="${C.marca}" style="background-color:${C.marca};border-radius:8px;">` +
          `<a href="${url}" style="display:inline-block;padding:12px 24px;font-family:${FUENTE_TEXTO};font-size:16px;font-weight:600;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:8px;">${escaparHtml(b.texto)}</a>` +
          `</td></tr></table>` +
          `<p style="${ESTILO.nota}">Si el botón no abre, copia esta dirección en tu navegador:<br><a href="${url}" style="color:${C.marca};word-break:break-all;">${url}</a></p>`
        );
      }
    }
  }

  function bloqueTexto(b: BloqueCorreo): string {
    switch (b.tipo) {
      case 'parrafo':
      case 'nota':
        return b.texto;
      case 'detalles':
        return b.filas.map(([etiqueta, valor]) => `${etiqueta}: ${valor}`).join('\n');
      case 'boton':
        return `${b.texto}:\n${b.url}`;
    }
  }

  return {
    identidad,
    /** The subject, the plain-text part and the HTML part of one message. */
    componer(m: MensajeCorreo): CorreoRenderizado {
      const primero = m.bloques.find((b) => b.tipo === 'parrafo');
      const resumen = m.resumen ?? (primero?.tipo === 'parrafo' ? primero.texto : m.titulo);
      // The sender already names the clinic; the footer repeats it with its address.
      const texto = [m.titulo, '', m.saludo, '', ...m.bloques.flatMap((b) => [bloqueTexto(b), '']), '--', ...pie].join(
        '\n',
      );
      const html = `<!DOCTYPE html>
<html lang="es-CO" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escaparHtml(m.asunto)}</title>
</head>
<body style="${ESTILO.cuerpo}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;font-size:1px;line-height:1px;color:${C.fondo};">${escaparHtml(resumen)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${C.fondo}" style="background-color:${C.fondo};">
<tr><td align="center" style="padding:16px 8px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background-color:${C.tarjeta};border:1px solid ${C.borde};border-radius:12px;">
<tr><td bgcolor="${C.marca}" style="background-color:${C.marca};padding:16px 20px;border-radius:12px 12px 0 0;">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td valign="middle" style="padding:0 12px 0 0;"><img src="${logo}" width="40" height="40" alt="Logotipo de ${nombre}" style="display:block;border:0;outline:none;text-decoration:none;border-radius:10px;"></td>
<td valign="middle" style="font-family:${FUENTE_TITULOS};font-size:20px;line-height:1.3;font-weight:600;color:#ffffff;">${nombre}</td>
</tr></table>
</td></tr>
<tr><td style="padding:24px 20px 8px 20px;${ESTILO.texto}">
<h1 style="${ESTILO.titulo}">${escaparHtml(m.titulo)}</h1>
<p style="${ESTILO.parrafo}">${escaparHtml(m.saludo)}</p>
${m.bloques.map(bloqueHtml).join('\n')}
</td></tr>
<tr><td style="padding:16px 20px 20px 20px;border-top:1px solid ${C.borde};font-family:${FUENTE_TEXTO};font-size:13px;line-height:1.5;color:${C.atenuado};">
${pie.map((l) => `<p style="margin:0 0 6px 0;">${escaparHtml(l)}</p>`).join('\n')}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
      return { asunto: m.asunto, texto, html };
    },
  };
}
export type PlantillasCorreo = ReturnType<typeof createPlantillasCorreo>;
