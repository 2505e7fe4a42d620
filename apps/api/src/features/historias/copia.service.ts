// The patient's copy (issue 9, item 7; Ley 2015 de 2020: a free copy of the record; Ley 1581 de 2012: the patient
// may see and download their data). The patient gets their own; a doctor can produce the same for a patient, and
// that copy is audited as `historia.copia` so the patient sees it in "who read my record". The patient's own
// downloads are audited too (the list never shows a patient their own reads).
import type { DatosPersonales } from '@clinica/contracts/copia-historia';
import { LIMITE_PRODUCTOS_APLICADOS } from '@clinica/contracts/productos-aplicados';
import type { Evolucion } from '@clinica/contracts/evoluciones';
import { noEncontrado, prohibido } from '../../lib/app-error.ts';
import { conTurnoPdf, generarPdf } from '../../lib/pdf-pool.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { ArchivosRepository } from '../../platform/archivos.repository.ts';
import type { AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { HistoriasRepository } from './historias.repository.ts';
import { historiaWire, type HistoriasService } from './historias.service.ts';
import { productoAplicadoWire } from './productos-aplicados.service.ts';

type Formato = 'pdf' | 'json';

type Copia = DatosPersonales;
/** What the copy needs of an appointment (citas.repository's list row carries it). */
type CitaLeida = Omit<Copia['citas'][number], 'doctor' | 'procedimiento'> & {
  doctor_id: number;
  doctor_nombre: string;
  procedimiento_nombre: string | null;
};

/**
 * What the copy reads, each through the feature that owns it (issue 22, decision 0051): the composition root hands
 * the other features' repositories (named here by what the copy uses: features do not import each other); the signed
 * notes come from the notes service, which builds them as every note leaves the server.
 */
export type ReposCopia = {
  usuarios: { datosPersonales(id: number): Promise<Copia['perfil'] | undefined> };
  historias: Pick<HistoriasRepository, 'buscarPorPaciente' | 'versiones' | 'productosAplicados'>;
  citas: { listar(f: { pacienteId: number; orden: 'cronologico'; limite: number }): Promise<CitaLeida[]> };
  consentimientos: { dePaciente(pacienteId: number): Promise<Copia['consentimientos']> };
  notificaciones: { historial(usuarioId: number, limite: number): Promise<Copia['notificaciones']> };
  archivos: Pick<ArchivosRepository, 'dePropietario'>;
  auditoria: AuditoriaRepository;
};

/** "Every row": the copy holds all of the patient's appointments and notifications, not a page of them. */
const TODAS = Number.MAX_SAFE_INTEGER;

export const MENSAJES_COPIA = {
  soloPropia: 'Solo puedes descargar tu propia historia clínica.',
  noPaciente: 'No encontramos a esa paciente.',
} as const;

export function createCopiaHistoriaService(deps: {
  repos: ReposCopia;
  historias: Pick<HistoriasService, 'accesosDePaciente'>;
  evoluciones: { firmadasDePaciente(pacienteId: number): Promise<Evolucion[]> };
  now: () => Date;
  clinicaNombre: string;
  zona: string;
}) {
  const { repos, now } = deps;

  /** Everything the database holds about the patient, in the shape of the JSON download. */
  async function reunir(pacienteId: number): Promise<DatosPersonales> {
    const perfil = await repos.usuarios.datosPersonales(pacienteId);
    if (!perfil) throw noEncontrado(MENSAJES_COPIA.noPaciente);
    const h = await repos.historias.buscarPorPaciente(pacienteId);
    // Oldest first in the copy (the screens list them newest first).
    const versiones = h ? (await repos.historias.versiones(h.historia.id)).reverse() : [];
    const citas = await repos.citas.listar({ pacienteId, orden: 'cronologico', limite: TODAS });
    const evoluciones = await deps.evoluciones.firmadasDePaciente(pacienteId);
    // Oldest first, like the rest of the copy (the query reads newest first).
    const productos = (await repos.historias.productosAplicados(pacienteId, LIMITE_PRODUCTOS_APLICADOS)).reverse();
    const consentimientos = await repos.consentimientos.dePaciente(pacienteId);
    const notificaciones = (await repos.notificaciones.historial(pacienteId, TODAS)).reverse();
    const archivos = await repos.archivos.dePropietario(pacienteId);
    const accesos = await deps.historias.accesosDePaciente(pacienteId);
    return {
      formato: 'copia-datos-personales-v1',
      clinica: deps.clinicaNombre,
      generado_en: now(),
      perfil,
      historia: h ? historiaWire(h) : null,
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
        procedimiento: c.procedimiento_nombre,
        motivo: c.motivo,
        observaciones: c.observaciones,
        motivo_cancelacion: c.motivo_cancelacion,
        creada_en: c.creada_en,
      })),
      evoluciones,
      productos_aplicados: productos.map(productoAplicadoWire),
      consentimientos,
      notificaciones: notificaciones.map((n) => ({
        id: n.id,
        tipo: n.tipo,
        mensaje: n.mensaje,
        leida: n.leida,
        archivada: n.archivada,
        cita_id: n.cita_id,
        creada_en: n.creada_en,
      })),
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
        const autor = await repos.usuarios.datosPersonales(actor.id);
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
