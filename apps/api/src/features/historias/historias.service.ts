// Who may read and write the clinical record (DOMAIN.md): the patient their own (the intake, until the first
// visit is done), doctors every record (each read audited); staff see the list's demographics only. Every
// save keeps the previous version (who, when, which fields), in the same transaction as the change; a save that
// changes nothing writes nothing and is a read of the record like any other (issue 21, item 6).
import { MENSAJE_SIN_AUTORIZACION_DATOS, MENSAJE_SIN_AUTORIZACION_PROPIA } from '@clinica/contracts/usuarios';
import type { z } from 'zod';
import {
  QUE_ACCESO,
  type Historia,
  type HistoriaRestringida,
  type crearHistoriaSchema,
  type editarHistoriaSchema,
} from '@clinica/contracts/historias';
import { banderasAlerta } from '@clinica/contracts/citas';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, isUniqueViolation, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { HistoriaFila, HistoriasRepository } from './historias.repository.ts';

export type ReposHistorias = { historias: HistoriasRepository; auditoria: AuditoriaRepository };
type Crear = z.output<typeof crearHistoriaSchema>;
type Editar = z.output<typeof editarHistoriaSchema>;
type Encontrada = Awaited<ReturnType<HistoriasRepository['buscar']>>;

export const MENSAJES_HISTORIA = {
  noEncontrada: 'No encontramos esa historia clínica.',
  yaExiste: 'Esta paciente ya tiene historia clínica. Ábrela para actualizarla.',
  soloPropia: 'Solo puedes ver tu propia historia clínica.',
  soloAntesDeConsulta:
    'Tu historia clínica ya la actualiza tu doctor después de tu primera consulta. Si algo cambió, cuéntaselo en tu próxima cita.',
  crearAntesDeConsulta:
    'Ya tuviste tu primera consulta: tu historia clínica la abre tu doctor. Cuéntale tus antecedentes en tu próxima cita.',
  noPaciente: 'La historia clínica es de una paciente: elige una paciente activa.',
  anticonceptivos: 'Cuéntanos qué método anticonceptivo usas',
} as const;

/** The most recent reads a patient is shown (a record read daily for years stays a short answer). */
export const LIMITE_ACCESOS = 200;
type QueAcceso = (typeof QUE_ACCESO)[number];
const QUE_POR_ACCION: Record<string, QueAcceso> = {
  'historia.leer': 'historia',
  'evolucion.leer': 'nota',
  'historia.copia': 'copia',
  'historia.resumen': 'resumen',
  'historia.alertas': 'alertas',
  'resultado_examen.listar': 'archivos',
  'foto_clinica.listar': 'archivos',
  'archivo.leer': 'archivos',
  'historia.editar': 'edicion',
  'consentimiento.leer': 'consentimiento',
  'consentimiento.verificar': 'verificacion',
  'plan_seguimiento.leer': 'plan',
  // What her signed notes applied (product, lot, zones) is part of those notes.
  'productos_aplicados.leer': 'nota',
};

/** Reads by one person within this span of the previous one count as the same visit. */
export const VISITA_MS = 2 * 60_000;

const CAMPOS = [
  'antecedentes',
  'otras_condiciones',
  'embarazo_lactancia',
  'consume_tabaco',
  'consume_alcohol',
  'usa_anticonceptivos',
  'detalles_anticonceptivos',
  'diabetes',
  'hipertension',
  'historial_cancer',
  'problemas_coagulacion',
  'epilepsia',
  'fototipo',
] as const;

type Campo = (typeof CAMPOS)[number];
/** The record's clinical fields, as CAMPOS lists them. */
const camposDe = (h: HistoriaFila) => Object.fromEntries(CAMPOS.map((c) => [c, h[c]])) as Pick<HistoriaFila, Campo>;

/** The record as it leaves the server, but for its patient's demographics (the patient's copy has her profile). */
export function historiaWire({
  historia: h,
  creador_id,
  creador_nombre,
}: Pick<NonNullable<Encontrada>, 'historia' | 'creador_id' | 'creador_nombre'>): Omit<Historia, 'usuario'> {
  return {
    id: h.id,
    paciente_id: h.paciente_id,
    ...camposDe(h),
    version: h.version,
    creada_en: h.creada_en,
    creada_por: creador_id === null ? null : { id: creador_id, nombre: creador_nombre ?? '' },
    actualizada_en: h.actualizada_en,
  };
}

