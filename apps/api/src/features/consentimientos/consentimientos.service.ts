// Informed consent (DOMAIN.md "consentimientos"; Ley 23 de 1981; issue 9, item 5). Staff keep a versioned
// template per procedure; a procedure appointment shows the patient the current version; the patient signs with
// a drawn signature (on their phone, at the desk in the assistant's session, or on the tablet the appointment's doctor
// hands them). Signing stores the signature
// privately, the exact text and version, time, IP and device, and builds the PDF once, recording its SHA-256 in
// the consent row, which never changes (migration 0010). Verification rehashes the stored PDF. Revocation is a
// new dated row. Who sees what: the patient their own, the appointment's doctor (audited), assistants the status.
import { Readable } from 'node:stream';
import type { z } from 'zod';
import type {
  Consentimiento,
  firmaDatosSchema,
  plantillaDatosSchema,
  revocarDatosSchema,
} from '@clinica/contracts/consentimientos';
import { fechaEnZona } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { veLaCita } from '../../lib/acceso-cita.ts';
import { formateadorFechaHora } from '../../lib/fecha-hora.ts';
import { AppError, isUniqueViolation, noEncontrado } from '../../lib/app-error.ts';
import { conTurnoPdf, generarPdf } from '../../lib/pdf-pool.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { ArchivosRepository } from '../../platform/archivos.repository.ts';
import type { ArchivosPrivados } from '../../platform/archivos.service.ts';
import { auditarExito as auditar, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type {
  ConsentimientoConRevocacion,
  ConsentimientosRepository,
  PlantillaFila,
} from './consentimientos.repository.ts';

export type ReposConsentimientos = {
  consentimientos: ConsentimientosRepository;
  auditoria: AuditoriaRepository;
  archivos: ArchivosRepository;
};
type Firma = z.output<typeof firmaDatosSchema>;
type Plantilla = z.output<typeof plantillaDatosSchema>;
type Revocar = z.output<typeof revocarDatosSchema>;
type Cita = NonNullable<Awaited<ReturnType<ConsentimientosRepository['cita']>>>;

// The signature check and the consent PDF use a PDF library, loaded on the first signature, not at start-up
// (issue 12, item 5).
const pngDeFirma = async (dataUrl: string) => (await import('./firma-png.ts')).pngDeFirma(dataUrl);

export const MENSAJES_CONSENTIMIENTO = {
  citaNoEncontrada: 'No encontramos esa cita.',
  procedimientoNoEncontrado: 'No encontramos ese procedimiento.',
  noEncontrado: 'No encontramos ese consentimiento.',
  noRequiere: 'Esta cita no es de procedimiento: no necesita consentimiento informado.',
  citaCerrada: 'Esta cita ya está cancelada o realizada: no se puede firmar su consentimiento.',
  tabletaOtroDia:
    'En tu tableta, el consentimiento se firma el día de la cita, con la paciente o el paciente presente. Antes puede firmarlo desde su cuenta o en recepción.',
  sinPlantilla:
    'Este procedimiento aún no tiene texto de consentimiento informado. Pide a la clínica que lo agregue antes de firmar.',
  versionCambio: 'El texto del consentimiento cambió mientras lo leías. Lee la versión actual y vuelve a firmar.',
  yaFirmado: 'Esta cita ya tiene un consentimiento firmado vigente.',
  yaRevocado: 'Este consentimiento ya fue revocado.',
  versionSimultanea: 'Alguien más guardó una versión al mismo tiempo. Vuelve a intentarlo.',
} as const;

const plantillaWire = (p: PlantillaFila) => ({
  id: p.id,
  procedimiento_id: p.procedimiento_id,
  version: p.version,
  texto: p.texto,
  vigente_desde: p.vigente_desde,
});

/**
 * Assistants see that a consent exists and its status (and whether photos are allowed), not its content.
 * `procedimientoActual` is the appointment's procedure now: a consent signed for another one (staff changed the
 * procedure afterwards) stays in view but no longer covers the appointment.
 */
function toWire(f: ConsentimientoConRevocacion, completo: boolean, procedimientoActual: number | null): Consentimiento {
  const c = f.consentimiento;
  return {
    id: c.id,
    cita_id: c.cita_id,
    estado: f.revocacion ? 'revocado' : 'firmado',
    otro_procedimiento: c.procedimiento_id !== procedimientoActual,
    plantilla_version: c.plantilla_version,
    firmado_en: c.firmado_en,
    texto: completo ? c.texto : null,
    acepta_fotos: c.acepta_fotos,
    pdf: completo ? { archivo_id: c.pdf_archivo_id, sha256: c.pdf_sha256 } : null,
    revocado_en: f.revocacion?.revocado_en ?? null,
    motivo_revocacion: f.revocacion?.motivo ?? null,
  };
}

export function createConsentimientosService(deps: {
  repos: ReposConsentimientos;
  transaccion: Transaccion<ReposConsentimientos>;
  archivos: Pick<ArchivosPrivados, 'conArchivos' | 'registrar' | 'huella'>;
  now: () => Date;
  clinicaNombre: string;
  zona: string;
}) {
  const { repos, transaccion, archivos, now } = deps;
  const repo = repos.consentimientos;
  const fechaHora = formateadorFechaHora(deps.zona);
  const conflicto = (mensaje: string) => new AppError('CONFLICTO', 409, mensaje);

  /**
   * The appointment if the caller may see its consent: the patient their own, the doctor their own agenda,
   * assistants any. Anyone else gets the same 404 as for a missing appointment.
   */
  async function citaVisible(actor: Actor, citaId: number): Promise<Cita> {
    const cita = await repo.cita(citaId);
    if (!veLaCita(actor, cita)) throw noEncontrado(MENSAJES_CONSENTIMIENTO.citaNoEncontrada);
    return cita;
  }

  /**
   * Who handed the patient the device, when it was not her own session (issue 27.9): the document says so, as the
   * row's `registrado_por` does.
   */
  async function presentadoPor(actor: Actor, cita: Cita): Promise<string | null> {
    if (actor.rol === 'paciente') return null;
    if (actor.rol === 'doctor') return `${cita.doctor_nombre}, doctor de la cita, en su sesión`;
    return `${(await repo.nombreDe(actor.id)) ?? 'recepción'}, en recepción`;
  }

  /**
   * Decodes the drawn signature and builds the PDF (on workers, one document at a time per person: issue 21, item
   * 2), then stores both as private files of the patient with the signed row, written once (the checks are the
   * caller's). A signature that loses the race (409) leaves neither file behind (decision 0053).
   */
  async function registrar(
    actor: Actor,
    cita: Cita,
    plantilla: PlantillaFila,
    firmaDataUrl: string,
    aceptaFotos: boolean,
    origen: Origen,
    firmadoEn: Date,
  ): Promise<number> {
    const citaId = cita.id;
    const ip = origen.ip ?? 'desconocida';
    const dispositivo = (origen.agente ?? 'desconocido').slice(0, 500);
    const { png, pdf } = await conTurnoPdf(actor.id, async () => {
      const png = await pngDeFirma(firmaDataUrl);
      const pdf = await generarPdf({
        tipo: 'consentimiento',
        datos: {
          clinica: deps.clinicaNombre,
          fechaFirma: fechaHora(firmadoEn),
          firmadoEn,
          citaId,
          fechaCita: fechaHora(cita.inicio),
          procedimiento: cita.procedimiento_nombre ?? '',
          plantillaVersion: plantilla.version,
          texto: plantilla.texto,
          aceptaFotos,
          paciente: {
            nombre: cita.paciente_nombre,
            documento: `${cita.paciente_tipodocumento} ${cita.paciente_documento}`,
          },
          doctor: { nombre: cita.doctor_nombre },
          ip,
          dispositivo,
          firmaPng: png,
          presentadoPor: await presentadoPor(actor, cita),
        },
      });
      return { png, pdf };
    });

    return archivos.conArchivos(async (escribir) => {
      const guardar = (bytes: Uint8Array, categoria: 'firma' | 'documento', nombre: string) =>
        escribir({
          datos: Readable.from([Buffer.from(bytes)]),
          categoria,
          propietarioId: cita.paciente_id,
          nombre,
          creadoPor: actor.id,
          permitidos: categoria === 'firma' ? ['png'] : ['pdf'],
          origen,
        });
      const firma = await guardar(png, 'firma', `firma-consentimiento-cita-${citaId}.png`);
      const documento = await guardar(pdf, 'documento', `consentimiento-informado-cita-${citaId}.pdf`);
      return transaccion(async (tx) => {
        await tx.consentimientos.bloquearCita(citaId);
        if (await tx.consentimientos.tieneVigente(citaId)) throw conflicto(MENSAJES_CONSENTIMIENTO.yaFirmado);
        const firmaFila = await archivos.registrar(tx, firma);
        const pdfFila = await archivos.registrar(tx, documento);
        const c = await tx.consentimientos.crear({
          cita_id: citaId,
          paciente_id: cita.paciente_id,
          procedimiento_id: cita.procedimiento_id!,
          plantilla_id: plantilla.id,
          plantilla_version: plantilla.version,
          texto: plantilla.texto,
          acepta_fotos: aceptaFotos,
          firma_archivo_id: firmaFila.id,
          firmado_en: firmadoEn,
          registrado_por: actor.id,
          ip,
          dispositivo,
          pdf_archivo_id: pdfFila.id,
          pdf_sha256: pdfFila.sha256,
        });
        await auditar(
          tx,
          actor,
          'consentimiento.firmar',
          'consentimiento',
          c.id,
          `cita=${citaId}; version=${plantilla.version}; sha256=${pdfFila.sha256}`,
          origen,
        );
        return c.id;
      });
    });
  }

  /** The consent's content is the patient's and the doctor's; the assistant gets its status. */
  const completo = (actor: Actor) => actor.rol !== 'asistente';

  return {
    async plantillas(procedimientoId: number) {
      if (!(await repo.procedimiento(procedimientoId)))
        throw noEncontrado(MENSAJES_CONSENTIMIENTO.procedimientoNoEncontrado);
      return (await repo.plantillas(procedimientoId)).map(plantillaWire);
    },

    /** A new version in force from now on; consents already signed keep the text they showed. */
    async crearPlantilla(actor: Actor, procedimientoId: number, datos: Plantilla, origen: Origen) {
      if (!(await repo.procedimiento(procedimientoId)))
        throw noEncontrado(MENSAJES_CONSENTIMIENTO.procedimientoNoEncontrado);
      try {
        const p = await transaccion(async (tx) => {
          const nueva = await tx.consentimientos.crearPlantilla({
            procedimiento_id: procedimientoId,
            texto: datos.texto,
            vigente_desde: now(),
            creada_por: actor.id,
          });
          await auditar(
            tx,
            actor,
            'consentimiento.plantilla',
            'plantilla_consentimiento',
            nueva.id,
            `procedimiento=${procedimientoId}; version=${nueva.version}`,
            origen,
          );
          return nueva;
        });
        return plantillaWire(p);
      } catch (err) {
        if (isUniqueViolation(err, 'plantillas_consentimiento_version'))
          throw conflicto(MENSAJES_CONSENTIMIENTO.versionSimultanea);
        throw err;
      }
    },

    /** What the appointment's consent screen shows: the text to sign and every consent already signed. */
    async porCita(actor: Actor, citaId: number, origen: Origen) {
      const cita = await citaVisible(actor, citaId);
      const requiere = cita.tipo === 'procedimiento' && cita.procedimiento_id !== null;
      const plantilla = requiere ? await repo.vigente(cita.procedimiento_id!, now()) : undefined;
      const lista = await repo.deCita(citaId);
      if (actor.rol !== 'paciente' && lista.length) {
        await auditar(
          repos,
          actor,
          'consentimiento.leer',
          'cita',
          citaId,
          `paciente=${cita.paciente_id}; consentimientos=${lista.map((f) => f.consentimiento.id).join(',')}`,
          origen,
        );
      }
      return {
        cita_id: citaId,
        requiere,
        procedimiento:
          requiere && cita.procedimiento_nombre !== null
            ? { id: cita.procedimiento_id!, nombre: cita.procedimiento_nombre }
            : null,
        plantilla: plantilla ? plantillaWire(plantilla) : null,
        consentimientos: lista.map((f) => toWire(f, completo(actor), cita.procedimiento_id)),
      };
    },

    /**
     * Signs the appointment's consent. Everything is checked before anything is stored; the signature and the
     * PDF are stored as private files of the patient, then the consent row is written once, already signed.
     */
    async firmar(actor: Actor, citaId: number, datos: Firma, origen: Origen) {
      if (actor.rol === 'administrador') throw noEncontrado(MENSAJES_CONSENTIMIENTO.citaNoEncontrada);
      // A doctor presents it only on her own appointments (citaVisible): the patient signs on her tablet.
      const cita = await citaVisible(actor, citaId);
      if (cita.tipo !== 'procedimiento' || cita.procedimiento_id === null)
        throw conflicto(MENSAJES_CONSENTIMIENTO.noRequiere);
      if (cita.estado === 'cancelada' || cita.estado === 'realizada')
        throw conflicto(MENSAJES_CONSENTIMIENTO.citaCerrada);
      const firmadoEn = now();
      // The doctor's tablet is handed to the patient at the visit: on another day she is not there to sign, and a
      // signature drawn in the doctor's session then would be the doctor's, not the patient's.
      if (actor.rol === 'doctor' && fechaEnZona(cita.inicio, deps.zona) !== fechaEnZona(firmadoEn, deps.zona))
        throw conflicto(MENSAJES_CONSENTIMIENTO.tabletaOtroDia);
      const plantilla = await repo.vigente(cita.procedimiento_id, firmadoEn);
      if (!plantilla) throw conflicto(MENSAJES_CONSENTIMIENTO.sinPlantilla);
      if (plantilla.version !== datos.plantilla_version) throw conflicto(MENSAJES_CONSENTIMIENTO.versionCambio);
      if (await repo.tieneVigente(citaId)) throw conflicto(MENSAJES_CONSENTIMIENTO.yaFirmado);
      const id = await registrar(actor, cita, plantilla, datos.firma, datos.acepta_fotos, origen, firmadoEn);
      return toWire((await repo.porId(id))!, completo(actor), cita.procedimiento_id);
    },

    /** Rehashes the stored PDF and compares it with the hash the signed row recorded. */
    async verificar(actor: Actor, id: number, origen: Origen) {
      const f = await repo.porId(id);
      if (!f) throw noEncontrado(MENSAJES_CONSENTIMIENTO.noEncontrado);
      await citaVisible(actor, f.consentimiento.cita_id).catch(() => {
        throw noEncontrado(MENSAJES_CONSENTIMIENTO.noEncontrado);
      });
      const actual = await archivos.huella(f.consentimiento.pdf_archivo_id);
      const integro = actual === f.consentimiento.pdf_sha256;
      await auditar(repos, actor, 'consentimiento.verificar', 'consentimiento', id, `integro=${integro}`, origen);
      return {
        consentimiento_id: id,
        sha256_registrado: f.consentimiento.pdf_sha256,
        sha256_actual: actual,
        integro,
      };
    },

    /** The patient withdraws their consent: a dated entry; the signed consent stays as it was. */
    async revocar(actor: Actor, id: number, datos: Revocar, origen: Origen) {
      const f = await repo.porId(id);
      if (!f || f.consentimiento.paciente_id !== actor.id) throw noEncontrado(MENSAJES_CONSENTIMIENTO.noEncontrado);
      if (f.revocacion) throw conflicto(MENSAJES_CONSENTIMIENTO.yaRevocado);
      try {
        await transaccion(async (tx) => {
          await tx.consentimientos.revocar({
            consentimiento_id: id,
            revocado_en: now(),
            motivo: datos.motivo,
            revocado_por: actor.id,
            ip: origen.ip ?? null,
            dispositivo: origen.agente?.slice(0, 500) ?? null,
          });
          await auditar(
            tx,
            actor,
            'consentimiento.revocar',
            'consentimiento',
            id,
            `cita=${f.consentimiento.cita_id}`,
            origen,
          );
        });
      } catch (err) {
        if (isUniqueViolation(err, 'revocaciones_una_por_consentimiento'))
          throw conflicto(MENSAJES_CONSENTIMIENTO.yaRevocado);
        throw err;
      }
      const cita = await repo.cita(f.consentimiento.cita_id);
      return toWire((await repo.porId(id))!, true, cita?.procedimiento_id ?? null);
    },

    /**
     * Demo seed only: the consent a past appointment (already realizada) was signed with before it started. The
     * same storage, PDF and row as a real signature; the appointment's state is not checked.
     */
    async sembrar(citaId: number, firma: Buffer, aceptaFotos: boolean, origen: Origen) {
      const cita = (await repo.cita(citaId))!;
      const firmadoEn = now();
      const plantilla = await repo.vigente(cita.procedimiento_id!, firmadoEn);
      if (!plantilla) return null;
      const actor = { id: cita.paciente_id, rol: 'paciente' as const };
      return registrar(
        actor,
        cita,
        plantilla,
        `data:image/png;base64,${firma.toString('base64')}`,
        aceptaFotos,
        origen,
        firmadoEn,
      );
    },

    /** For the appointments service (through the composition root): realizada needs an unrevoked consent. */
    tieneVigente: (citaId: number) => repo.tieneVigente(citaId),
  };
}
export type ConsentimientosService = ReturnType<typeof createConsentimientosService>;
