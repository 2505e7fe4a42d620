// Clinical notes per appointment (DOMAIN.md "evoluciones"; issue 9, items 3-4; Res. 1995 de 1999): the
// appointment's doctor writes a draft with its prescription and exam orders and signs it; from then on nothing
// changes (content hash stored, the database refuses updates) and corrections are dated addenda that leave the
// original in view. Signing builds the prescription and exam-order PDFs once and keeps them as private files,
// their rows written in the signing transaction.
// Doctors read notes (each read audited) and the patient their own signed ones; drafts stay with their author.
import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  mensajeSinRegistroProfesional,
  type Evolucion,
  type adendaDatosSchema,
  type evolucionDatosSchema,
} from '@clinica/contracts/evoluciones';
import { tipoDocumentoNombres, type TipoDocumento } from '@clinica/contracts/usuarios';
import { finDeFrase } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { formateadorFechaHora } from '../../lib/fecha-hora.ts';
import { AppError, isUniqueViolation, noEncontrado } from '../../lib/app-error.ts';
import { conTurnoPdf, generarPdf } from '../../lib/pdf-pool.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { ArchivosRepository } from '../../platform/archivos.repository.ts';
import type { ArchivosPrivados } from '../../platform/archivos.service.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import { hashContenido } from './evoluciones.contenido.ts';
import type { DatosDocumento } from './evoluciones.pdf.ts';
import type { EvolucionesRepository } from './evoluciones.repository.ts';
import { filasDelMapa, mapaPermitido, puntoWire, type LotesDelMapa } from './mapa-aplicacion.ts';

export type ReposEvoluciones = {
  evoluciones: EvolucionesRepository;
  auditoria: AuditoriaRepository;
  archivos: ArchivosRepository;
};
type Datos = z.output<typeof evolucionDatosSchema>;
type Adenda = z.output<typeof adendaDatosSchema>;
type Completa = NonNullable<Awaited<ReturnType<EvolucionesRepository['porId']>>>;

export const MENSAJES_EVOLUCION = {
  citaNoEncontrada: 'No encontramos esa cita.',
  noEncontrada: 'No encontramos esa nota de evolución.',
  citaCancelada: 'Una cita cancelada no lleva nota de evolución.',
  yaExiste: 'Esta cita ya tiene nota de evolución. Ábrela para continuarla.',
  firmada: 'Esta nota ya está firmada y no se puede modificar. Si necesitas corregir algo, agrega una adenda.',
  yaFirmada: 'Esta nota ya está firmada.',
  cambio: 'La nota cambió mientras la firmabas. Revísala y vuelve a firmarla.',
  borradorSinAdenda: 'La nota aún es un borrador: corrígela directamente y fírmala.',
  otroDoctor:
    'Esta cita ahora la atiende otro doctor: solo quien atiende la cita escribe y firma su nota. Tu borrador pasa a ese doctor cuando la abra.',
  antesDeLaCita: (cuando: string) =>
    `La nota se firma cuando la cita ya empezó: ${finDeFrase(`podrás firmarla desde el ${cuando}`)} Mientras tanto puedes guardarla como borrador.`,
} as const;

/** 'Cédula de ciudadanía 1032456789': the type as the screens name it, then the number. */
const documentoLegible = (tipo: string, numero: string) =>
  `${tipoDocumentoNombres[tipo as TipoDocumento] ?? tipo} ${numero}`;

