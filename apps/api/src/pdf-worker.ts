// Entry of the PDF worker threads (lib/pdf-pool.ts, decision 0044): pdf-lib lays out and compresses documents and
// decodes drawn signatures in JavaScript, seconds of CPU for a large one, so that work runs here and never on the
// event loop that answers every other request (issue 21, item 2). Built as dist/pdf-worker.js (build.mjs); from the
// sources it runs under tsx.
import { parentPort } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import type { DatosPersonales } from '@clinica/contracts/copia-historia';
import { generarConsentimiento, type DatosConsentimientoPdf } from './features/consentimientos/consentimientos.pdf.ts';
import { generarOrdenExamenes, generarReceta, type DatosDocumento } from './features/evoluciones/evoluciones.pdf.ts';
import { generarCopiaHistoria } from './features/historias/copia.pdf.ts';
import { generarRecibo, type DatosRecibo } from './features/pagos/recibo.pdf.ts';
import { formateadorFechaHora } from './lib/fecha-hora.ts';

/** What a worker can be asked to build; everything in it survives structured cloning (no functions). */
export type TareaPdf =
  | {
      tipo: 'copia';
      datos: DatosPersonales;
      opciones: { clinica: string; zona: string; generadoEn: Date; generadoPor?: string };
    }
  | {
      tipo: 'receta';
      datos: DatosDocumento;
      formulas: { nombre: string; dosis: string; frecuencia: string; duracion: string }[];
      indicaciones: string;
    }
  | { tipo: 'orden'; datos: DatosDocumento; ordenes: { examen: string; indicaciones: string }[] }
  | { tipo: 'consentimiento'; datos: DatosConsentimientoPdf }
  /** A payment's "Recibo de caja" (issue 23, item 5). */
  | { tipo: 'recibo'; datos: DatosRecibo }
  /** Decodes a signature PNG as the consent PDF will: empty bytes if it can, an error if not. */
  | { tipo: 'firma'; png: Uint8Array };

export type MensajeTarea = { id: number; tarea: TareaPdf };
export type RespuestaTarea = { id: number; bytes: Uint8Array } | { id: number; error: string };

async function construir(t: TareaPdf): Promise<Uint8Array> {
  switch (t.tipo) {
    case 'copia': {
      const { zona, ...resto } = t.opciones;
      return generarCopiaHistoria(t.datos, { ...resto, fechaHora: formateadorFechaHora(zona) });
    }
    case 'receta':
      return generarReceta(t.datos, t.formulas, t.indicaciones);
    case 'orden':
      return generarOrdenExamenes(t.datos, t.ordenes);
    case 'consentimiento':
      return generarConsentimiento(t.datos);
    case 'recibo':
      return generarRecibo(t.datos);
    case 'firma':
      await (await PDFDocument.create()).embedPng(t.png);
      return new Uint8Array(0);
  }
}

const puerto = parentPort;
if (puerto) {
  puerto.on('message', (m: MensajeTarea) => {
    construir(m.tarea).then(
      (bytes) => puerto.postMessage({ id: m.id, bytes } satisfies RespuestaTarea, [bytes.buffer as ArrayBuffer]),
      (err: unknown) =>
        puerto.postMessage({
          id: m.id,
          error: err instanceof Error ? err.message : String(err),
        } satisfies RespuestaTarea),
    );
  });
}