const toWire = (f: NonNullable<Encontrada>): Historia => ({ ...historiaWire(f), usuario: f.usuario });

export function createHistoriasService(deps: {
  repos: ReposHistorias;
  transaccion: Transaccion<ReposHistorias>;
  now: () => Date;
}) {
  const { repos, transaccion, now } = deps;
  const repo = repos.historias;

  /** Clinical content for its patient or a doctor; a doctor's read is audited (DOMAIN.md). */
  async function leer(actor: Actor, f: Encontrada, origen: Origen, detalle?: string) {
    if (!f) throw noEncontrado(MENSAJES_HISTORIA.noEncontrada);
    if (actor.rol === 'paciente' && f.historia.paciente_id !== actor.id)
      throw noEncontrado(MENSAJES_HISTORIA.noEncontrada);
    if (actor.rol !== 'paciente' && actor.rol !== 'doctor') throw prohibido();
    if (actor.rol === 'doctor') {
      await repos.auditoria.registrar({
        usuarioId: actor.id,
        accion: 'historia.leer',
        recurso: 'historia_clinica',
        recursoId: f.historia.id,
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
        detalle: `paciente=${f.historia.paciente_id}${detalle ? `; ${detalle}` : ''}`,
      });
    }
    return toWire(f);
  }

  /** Staff reads about a patient, newest first; reads by one person moments apart are one visit. */
  async function accesosDe(pacienteId: number) {
    const f = await repo.buscarPorPaciente(pacienteId);
    const filas = await repo.accesos(pacienteId, f?.historia.id ?? null, LIMITE_ACCESOS);
    // One screen reads the record and its versions (two audit rows): reads of the same kind by the same person
    // moments apart are one visit for the patient, shown at its latest time. The audit table keeps every row.
    const visitas: (Omit<(typeof filas)[number], 'accion'> & { que: QueAcceso })[] = [];
    for (const a of filas) {
      const que = QUE_POR_ACCION[a.accion] ?? 'historia';
      const ultima = visitas.findLast((v) => v.lector_id === a.lector_id && v.que === que);
      const cerca = ultima && ultima.cuando.getTime() - a.cuando.getTime() <= VISITA_MS;
      if (!cerca) visitas.push({ ...a, que });
    }
    return visitas.map((a) => ({ quien: { nombre: a.nombre, rol: a.rol }, que: a.que, cuando: a.cuando }));
  }

  return {
    listar: () => repo.listar(),

    buscar: async (actor: Actor, id: number, origen: Origen) => leer(actor, await repo.buscar(id), origen),

    porUsuario: async (actor: Actor, usuarioId: number, origen: Origen) =>
      leer(actor, await repo.buscarPorPaciente(usuarioId), origen),

    /** The caller's own only. */
    async mia(actor: Actor, usuarioId: number, origen: Origen) {
      if (actor.id !== usuarioId) throw prohibido(MENSAJES_HISTORIA.soloPropia);
      return leer({ ...actor, rol: 'paciente' }, await repo.buscarPorPaciente(usuarioId), origen);
    },

    /**
     * Who on the staff read the caller's own record, their clinical notes, or copied them, and when (DOMAIN.md:
     * every staff read is audited and the patient can see it).
     */
    async accesos(actor: Actor, usuarioId: number) {
      if (actor.id !== usuarioId) throw prohibido(MENSAJES_HISTORIA.soloPropia);
      return accesosDe(usuarioId);
    },

    /** The same list for the patient's copy (the caller has already checked who may see it). */
    accesosDePaciente: (pacienteId: number) => accesosDe(pacienteId),

    /**
     * The front desk's view (DOMAIN.md: existence, demographics and alert flags): yes/no flags only, never which
     * allergy or any other clinical text. Health data all the same, so the read is audited and the patient sees it.
     */
    async resumen(actor: Actor, id: number, origen: Origen): Promise<HistoriaRestringida> {
      const f = await repo.buscar(id);
      if (!f) throw noEncontrado(MENSAJES_HISTORIA.noEncontrada);
      await repos.auditoria.registrar({
        usuarioId: actor.id,
        accion: 'historia.resumen',
        recurso: 'historia_clinica',
        recursoId: f.historia.id,
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
        detalle: `paciente=${f.historia.paciente_id}`,
      });
      const h = f.historia;
      return {
        id: h.id,
        paciente_id: h.paciente_id,
        usuario: f.usuario,
        alertas: {
          alergias: h.antecedentes.alergias.length > 0,
          embarazo_lactancia: h.embarazo_lactancia,
          problemas_coagulacion: h.problemas_coagulacion,
          diabetes: h.diabetes,
          hipertension: h.hipertension,
          epilepsia: h.epilepsia,
          historial_cancer: h.historial_cancer,
          consume_tabaco: h.consume_tabaco,
        },
      };
    },

    /**
     * For the doctor of one of the patient's appointments (issue 27.9; the caller checked that): the allergies and
     * the alert flags that are "sí", what she must see before any procedure. A read of clinical content, audited and
     * shown to the patient. Null values when the patient has no record yet (nothing is read, nothing audited).
     */
    async alertasParaDoctor(actor: Actor, pacienteId: number, origen: Origen) {
      const f = await repo.buscarPorPaciente(pacienteId);
      if (!f) return { historia_id: null, alergias: [], banderas: [] };
      await repos.auditoria.registrar({
        usuarioId: actor.id,
        accion: 'historia.alertas',
        recurso: 'historia_clinica',
        recursoId: f.historia.id,
        resultado: 'exito',
        ip: origen.ip,
        agente: origen.agente,
        detalle: `paciente=${pacienteId}`,
      });
      const h = f.historia;
      return {
        historia_id: h.id,
        alergias: h.antecedentes.alergias,
        banderas: banderasAlerta.filter((b) => h[b]),
      };
    },

    async crear(actor: Actor, datos: Crear, origen: Origen): Promise<Historia> {
      const pacienteId = actor.rol === 'paciente' ? actor.id : datos.paciente_id;
      if (actor.rol === 'paciente' && datos.paciente_id !== undefined && datos.paciente_id !== actor.id) {
        throw prohibido(MENSAJES_HISTORIA.soloPropia);
      }
      if (!pacienteId)
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES_HISTORIA.noPaciente, [
          { campo: 'paciente_id', mensaje: MENSAJES_HISTORIA.noPaciente },
        ]);
      const persona = await repo.rolDe(pacienteId);
      if (!persona || persona.rol !== 'paciente' || !persona.estado) {
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES_HISTORIA.noPaciente, [
          { campo: 'paciente_id', mensaje: MENSAJES_HISTORIA.noPaciente },
        ]);
      }
      // Ley 1581 de 2012 (issue 21, item 4): no clinical record before she authorised the processing of her data.
      if (!persona.autorizacion_datos_en)
        throw new AppError(
          'REGLA_NEGOCIO',
          422,
          actor.rol === 'paciente' ? MENSAJE_SIN_AUTORIZACION_PROPIA : MENSAJE_SIN_AUTORIZACION_DATOS,
        );
      // DOMAIN.md: the patient writes her own intake only before her first visit; after it, her doctor opens it.
      if (actor.rol === 'paciente' && (await repo.tuvoConsulta(pacienteId)))
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES_HISTORIA.crearAntesDeConsulta);
      const { paciente_id: _p, ...campos } = datos;
      try {
        const id = await transaccion(async (tx) => {
          const nueva = await tx.historias.crear({
            ...campos,
            otras_condiciones: campos.otras_condiciones || null,
            detalles_anticonceptivos: campos.usa_anticonceptivos ? campos.detalles_anticonceptivos || null : null,
            fototipo: campos.fototipo ?? null,
            paciente_id: pacienteId,
            creada_por: actor.id,
            actualizada_por: actor.id,
          });
          await tx.auditoria.registrar({
            usuarioId: actor.id,
            accion: 'historia.crear',
            recurso: 'historia_clinica',
            recursoId: nueva,
            resultado: 'exito',
            ip: origen.ip,
            agente: origen.agente,
            detalle: `paciente=${pacienteId}`,
          });
          return nueva;
        });
        return toWire((await repo.buscar(id))!);
      } catch (err) {
        if (isUniqueViolation(err, 'historias_un_paciente'))
          throw new AppError('CONFLICTO', 409, MENSAJES_HISTORIA.yaExiste);
        throw err;
      }
    },

    /**
     * Keeps the previous version; a patient edits their intake only until their first visit is done. A save that
     * changes nothing writes nothing (no version, no edit in the log) and answers the record as a read does: a
     * doctor's is audited as one and the patient sees it (issue 21, item 6). Its answer tells whether the values
     * sent were those already there, so it could not be a read that leaves no trace.
     */
    async editar(actor: Actor, id: number, cambios: Editar, origen: Origen): Promise<Historia> {
      const actual = await repo.buscar(id);
      if (!actual || (actor.rol === 'paciente' && actual.historia.paciente_id !== actor.id)) {
        throw noEncontrado(MENSAJES_HISTORIA.noEncontrada);
      }
      if (actor.rol === 'paciente' && (await repo.tuvoConsulta(actor.id)))
        throw prohibido(MENSAJES_HISTORIA.soloAntesDeConsulta);
      const guardada = await transaccion(async (tx) => {
        const previa = (await tx.historias.bloquear(id))!;
        const antecedentes = cambios.antecedentes
          ? { ...previa.antecedentes, ...cambios.antecedentes }
          : previa.antecedentes;
        const nueva = { ...previa, ...cambios, antecedentes } as HistoriaFila;
        // An empty text is no text (as on creation): '' and null are the same answer, not a new version.
        nueva.otras_condiciones ||= null;
        nueva.detalles_anticonceptivos ||= null;
        if (nueva.usa_anticonceptivos && !nueva.detalles_anticonceptivos?.trim()) {
          throw new AppError('VALIDACION', 400, MENSAJES_HISTORIA.anticonceptivos, [
            { campo: 'detalles_anticonceptivos', mensaje: MENSAJES_HISTORIA.anticonceptivos },
          ]);
        }
        if (!nueva.usa_anticonceptivos) nueva.detalles_anticonceptivos = null;
        const cambiados = CAMPOS.filter((c) => JSON.stringify(previa[c]) !== JSON.stringify(nueva[c]));
        if (!cambiados.length) return false;
        const datosPrevios = camposDe(previa);
        await tx.historias.guardarVersion({
          historia_id: id,
          version: previa.version,
          datos: datosPrevios,
          campos: cambiados,
          cambiada_por: actor.id,
        });
        await tx.historias.actualizar(id, {
          ...Object.fromEntries(cambiados.map((c) => [c, nueva[c]])),
          version: previa.version + 1,
          actualizada_por: actor.id,
          actualizada_en: now(),
        });
        await tx.auditoria.registrar({
          usuarioId: actor.id,
          accion: 'historia.editar',
          recurso: 'historia_clinica',
          recursoId: id,
          resultado: 'exito',
          ip: origen.ip,
          agente: origen.agente,
          detalle: `version=${previa.version + 1}; campos=${cambiados.join(',')}`,
        });
        return true;
      });
      const f = (await repo.buscar(id))!;
      return guardada ? toWire(f) : leer(actor, f, origen, 'guardado sin cambios');
    },

    async versiones(actor: Actor, id: number, origen: Origen) {
      const f = await repo.buscar(id);
      await leer(actor, f, origen);
      const filas = await repo.versiones(id);
      return filas.map((v) => ({
        version: v.version,
        campos: v.campos,
        cambiada_en: v.cambiada_en,
        cambiada_por: v.autor_id ? { id: v.autor_id, nombre: v.autor_nombre ?? '' } : null,
      }));
    },
  };
}
export type HistoriasService = ReturnType<typeof createHistoriasService>;
