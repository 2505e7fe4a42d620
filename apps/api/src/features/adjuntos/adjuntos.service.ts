// Exam results and before/after photos of an appointment (DOMAIN.md "resultados_examen", "fotos_clinicas";
// issue 9, items 4 and 6). The patient uploads results to their own appointment (PDF, JPEG or PNG by their
// bytes; images re-encoded without metadata) and the appointment's doctor is notified in the same transaction as
// the result's row. The appointment's doctor, or an assistant at the doctor's request, attaches photos labelled
// antes/después and a zone, only while the patient's latest signed, unrevoked consent allows photos; every photo
// is re-encoded without EXIF (no GPS location). Files are private: downloaded only through /apiarchivos (audited,
// no-store). Who sees what: the patient their own, the appointment's doctor (reads audited), assistants only
// that they exist. Nothing is ever deleted or changed: both are part of the clinical record (Res. 1995 de 1999).
import { Readable } from 'node:stream';
import {
  RESULTADOS_MAX_BYTES_DIA,
  RESULTADOS_MAX_POR_CITA,
  type EtiquetaFoto,
  type Foto,
  type Resultado,
} from '@clinica/contracts/adjuntos';
import type { ZonaFacial } from '@clinica/contracts/mapa-facial';
import type { Transaccion } from '../../db/transacciones.ts';
import { veLaCita } from '../../lib/acceso-cita.ts';
import { AppError, noEncontrado, prohibido } from '../../lib/app-error.ts';
import { conTurnoImagen } from '../../lib/turno-imagen.ts';
import { limpiarImagen } from '../../lib/imagen-limpia.ts';
import { tipoPorFirma } from '../../lib/tipo-archivo.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import type { ArchivosRepository } from '../../platform/archivos.repository.ts';
import type { ArchivosPrivados, DatosArchivo } from '../../platform/archivos.service.ts';
import { auditarExito as auditar, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { Encolar } from '../../platform/bandeja.service.ts';
import type { AdjuntosRepository, FotoFila } from './adjuntos.repository.ts';

export type ReposAdjuntos = {
  adjuntos: AdjuntosRepository;
  auditoria: AuditoriaRepository;
  archivos: ArchivosRepository;
  encolar: Encolar;
};
/** Writes a notification in the caller's transaction and queues its live push (given by the composition root). */
export type Notificar = (
  tx: ReposAdjuntos,
  v: { usuario_id: number; tipo: string; mensaje: string; cita_id: number; ruta: string },
) => Promise<void>;
type Cita = NonNullable<Awaited<ReturnType<AdjuntosRepository['cita']>>>;

/** Largest side a clinical photo keeps: plenty for comparing, far from a phone's 50 MP. */
const LADO_MAX_FOTO = 2400;

export const MENSAJES_ADJUNTOS = {
  citaNoEncontrada: 'No encontramos esa cita.',
  citaCancelada: 'Esta cita está cancelada: no se le pueden agregar resultados ni fotos.',
  resultadoInvalido:
    'El archivo debe ser un PDF o una imagen JPEG o PNG. Revisa que no sea otro tipo de archivo con el nombre cambiado.',
  fotoInvalida: 'La foto debe ser una imagen JPEG, PNG o WebP que se pueda abrir.',
  ordenInvalida: 'Ese examen no está en la orden de esta cita. Elige uno de la lista o déjalo sin examen.',
  sinConsentimiento:
    'No se pueden tomar fotos clínicas: el paciente no tiene un consentimiento informado firmado y vigente. Pídele que firme el consentimiento y que autorice las fotos.',
  consentimientoSinFotos:
    'No se pueden tomar fotos clínicas: el consentimiento informado vigente del paciente no autoriza fotos. Solo con su autorización firmada se pueden tomar.',
  zonaRequerida: 'Escribe la zona del cuerpo de la foto (por ejemplo, Frente).',
  etiquetaInvalida: 'Indica si la foto es de antes o de después.',
  zonaMapaInvalida: 'La zona del mapa facial no es válida: elígela de la lista o déjala vacía.',
  muchosEnCita: `Esta cita ya tiene ${RESULTADOS_MAX_POR_CITA} resultados. Si necesitas enviar más, llévalos a tu próxima cita o comunícate con la clínica.`,
  muchoEnElDia: `Subiste muchos archivos en las últimas 24 horas (hasta ${RESULTADOS_MAX_BYTES_DIA / 1024 / 1024} MB). Intenta de nuevo mañana o comunícate con la clínica.`,
} as const;

export const TIPO_NOTIFICACION_RESULTADOS = 'cita.resultados';

export function createAdjuntosService(deps: {
  repos: ReposAdjuntos;
  transaccion: Transaccion<ReposAdjuntos>;
  archivos: Pick<ArchivosPrivados, 'conArchivos' | 'registrar'>;
  notificar: Notificar;
  zona: string;
  now: () => Date;
}) {
  const { repos, transaccion, archivos } = deps;
  const repo = repos.adjuntos;
  const fecha = new Intl.DateTimeFormat('es-CO', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: deps.zona,
  });

  /**
   * The appointment if the caller may see what it gathers: the patient their own, the doctor their own agenda,
   * assistants any (existence only). Anyone else gets the same 404 as for a missing appointment.
   */
  async function citaVisible(actor: Actor, citaId: number): Promise<Cita> {
    const cita = await repo.cita(citaId);
    if (!veLaCita(actor, cita)) throw noEncontrado(MENSAJES_ADJUNTOS.citaNoEncontrada);
    return cita;
  }

  /** Clinical content is the patient's and the doctor's; the assistant sees that it exists. */
  const completo = (actor: Actor) => actor.rol !== 'asistente';

  type FilaResultado = Awaited<ReturnType<AdjuntosRepository['resultadosDeCita']>>[number];
  const resultadoWire = (r: FilaResultado, ver: boolean): Resultado => ({
    id: r.id,
    cita_id: r.cita_id,
    subido_en: r.subido_en,
    nombre: ver ? r.nombre : null,
    tipo_contenido: ver ? r.tipo_contenido : null,
    tamano: ver ? r.tamano : null,
    archivo_id: ver ? r.archivo_id : null,
    examen: ver ? r.examen : null,
  });
  const fotoWire = (f: FotoFila, ver: boolean): Foto => ({
    id: f.id,
    cita_id: f.cita_id,
    etiqueta: f.etiqueta,
    zona: f.zona,
    zona_mapa: f.zona_mapa,
    tomada_en: f.tomada_en,
    archivo_id: ver ? f.archivo_id : null,
  });

  /** Whether photos may be taken of this patient now, and the consent that allows it. */
  async function permisoFotos(pacienteId: number) {
    const c = await repo.consentimientoVigente(pacienteId);
    if (!c) return { consentimientoId: null, motivo: MENSAJES_ADJUNTOS.sinConsentimiento };
    if (!c.acepta_fotos) return { consentimientoId: null, motivo: MENSAJES_ADJUNTOS.consentimientoSinFotos };
    return { consentimientoId: c.id, motivo: null };
  }

  const citaCancelada = () => new AppError('CONFLICTO', 409, MENSAJES_ADJUNTOS.citaCancelada);

  /**
   * In the transaction that writes a file's row: the appointment was not cancelled while the file was checked and
   * stored (a 409 then, and the file goes with it: decision 0053).
   */
  async function sigueAbierta(tx: ReposAdjuntos, citaId: number) {
    if ((await tx.adjuntos.estadoBloqueado(citaId)) === 'cancelada') throw citaCancelada();
  }

  /**
   * Stores the file privately, then in one transaction, while the appointment is still open, its file's row and
   * what `filas` writes with it (the result's or photo's row, its audit).
   */
  const guardarEnCita = <T>(
    citaId: number,
    datos: DatosArchivo,
    filas: (tx: ReposAdjuntos, archivoId: number) => Promise<T>,
  ): Promise<T> =>
    archivos.conArchivos(async (escribir) => {
      const escrito = await escribir(datos);
      return transaccion(async (tx) => {
        await sigueAbierta(tx, citaId);
        const archivo = await archivos.registrar(tx, escrito);
        return filas(tx, archivo.id);
      });
    });

  /** A doctor's read of an appointment's results or photos is audited, naming what was read; an empty list is not. */
  async function auditarLista(
    actor: Actor,
    cita: Cita,
    accion: string,
    que: 'resultados' | 'fotos',
    lista: { id: number }[],
    origen: Origen,
  ) {
    if (actor.rol !== 'doctor' || !lista.length) return;
    const detalle = `paciente=${cita.paciente_id}; ${que}=${lista.map((f) => f.id).join(',')}`;
    await auditar(repos, actor, accion, 'cita', cita.id, detalle, origen);
  }

  /** Only the appointment's doctor (any doctor's agenda is not theirs) or an assistant attaches photos. */
  const puedeFotografiar = (actor: Actor, cita: Cita) =>
    actor.rol === 'asistente' || (actor.rol === 'doctor' && cita.doctor_id === actor.id);

  return {
    async resultados(actor: Actor, citaId: number, origen: Origen) {
      const cita = await citaVisible(actor, citaId);
      const ver = completo(actor);
      const lista = await repo.resultadosDeCita(citaId);
      await auditarLista(actor, cita, 'resultado_examen.listar', 'resultados', lista, origen);
      return {
        cita_id: citaId,
        puede_subir: actor.rol === 'paciente' && cita.estado !== 'cancelada',
        ordenes: ver ? await repo.ordenes(citaId) : [],
        resultados: lista.map((r) => resultadoWire(r, ver)),
      };
    },

    /**
     * The patient's result for their own appointment: checked by its bytes (images re-encoded without metadata),
     * stored privately, then its file's row, its row, its audit and the doctor's notification in one transaction.
     */
    async subirResultado(
      actor: Actor,
      citaId: number,
      d: { bytes: Buffer; nombre: string; ordenExamenId: number | null },
      origen: Origen,
    ): Promise<Resultado> {
      const cita = await repo.cita(citaId);
      if (!cita || cita.paciente_id !== actor.id) throw noEncontrado(MENSAJES_ADJUNTOS.citaNoEncontrada);
      if (cita.estado === 'cancelada') throw citaCancelada();
      if (d.ordenExamenId !== null) {
        const ordenes = await repo.ordenes(citaId);
        if (!ordenes.some((o) => o.id === d.ordenExamenId)) {
          throw new AppError('VALIDACION', 400, MENSAJES_ADJUNTOS.ordenInvalida, [
            { campo: 'orden_examen_id', mensaje: MENSAJES_ADJUNTOS.ordenInvalida },
          ]);
        }
      }
      // One patient cannot fill the disk (issue 21, item 2): results per appointment and bytes per day.
      const volumen = await repo.volumenResultados(actor.id, citaId, new Date(deps.now().getTime() - 86_400_000));
      if (volumen.enCita >= RESULTADOS_MAX_POR_CITA)
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES_ADJUNTOS.muchosEnCita);
      if (volumen.bytesDia + d.bytes.length > RESULTADOS_MAX_BYTES_DIA)
        throw new AppError('REGLA_NEGOCIO', 422, MENSAJES_ADJUNTOS.muchoEnElDia);
      const invalido = () => new AppError('ARCHIVO_INVALIDO', 415, MENSAJES_ADJUNTOS.resultadoInvalido);
      const tipo = tipoPorFirma(d.bytes);
      if (tipo !== 'pdf' && tipo !== 'jpeg' && tipo !== 'png') throw invalido();
      const bytes =
        tipo === 'pdf'
          ? d.bytes
          : (await conTurnoImagen(actor.id, () => limpiarImagen(d.bytes, invalido, { permitidos: ['jpeg', 'png'] })))
              .bytes;
      const archivo: DatosArchivo = {
        datos: Readable.from([bytes]),
        categoria: 'resultado_examen',
        propietarioId: cita.paciente_id,
        nombre: d.nombre,
        creadoPor: actor.id,
        permitidos: ['pdf', 'jpeg', 'png'],
        origen,
      };
      const id = await guardarEnCita(citaId, archivo, async (tx, archivoId) => {
        const r = await tx.adjuntos.crearResultado({
          cita_id: citaId,
          paciente_id: cita.paciente_id,
          orden_examen_id: d.ordenExamenId,
          archivo_id: archivoId,
          subido_por: actor.id,
        });
        const detalle = `cita=${citaId}; archivo=${archivoId}`;
        await auditar(tx, actor, 'resultado_examen.subir', 'resultado_examen', r.id, detalle, origen);
        await deps.notificar(tx, {
          usuario_id: cita.doctor_id,
          tipo: TIPO_NOTIFICACION_RESULTADOS,
          mensaje: `${cita.paciente_nombre} subió resultados de exámenes para la cita del ${fecha.format(cita.inicio)}`,
          cita_id: citaId,
          ruta: `/detallescitas/${citaId}`,
        });
        return r.id;
      });
      return resultadoWire((await repo.resultado(id))!, true);
    },

    async fotos(actor: Actor, citaId: number, origen: Origen) {
      const cita = await citaVisible(actor, citaId);
      const lista = await repo.fotosDeCita(citaId);
      await auditarLista(actor, cita, 'foto_clinica.listar', 'fotos', lista, origen);
      const sube = puedeFotografiar(actor, cita) && cita.estado !== 'cancelada';
      const motivo = sube ? (await permisoFotos(cita.paciente_id)).motivo : null;
      return {
        cita_id: citaId,
        puede_subir: sube && motivo === null,
        motivo_sin_permiso: motivo,
        fotos: lista.map((f) => fotoWire(f, completo(actor))),
      };
    },

    /** A photo for the appointment, only with the patient's consent to photos; stored without metadata. */
    async subirFoto(
      actor: Actor,
      citaId: number,
      d: { bytes: Buffer; etiqueta: EtiquetaFoto; zona: string; zonaMapa: ZonaFacial | null },
      origen: Origen,
    ): Promise<Foto> {
      const cita = await repo.cita(citaId);
      if (!cita || !puedeFotografiar(actor, cita)) throw noEncontrado(MENSAJES_ADJUNTOS.citaNoEncontrada);
      if (cita.estado === 'cancelada') throw citaCancelada();
      const permiso = await permisoFotos(cita.paciente_id);
      if (permiso.consentimientoId === null) throw new AppError('REGLA_NEGOCIO', 422, permiso.motivo);
      const limpia = await conTurnoImagen(actor.id, () =>
        limpiarImagen(d.bytes, () => new AppError('ARCHIVO_INVALIDO', 415, MENSAJES_ADJUNTOS.fotoInvalida), {
          permitidos: ['jpeg', 'png', 'webp'],
          maxLado: LADO_MAX_FOTO,
        }),
      );
      const archivo: DatosArchivo = {
        datos: Readable.from([limpia.bytes]),
        categoria: 'foto_clinica',
        propietarioId: cita.paciente_id,
        nombre: `foto-${d.etiqueta}-cita-${citaId}.${limpia.formato === 'png' ? 'png' : 'jpg'}`,
        creadoPor: actor.id,
        permitidos: ['jpeg', 'png'],
        origen,
      };
      const consentimientoId = permiso.consentimientoId;
      const foto = await guardarEnCita(citaId, archivo, async (tx, archivoId) => {
        const f = await tx.adjuntos.crearFoto({
          cita_id: citaId,
          paciente_id: cita.paciente_id,
          etiqueta: d.etiqueta,
          zona: d.zona,
          zona_mapa: d.zonaMapa,
          archivo_id: archivoId,
          consentimiento_id: consentimientoId,
          subida_por: actor.id,
        });
        const detalle = `cita=${citaId}; etiqueta=${d.etiqueta}; consentimiento=${consentimientoId}${d.zonaMapa ? `; zona_mapa=${d.zonaMapa}` : ''}`;
        await auditar(tx, actor, 'foto_clinica.subir', 'foto_clinica', f.id, detalle, origen);
        return f;
      });
      return fotoWire(foto, completo(actor));
    },

    /** The patient's timeline of photos: the patient their own, a doctor any patient's (audited). */
    async fotosPaciente(actor: Actor, pacienteId: number, origen: Origen) {
      if (actor.rol === 'paciente' && actor.id !== pacienteId)
        throw prohibido('Solo puedes ver tus propias fotos clínicas.');
      const filas = await repo.fotosDePaciente(pacienteId);
      if (actor.rol === 'doctor' && filas.length) {
        await auditar(repos, actor, 'foto_clinica.listar', 'usuario', pacienteId, `fotos=${filas.length}`, origen);
      }
      const porCita = new Map<number, { cita_id: number; fecha: Date; fotos: Foto[] }>();
      for (const { foto, inicio } of filas) {
        const grupo = porCita.get(foto.cita_id) ?? { cita_id: foto.cita_id, fecha: inicio, fotos: [] };
        grupo.fotos.push(fotoWire(foto, true));
        porCita.set(foto.cita_id, grupo);
      }
      return [...porCita.values()];
    },
  };
}
export type AdjuntosService = ReturnType<typeof createAdjuntosService>;