function toWire(f: Completa): Evolucion {
  const e = f.evolucion;
  return {
    id: e.id,
    cita_id: e.cita_id,
    paciente: { id: e.paciente_id, nombre: f.paciente_nombre },
    autor: { id: e.autor_id, nombre: f.autor_nombre },
    estado: e.firmada_en ? 'firmada' : 'borrador',
    motivo: e.motivo,
    hallazgos: e.hallazgos,
    procedimiento_realizado: e.procedimiento_realizado,
    productos: e.productos,
    aplicaciones: f.aplicaciones.map(puntoWire),
    indicaciones: e.indicaciones,
    formulas: f.formulas.map((x) => ({
      id: x.id,
      nombre: x.nombre,
      dosis: x.dosis,
      frecuencia: x.frecuencia,
      duracion: x.duracion,
    })),
    ordenes: f.ordenes.map((x) => ({ id: x.id, examen: x.examen, indicaciones: x.indicaciones })),
    creada_en: e.creada_en,
    actualizada_en: e.actualizada_en,
    firmada_en: e.firmada_en,
    hash_contenido: e.hash_contenido,
    receta: f.receta,
    orden_examenes: f.orden_examenes,
    adendas: f.adendas.map((a) => ({
      id: a.id,
      autor: { id: a.autor_id, nombre: a.autor_nombre },
      texto: a.texto,
      creada_en: a.creada_en,
    })),
  };
}

const contenido = (d: Datos) => ({
  motivo: d.motivo,
  hallazgos: d.hallazgos,
  procedimiento_realizado: d.procedimiento_realizado,
  productos: d.productos,
  indicaciones: d.indicaciones,
});

const firmable = (f: Completa, firmadaEn: Date) => ({
  ...f.evolucion,
  formulas: f.formulas,
  ordenes: f.ordenes,
  aplicaciones: f.aplicaciones,
  firmada_en: firmadaEn,
});

