// The patient's copy (issue 9, item 7; Ley 2015 de 2020: a free copy of the record; Ley 1581 de 2012: the patient
// may see and download their data). The patient gets their own; a doctor can produce the same for a patient, and
// that copy is audited as `historia.copia` so the patient sees it in "who read my record". The patient's own
// downloads are audited too (the list never shows a patient their own reads).
import type { DatosPersonales } from '@clinica/contracts/copia-historia';
import type { Evolucion } from '@clinica/contracts/evoluciones';
import { noEncontrado, prohibido } from '../../lib/app-error.ts';
import { conTurnoPdf, generarPdf } from '../../lib/pdf-pool.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { CopiaRepository } from './copia.repository.ts';
import type { HistoriasService } from './historias.service.ts';

type Formato = 'pdf' | 'json';
type Nota = Awaited<ReturnType<CopiaRepository['evoluciones']>>[number];

export const MENSAJES_COPIA = {
  soloPropia: 'Solo puedes descargar tu propia historia clínica.',
  noPaciente: 'No encontramos a esa paciente.',
} as const;

function notaWire(f: Nota, paciente: { id: number; nombre: string }): Evolucion {
  const n = f.evolucion;
  return {
    id: n.id,
    cita_id: n.cita_id,
    paciente,
    autor: { id: n.autor_id, nombre: f.autor_nombre },
    estado: 'firmada',
    motivo: n.motivo,
    hallazgos: n.hallazgos,
    procedimiento_realizado: n.procedimiento_realizado,
    productos: n.productos,
    indicaciones: n.indicaciones,
    formulas: f.formulas.map((x) => ({
      id: x.id,
      nombre: x.nombre,
      dosis: x.dosis,
      frecuencia: x.frecuencia,
      duracion: x.duracion,
    })),
    ordenes: f.ordenes.map((x) => ({ id: x.id, examen: x.examen, indicaciones: x.indicaciones })),
    creada_en: n.creada_en,
    actualizada_en: n.actualizada_en,
    firmada_en: n.firmada_en,
    hash_contenido: n.hash_contenido,
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

export function createCopiaHistoriaService(deps: {
  repos: { copia: CopiaRepository; auditoria: AuditoriaRepository };
  historias: Pick<HistoriasService, 'accesosDePaciente'>;
  now: () => Date;
  clinicaNombre: string;
  zona: string;
}) {
  const { repos, now } = deps;
  const repo = repos.copia;

  /** Everything the database holds about the patient, in the shape of the JSON download. */
  async function reunir(pacienteId: number): Promise<DatosPersonales> {
    const perfil = await repo.perfil(pacienteId);
    if (!perfil) throw noEncontrado(MENSAJES_COPIA.noPaciente);
    const h = await repo.historia(pacienteId);
    const versiones = h ? await repo.versiones(h.id) : [];
    const citas = await repo.citas(pacienteId);
    const notas = await repo.evoluciones(pacienteId);
    const consentimientos = await repo.consentimientos(pacienteId);
    const notificaciones = await repo.notificaciones(pacienteId);
    const archivos = await repo.archivos(pacienteId);
    const accesos = await deps.historias.accesosDePaciente(pacienteId);
    return {
      formato: 'copia-datos-personales-v1',
      clinica: deps.clinicaNombre,
      generado_en: now(),
      perfil,
      historia: h
        ? {
            id: h.id,
            paciente_id: h.paciente_id,
            antecedentes: h.antecedentes,
            otras_condiciones: h.otras_condiciones,
            embarazo_lactancia: h.embarazo_lactancia,
            consume_tabaco: h.consume_tabaco,
            consume_alcohol: h.consume_alcohol,
            usa_anticonceptivos: h.usa_anticonceptivos,
            detalles_anticonceptivos: h.detalles_anticonceptivos,
            diabetes: h.diabetes,
            hipertension: h.hipertension,
            historial_cancer: h.historial_cancer,
            problemas_coagulacion: h.problemas_coagulacion,
            epilepsia: h.epilepsia,
            fototipo: h.fototipo,
            version: h.version,
            creada_en: h.creada_en,
            creada_por: h.creada_por === null ? null : { id: h.creada_por, nombre: h.creador_nombre ?? '' },
            actualizada_en: h.actualizada_en,
          }
        : null,
      versiones: versiones.map((v) => ({
        version: v.version,
        campos: v.campos,
        cambiada_en: v.cambiada_en,
        cambiada_por: v.autor_id ? { id: v.autor_id, nombre: v.autor_nombre ?? '' } : null,
        datos: (v.datos ?? {}) as Record<string, unknown>,
      })),
      citas: citas.map((c) => ({
        id: c.id,
        tipo: c.tipo,
        estado: c.estado,
        inicio: c.inicio,
        fin: c.fin,
        doctor: { id: c.doctor_id, nombre: c.doctor_nombre },
        procedimiento: c.procedimiento,
        motivo: c.motivo,
        observaciones: c.observaciones,
        motivo_cancelacion: c.motivo_cancelacion,
        creada_en: c.creada_en,
      })),
      evoluciones: notas.map((n) => notaWire(n, { id: perfil.id, nombre: perfil.nombre })),
      consentimientos,
      notificaciones,
      archivos,
      accesos,
    };
  }

  /** The copy is of a patient's record: staff accounts have none to copy. */
  async function dePaciente(pacienteId: number) {
    const datos = await reunir(pacienteId);
    if (datos.perfil.rol !== 'paciente') throw noEncontrado(MENSAJES_COPIA.noPaciente);
    return datos;
  }

  const auditar = (actor: Actor, pacienteId: number, formato: Formato, origen: Origen) =>
    repos.auditoria.registrar({
      usuarioId: actor.id,
      accion: 'historia.copia',
      recurso: 'paciente',
      recursoId: pacienteId,
      resultado: 'exito',
      ip: origen.ip,
      agente: origen.agente,
      detalle: `formato=${formato}${actor.id === pacienteId ? '; propia' : ''}`,
    });

  // Built on a worker thread (lib/pdf-pool.ts): a large record takes a second of CPU that the event loop owes to
  // everyone else (issue 21, item 2). pdf-lib loads there, never at start-up (issue 12, item 5).
  const pdf = (datos: DatosPersonales, generadoPor?: string) =>
    generarPdf({
      tipo: 'copia',
      datos,
      opciones: {
        clinica: deps.clinicaNombre,
        zona: deps.zona,
        generadoEn: datos.generado_en,
        ...(generadoPor ? { generadoPor } : {}),
      },
    });

  const nombreArchivo = (datos: DatosPersonales, ext: Formato) =>
    `historia-clinica-${datos.perfil.nombre
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase()}-${datos.generado_en.toISOString().slice(0, 10)}.${ext}`;

  function propia(actor: Actor, usuarioId: number) {
    if (actor.id !== usuarioId) throw prohibido(MENSAJES_COPIA.soloPropia);
  }

  return {
    /** The caller's own record as a PDF. */
    async miPdf(actor: Actor, usuarioId: number, origen: Origen) {
      propia(actor, usuarioId);
      return conTurnoPdf(actor.id, async () => {
        const datos = await reunir(usuarioId);
        await auditar(actor, usuarioId, 'pdf', origen);
        return { bytes: await pdf(datos), nombre: nombreArchivo(datos, 'pdf') };
      });
    },

    /** The caller's own data as JSON. */
    async misDatos(actor: Actor, usuarioId: number, origen: Origen) {
      propia(actor, usuarioId);
      const datos = await reunir(usuarioId);
      await auditar(actor, usuarioId, 'json', origen);
      return { datos, nombre: nombreArchivo(datos, 'json') };
    },

    /** A doctor's copy for a patient: audited, and it says on every page who produced it. */
    async pdfPaciente(actor: Actor, pacienteId: number, origen: Origen) {
      return conTurnoPdf(actor.id, async () => {
        const datos = await dePaciente(pacienteId);
        await auditar(actor, pacienteId, 'pdf', origen);
        const autor = await repo.perfil(actor.id);
        return { bytes: await pdf(datos, autor?.nombre), nombre: nombreArchivo(datos, 'pdf') };
      });
    },

    async datosPaciente(actor: Actor, pacienteId: number, origen: Origen) {
      const datos = await dePaciente(pacienteId);
      await auditar(actor, pacienteId, 'json', origen);
      return { datos, nombre: nombreArchivo(datos, 'json') };
    },
  };
}
export type CopiaHistoriaService = ReturnType<typeof createCopiaHistoriaService>;