export function createEvolucionesService(deps: {
  repos: ReposEvoluciones;
  transaccion: Transaccion<ReposEvoluciones>;
  archivos: Pick<ArchivosPrivados, 'conArchivos' | 'registrar'>;
  now: () => Date;
  /** The chart's lots (issue 24): checked with the draft, taken out at signing (the products feature). */
  lotes: LotesDelMapa<ReposEvoluciones>;
  clinicaNombre: string;
  /** CLINICA_DIRECCION, printed under the clinic's name on the prescription and the exam order. */
  clinicaDireccion?: string | undefined;
  zona: string;
  /** In the signing transaction, after the note is signed: its retreatment rows (issue 24, item 4). */
  registrarRetratamientos?: (tx: ReposEvoluciones, evolucionId: number) => Promise<void>;
}) {
  const { repos, transaccion, archivos, now } = deps;
  const repo = repos.evoluciones;
  const fechaHora = formateadorFechaHora(deps.zona);

  const auditar = (
    r: Pick<ReposEvoluciones, 'auditoria'>,
    actor: Actor,
    accion: string,
    id: number,
    detalle: string,
    origen: Origen,
  ) => auditarExito(r, actor, accion, 'evolucion', id, detalle, origen);

  /** The note the caller may write: theirs as the appointment's doctor; anyone else's answers like a missing one. */
  async function propia(actor: Actor, id: number): Promise<Completa> {
    const f = await repo.porId(id);
    if (!f || f.evolucion.autor_id !== actor.id) throw noEncontrado(MENSAJES_EVOLUCION.noEncontrada);
    return f;
  }

  const conflicto = (mensaje: string) => new AppError('CONFLICTO', 409, mensaje);

  /** A draft's chart against its appointment and lots, with the soft stock check (422 naming the point). */
  async function validarMapaDelBorrador(tipoCita: string, datos: Datos) {
    mapaPermitido(tipoCita, datos.aplicaciones);
    await deps.lotes.revisar(undefined, { puntos: filasDelMapa(datos.aplicaciones), existencias: true });
  }

  /**
   * What signing does besides marking the note, inside the signature's transaction (after the content was checked
   * unchanged): the chart's lots are checked again (expired or inactive: 422) and each lot's total is taken out, with
   * its 'uso' movement (not enough left: 409). Any failure rolls back the whole signature.
   */
  async function descontarLotes(tx: ReposEvoluciones, actor: Actor, nota: Completa, tipoCita: string, firmadaEn: Date) {
    if (!nota.aplicaciones.length) return;
    mapaPermitido(tipoCita, nota.aplicaciones);
    await deps.lotes.revisar(tx, { puntos: nota.aplicaciones, existencias: false });
    await deps.lotes.usar(tx, {
      evolucionId: nota.evolucion.id,
      actorId: actor.id,
      puntos: nota.aplicaciones,
      ahora: firmadaEn,
    });
  }

  /**
   * A draft is written and signed only by the appointment's current doctor, on an appointment that is not
   * cancelled (issue 21, item 8): after a move to another doctor, its former author stops writing.
   */
  async function deLaCitaActual(actor: Actor, citaId: number) {
    const cita = await repo.cita(citaId);
    if (!cita) throw noEncontrado(MENSAJES_EVOLUCION.citaNoEncontrada);
    if (cita.doctor_id !== actor.id) throw conflicto(MENSAJES_EVOLUCION.otroDoctor);
    if (cita.estado === 'cancelada') throw conflicto(MENSAJES_EVOLUCION.citaCancelada);
    return cita;
  }

  /** The PDFs of a note about to be signed (bytes only: they are stored with the signature, in `firmar`). */
  async function documentos(f: Completa, firmadaEn: Date, hash: string) {
    if (!f.formulas.length && !f.ordenes.length) return { receta: null, orden: null };
    // Built on a worker thread (lib/pdf-pool.ts, issue 21, item 2), where pdf-lib loads: never at start-up.
    const cita = (await repo.cita(f.evolucion.cita_id))!;
    const d: DatosDocumento = {
      clinica: deps.clinicaNombre,
      clinicaDireccion: deps.clinicaDireccion,
      fechaFirma: fechaHora(firmadaEn),
      firmadaEn,
      evolucionId: f.evolucion.id,
      citaId: cita.id,
      hash,
      doctor: {
        nombre: cita.doctor_nombre,
        documento: documentoLegible(cita.doctor_tipodocumento, cita.doctor_documento),
        // firmar refused the note before this point when the doctor has none.
        registro: cita.doctor_registro ?? '',
      },
      paciente: {
        nombre: cita.paciente_nombre,
        documento: documentoLegible(cita.paciente_tipodocumento, cita.paciente_documento),
      },
    };
    const receta = f.formulas.length
      ? {
          bytes: await generarPdf({
            tipo: 'receta',
            datos: d,
            formulas: f.formulas,
            indicaciones: f.evolucion.indicaciones,
          }),
          nombre: `formula-medica-cita-${cita.id}.pdf`,
        }
      : null;
    const orden = f.ordenes.length
      ? {
          bytes: await generarPdf({ tipo: 'orden', datos: d, ordenes: f.ordenes }),
          nombre: `orden-examenes-cita-${cita.id}.pdf`,
        }
      : null;
    return { receta, orden };
  }

  return {
    /**
     * The appointment's note for who may read it: the patient their own once signed; doctors any signed note
     * and their own drafts (each read audited). Someone else's appointment answers like a missing one.
     */
    async porCita(actor: Actor, citaId: number, origen: Origen): Promise<{ evolucion: Evolucion | null }> {
      const cita = await repo.cita(citaId);
      if (!cita || (actor.rol === 'paciente' && cita.paciente_id !== actor.id)) {
        throw noEncontrado(MENSAJES_EVOLUCION.citaNoEncontrada);
      }
      const f = await repo.porCita(citaId);
      if (!f) return { evolucion: null };
      const firmada = !!f.evolucion.firmada_en;
      if (!firmada && f.evolucion.autor_id !== actor.id) return { evolucion: null };
      if (actor.rol !== 'paciente') {
        await auditar(
          repos,
          actor,
          'evolucion.leer',
          f.evolucion.id,
          `paciente=${f.evolucion.paciente_id}; cita=${citaId}`,
          origen,
        );
      }
      return { evolucion: toWire(f) };
    },

    async crear(actor: Actor, citaId: number, datos: Datos, origen: Origen): Promise<Evolucion> {
      const cita = await repo.cita(citaId);
      // Only the appointment's doctor writes its note; for anyone else the appointment is not theirs to see.
      if (!cita || cita.doctor_id !== actor.id) throw noEncontrado(MENSAJES_EVOLUCION.citaNoEncontrada);
      if (cita.estado === 'cancelada') throw conflicto(MENSAJES_EVOLUCION.citaCancelada);
      await validarMapaDelBorrador(cita.tipo, datos);
      try {
        const id = await transaccion(async (tx) => {
          const nueva = await tx.evoluciones.crear({
            ...contenido(datos),
            cita_id: citaId,
            paciente_id: cita.paciente_id,
            autor_id: actor.id,
          });
          await tx.evoluciones.reemplazarLineas(nueva, datos.formulas, datos.ordenes);
          await tx.evoluciones.reemplazarAplicaciones(nueva, filasDelMapa(datos.aplicaciones));
          await auditar(tx, actor, 'evolucion.crear', nueva, `cita=${citaId}`, origen);
          return nueva;
        });
        return toWire((await repo.porId(id))!);
      } catch (err) {
        if (!isUniqueViolation(err, 'evoluciones_una_por_cita')) throw err;
        // The appointment's draft was started by the doctor who had it before: it passes to the current one.
        const previa = await repo.porCita(citaId);
        if (!previa || previa.evolucion.firmada_en || previa.evolucion.autor_id === actor.id)
          throw conflicto(MENSAJES_EVOLUCION.yaExiste);
        const id = previa.evolucion.id;
        await transaccion(async (tx) => {
          if (!(await tx.evoluciones.tomarBorrador(id, actor.id, contenido(datos), now())))
            throw conflicto(MENSAJES_EVOLUCION.yaExiste);
          await tx.evoluciones.reemplazarLineas(id, datos.formulas, datos.ordenes);
          await tx.evoluciones.reemplazarAplicaciones(id, filasDelMapa(datos.aplicaciones));
          await auditar(
            tx,
            actor,
            'evolucion.tomar',
            id,
            `cita=${citaId}; borrador de autor=${previa.evolucion.autor_id} pasa al doctor actual`,
            origen,
          );
        });
        return toWire((await repo.porId(id))!);
      }
    },

    /** Saves the whole draft; a signed note is refused here and, underneath, by the database. */
    async editar(actor: Actor, id: number, datos: Datos, origen: Origen): Promise<Evolucion> {
      const f = await propia(actor, id);
      if (f.evolucion.firmada_en) throw conflicto(MENSAJES_EVOLUCION.firmada);
      const cita = await deLaCitaActual(actor, f.evolucion.cita_id);
      await validarMapaDelBorrador(cita.tipo, datos);
      await transaccion(async (tx) => {
        const fila = await tx.evoluciones.bloquear(id);
        if (fila?.firmada_en) throw conflicto(MENSAJES_EVOLUCION.firmada);
        await tx.evoluciones.actualizar(id, contenido(datos), now());
        await tx.evoluciones.reemplazarLineas(id, datos.formulas, datos.ordenes);
        await tx.evoluciones.reemplazarAplicaciones(id, filasDelMapa(datos.aplicaciones));
        await auditar(tx, actor, 'evolucion.editar', id, `cita=${f.evolucion.cita_id}`, origen);
      });
      return toWire((await repo.porId(id))!);
    },

    /**
     * Signs the note: hashes its canonical content, builds the PDFs once, and marks it signed in one statement
     * that only a draft matches. If the draft changed between reading it and locking it, nothing is signed.
     */
    async firmar(actor: Actor, id: number, origen: Origen): Promise<Evolucion> {
      const f = await propia(actor, id);
      if (f.evolucion.firmada_en) throw conflicto(MENSAJES_EVOLUCION.yaFirmada);
      const cita = await deLaCitaActual(actor, f.evolucion.cita_id);
      const firmadaEn = now();
      // A note records a visit that happened: it is signed from the appointment's start, never ahead.
      if (firmadaEn.getTime() < cita.inicio.getTime())
        throw conflicto(MENSAJES_EVOLUCION.antesDeLaCita(fechaHora(cita.inicio)));
      // Res. 1403 de 2007: a prescription or an exam order is signed with the prescriber's registration number.
      if ((f.formulas.length || f.ordenes.length) && !cita.doctor_registro)
        throw new AppError(
          'REGLA_NEGOCIO',
          422,
          mensajeSinRegistroProfesional({ formula: f.formulas.length > 0, orden: f.ordenes.length > 0 }),
        );
      const hash = hashContenido(firmable(f, firmadaEn));
      // One document at a time per person (issue 21, item 2); a note without documents builds none, so needs no turn.
      const pdfs =
        f.formulas.length || f.ordenes.length
          ? await conTurnoPdf(actor.id, () => documentos(f, firmadaEn, hash))
          : { receta: null, orden: null };
      // The PDFs are stored privately under the patient, their rows written with the signature: a note that
      // cannot be signed (a double click's second request: 409) leaves no document behind (decision 0053).
      await archivos.conArchivos(async (escribir) => {
        const guardar = (pdf: { bytes: Uint8Array; nombre: string } | null) =>
          pdf &&
          escribir({
            datos: Readable.from([Buffer.from(pdf.bytes)]),
            categoria: 'documento',
            propietarioId: f.evolucion.paciente_id,
            nombre: pdf.nombre,
            creadoPor: actor.id,
            permitidos: ['pdf'],
            origen,
          });
        const receta = await guardar(pdfs.receta);
        const orden = await guardar(pdfs.orden);
        await transaccion(async (tx) => {
          const fila = await tx.evoluciones.bloquear(id);
          if (fila?.firmada_en) throw conflicto(MENSAJES_EVOLUCION.yaFirmada);
          const ahora = (await tx.evoluciones.porId(id))!;
          if (hashContenido(firmable(ahora, firmadaEn)) !== hash) throw conflicto(MENSAJES_EVOLUCION.cambio);
          await descontarLotes(tx, actor, ahora, cita.tipo, firmadaEn);
          await tx.evoluciones.firmar(id, {
            firmada_en: firmadaEn,
            hash_contenido: hash,
            receta_archivo_id: receta && (await archivos.registrar(tx, receta)).id,
            orden_archivo_id: orden && (await archivos.registrar(tx, orden)).id,
          });
          await auditar(tx, actor, 'evolucion.firmar', id, `cita=${f.evolucion.cita_id}; sha256=${hash}`, origen);
          await deps.registrarRetratamientos?.(tx, id);
        });
      });
      return toWire((await repo.porId(id))!);
    },

    /** A dated correction by the note's author; the signed text stays exactly as it was. */
    async agregarAdenda(actor: Actor, id: number, datos: Adenda, origen: Origen): Promise<Evolucion> {
      const f = await propia(actor, id);
      if (!f.evolucion.firmada_en) throw conflicto(MENSAJES_EVOLUCION.borradorSinAdenda);
      await transaccion(async (tx) => {
        const adenda = await tx.evoluciones.agregarAdenda({
          evolucion_id: id,
          autor_id: actor.id,
          texto: datos.texto,
          creada_en: now(),
        });
        await auditar(tx, actor, 'evolucion.adenda', id, `adenda=${adenda}`, origen);
      });
      return toWire((await repo.porId(id))!);
    },

    /**
     * A patient's signed notes, oldest first, for her copy (historias/copia.service.ts, through the composition root):
     * the copy checks who may read it and audits itself, so nothing is audited here.
     */
    firmadasDePaciente: async (pacienteId: number): Promise<Evolucion[]> =>
      (await repo.firmadasDePaciente(pacienteId)).map(toWire),

    /** For the appointments service (through the composition root): realizada needs a signed note. */
    tieneNotaFirmada: (citaId: number) => repo.tieneNotaFirmada(citaId),
  };
}
export type EvolucionesService = ReturnType<typeof createEvolucionesService>;
