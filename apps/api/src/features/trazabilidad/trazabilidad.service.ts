// Traceability and retreatment recall (issue 24, items 3-4; docs/trazabilidad.md; decision 0065).
//   «¿Quién recibió este lote?»: one row per signed note that applied the lot (its points summed), for doctors and
//     administrators only. A notice to all of them: one append-only alertas_lote row, one recipient row, one
//     notification and one e-mail per patient, audited, in one transaction; the same text for the same lot within
//     ALERTA_REPETIDA_MS is a double click (409, nothing written twice; the lot's row lock orders two at once).
//   Retreatments: signing a charted note writes one row per product type with an interval (registrarRetratamientos,
//     in the signing transaction) and a delayed outbox job for its due day at 9:00 in the clinic's zone. The job
//     sends nothing when a later application of the type replaced the row or the patient already has a standing
//     appointment with the doctor (then it links it), and marks the row first, so it fires once.
import {
  MENSAJES_TRAZABILIDAD as M,
  type AlertaLoteBody,
  type IntervaloWire,
  type IntervalosBody,
  type RetratamientosQuery,
  ALERTA_REPETIDA_MS,
  DIAS_ANTES_RETRATAMIENTO,
  HORA_RECORDATORIO_RETRATAMIENTO,
} from '@clinica/contracts/trazabilidad';
import { TIPOS_PRODUCTO, tipoProductoNombres, type TipoProducto } from '@clinica/contracts/insumos';
import { INTERVALOS_RETRATAMIENTO } from '@clinica/contracts/retratamientos';
import { diaEsCo, instanteLocal, sumarDias, type Fecha } from '@clinica/contracts/tiempo';
import type { Transaccion } from '../../db/transacciones.ts';
import { AppError, noEncontrado, prohibido } from '../../lib/app-error.ts';
import type { Calendario } from '../../lib/calendario.ts';
import type { Actor, Origen } from '../../lib/solicitud.ts';
import { auditarExito, type AuditoriaRepository } from '../../platform/auditoria.repository.ts';
import type { Encolar } from '../../platform/bandeja.service.ts';
import type { PlantillasCorreo } from '../../platform/plantillas-correo.ts';
import type { IntervaloFila, TrazabilidadRepository } from './trazabilidad.repository.ts';

/** Where a patient reads the notices about products applied to her (web). */
export const RUTA_MIS_AVISOS = '/mis-avisos';
/** The patient's booking screen with the doctor chosen (web: /crearcita?doctor=). */
export const rutaAgendarCon = (doctorId: number) => `/crearcita?doctor=${doctorId}`;

export type ReposTrazabilidad = {
  trazabilidad: TrazabilidadRepository;
  auditoria: AuditoriaRepository;
  encolar: Encolar;
};
/** An in-app notification to write (the notifications feature writes it and pushes it live; services.ts). */
type Aviso = { usuario_id: number; tipo: string; mensaje: string; ruta: string };
type Notificar = (tx: ReposTrazabilidad, v: Aviso | readonly Aviso[]) => Promise<void>;

const deCentesimas = (c: number) => c / 100;
const semanasEnDias = (s: number) => s * 7;

/** The interval of every product type: the clinic's row, else the usual one, else off. */
export function intervalosEfectivos(filas: readonly IntervaloFila[]): IntervaloWire[] {
  return TIPOS_PRODUCTO.map((tipo) => {
    const propio = filas.find((f) => f.tipo === tipo);
    if (propio) return { ...propio, personalizado: true } as IntervaloWire;
    const usual = INTERVALOS_RETRATAMIENTO[tipo];
    return usual
      ? { tipo, ...usual, recordar: true, personalizado: false }
      : { tipo, semanas_desde: 12, semanas_hasta: 16, recordar: false, personalizado: false };
  });
}

/**
 * In the signing transaction of a note: one retreatment row per product type its chart applied that has an
 * interval, and the delayed reminder of each (its due day at 9:00 in the clinic's zone). A note without chart
 * points writes nothing.
 */
export async function registrarRetratamientos(
  tx: Pick<ReposTrazabilidad, 'trazabilidad' | 'encolar'>,
  evolucionId: number,
  zona: string,
): Promise<void> {
  const tipos = await tx.trazabilidad.tiposDeNota(evolucionId, zona);
  if (!tipos.length) return;
  const intervalos = intervalosEfectivos(await tx.trazabilidad.intervalos());
  const filas = tipos.flatMap((t) => {
    const i = intervalos.find((x) => x.tipo === t.tipo);
    if (!i?.recordar) return [];
    const dia = t.dia as Fecha;
    return [
      {
        evolucion_id: evolucionId,
        paciente_id: t.paciente_id,
        doctor_id: t.doctor_id,
        tipo: t.tipo,
        aplicado_el: dia,
        desde_el: sumarDias(dia, semanasEnDias(i.semanas_desde)),
        hasta_el: sumarDias(dia, semanasEnDias(i.semanas_hasta)),
      },
    ];
  });
  for (const r of await tx.trazabilidad.crearRetratamientos(filas)) {
    const disponibleEn = instanteLocal(r.desde_el as Fecha, HORA_RECORDATORIO_RETRATAMIENTO, zona);
    await tx.encolar('retratamiento.recordar', { retratamientoId: r.id }, { disponibleEn });
  }
}

export function createTrazabilidadService(deps: {
  repos: ReposTrazabilidad;
  transaccion: Transaccion<ReposTrazabilidad>;
  calendario: Calendario;
  notificar: Notificar;
  plantillas: PlantillasCorreo;
  urlPublica: string;
  /** Whether her retreatment e-mail is replaced by WhatsApp (she chose WhatsApp only; features/mensajeria). */
  correoPorWhatsapp?: (tx: ReposTrazabilidad, pacienteId: number) => Promise<boolean>;
}) {
  const { repos, transaccion, calendario, notificar, plantillas, urlPublica } = deps;
  const zona = calendario.zona;

  async function loteExistente(r: Pick<ReposTrazabilidad, 'trazabilidad'>, id: number) {
    const l = await r.trazabilidad.lote(id);
    if (!l) throw noEncontrado(M.loteNoEncontrado);
    return l;
  }
  const alertaWire = (a: Awaited<ReturnType<TrazabilidadRepository['alertas']>>[number]) => ({
    id: a.id,
    lote_id: a.lote_id,
    texto: a.texto,
    autor: { id: a.autor_id, nombre: a.autor_nombre },
    creada_en: new Date(a.creada_en),
    pacientes: a.pacientes,
  });

  return {
    async pacientesLote(loteId: number) {
      const l = await loteExistente(repos, loteId);
      const filas = await repos.trazabilidad.pacientesLote(loteId, zona);
      return {
        lote: {
          id: l.id,
          numero: l.numero,
          vence_el: l.vence_el,
          producto: { id: l.producto_id, nombre: l.producto_nombre, registro_invima: l.registro_invima },
        },
        pacientes: filas.map((f) => ({
          paciente: {
            id: f.paciente_id,
            nombre: f.paciente_nombre,
            tipodocumento: f.tipodocumento,
            numerodocumento: f.numerodocumento,
            telefono: f.telefono,
            correo: f.correo,
          },
          evolucion_id: f.evolucion_id,
          cita_id: f.cita_id,
          fecha: f.fecha,
          doctor: { id: f.doctor_id, nombre: f.doctor_nombre },
          cantidad: deCentesimas(f.cantidad),
          unidad: l.unidad,
        })),
      };
    },

    async alertas(loteId: number) {
      await loteExistente(repos, loteId);
      return (await repos.trazabilidad.alertas(loteId)).map(alertaWire);
    },

    async alertar(actor: Actor, loteId: number, body: AlertaLoteBody, origen: Origen) {
      const texto = body.texto.trim();
      const ahora = calendario.ahora();
      return transaccion(async (tx) => {
        await tx.trazabilidad.bloquearLote(loteId);
        const l = await loteExistente(tx, loteId);
        const repetida = (await tx.trazabilidad.alertas(loteId)).find(
          (a) => a.texto === texto && ahora.getTime() - new Date(a.creada_en).getTime() < ALERTA_REPETIDA_MS,
        );
        if (repetida) throw new AppError('CONFLICTO', 409, M.alertaRepetida);
        const filas = await tx.trazabilidad.pacientesLote(loteId, zona);
        const pacientes = [...new Map(filas.map((f) => [f.paciente_id, f])).values()];
        if (!pacientes.length) throw new AppError('REGLA_NEGOCIO', 422, M.sinPacientes);
        const a = await tx.trazabilidad.crearAlerta({
          loteId,
          autorId: actor.id,
          texto,
          ahora,
          pacientes: pacientes.map((p) => p.paciente_id),
        });
        const producto = `${l.producto_nombre} (lote ${l.numero})`;
        await notificar(
          tx,
          pacientes.map((p) => ({
            usuario_id: p.paciente_id,
            tipo: 'lote.alerta',
            mensaje: `Aviso de la clínica sobre ${producto}, que se te aplicó: ${texto}`,
            ruta: RUTA_MIS_AVISOS,
          })),
        );
        for (const p of pacientes) {
          if (!p.correo) continue;
          const correo = plantillas.componer({
            asunto: `Aviso sobre un producto que se te aplicó: ${l.producto_nombre}`,
            titulo: 'Aviso sobre un producto aplicado',
            saludo: `Hola, ${p.paciente_nombre}:`,
            bloques: [
              { tipo: 'parrafo', texto },
              {
                tipo: 'detalles',
                filas: [
                  ['Producto', l.producto_nombre],
                  ['Registro INVIMA', l.registro_invima],
                  ['Lote', l.numero],
                ],
              },
              { tipo: 'boton', texto: 'Ver mis avisos', url: `${urlPublica}${RUTA_MIS_AVISOS}` },
              { tipo: 'nota', texto: 'Si tienes alguna molestia o pregunta, comunícate con la clínica.' },
            ],
          });
          await tx.encolar('correo', { para: p.correo, ...correo });
        }
        await auditarExito(
          tx,
          actor,
          'lote.alerta',
          'lote',
          loteId,
          `alerta=${a.id}; pacientes=${pacientes.length}`,
          origen,
        );
        return alertaWire((await tx.trazabilidad.alertas(loteId)).find((x) => x.id === a.id)!);
      });
    },

    async misAvisos(actor: Actor) {
      return (await repos.trazabilidad.misAvisos(actor.id)).map((a) => ({ ...a, creada_en: new Date(a.creada_en) }));
    },

    /** The desk's recall list; a doctor's only ever holds her own patients. */
    async lista(
      actor: Actor,
      q: Required<Pick<RetratamientosQuery, 'estado' | 'pagina' | 'porPagina'>> & {
        doctor_id?: number | undefined;
      },
    ) {
      if (actor.rol === 'doctor' && q.doctor_id !== undefined && q.doctor_id !== actor.id)
        throw prohibido(M.doctorAjeno);
      const doctorId = actor.rol === 'doctor' ? actor.id : q.doctor_id;
      const { items, total } = await repos.trazabilidad.lista({
        estado: q.estado,
        hoy: calendario.hoy(),
        ahora: calendario.ahora(),
        diasAntes: DIAS_ANTES_RETRATAMIENTO,
        doctorId,
        limite: q.porPagina,
        desplazamiento: (q.pagina - 1) * q.porPagina,
      });
      return {
        items: items.map((f) => ({
          id: f.id,
          estado: q.estado,
          paciente: {
            id: f.paciente_id,
            nombre: f.paciente_nombre,
            tipodocumento: f.tipodocumento,
            numerodocumento: f.numerodocumento,
            telefono: f.telefono,
            correo: f.correo,
          },
          doctor: { id: f.doctor_id, nombre: f.doctor_nombre },
          tipo: f.tipo,
          aplicado_el: f.aplicado_el,
          desde_el: f.desde_el,
          hasta_el: f.hasta_el,
          recordado_en: f.recordado_en ? new Date(f.recordado_en) : null,
          cita: f.cita_proxima_id && f.cita_inicio ? { id: f.cita_proxima_id, inicio: new Date(f.cita_inicio) } : null,
        })),
        total,
        pagina: q.pagina,
        porPagina: q.porPagina,
      };
    },

    intervalos: async () => intervalosEfectivos(await repos.trazabilidad.intervalos()),

    async guardarIntervalos(actor: Actor, body: IntervalosBody, origen: Origen) {
      const ahora = calendario.ahora();
      await transaccion(async (tx) => {
        for (const i of body)
          await tx.trazabilidad.guardarIntervalo(
            { ...i, tipo: i.tipo as TipoProducto, actualizado_por: actor.id },
            ahora,
          );
        const detalle = body
          .map((i) => `${i.tipo}=${i.semanas_desde}-${i.semanas_hasta}${i.recordar ? '' : ' (sin recordar)'}`)
          .join('; ');
        await auditarExito(tx, actor, 'retratamiento.intervalos', 'intervalos_retratamiento', 0, detalle, origen);
      });
      return intervalosEfectivos(await repos.trazabilidad.intervalos());
    },

    /** Outbox handler: the reminder of a retreatment that came due (once; see the file's head). */
    async recordar({ retratamientoId }: { retratamientoId: number }): Promise<void> {
      const r = await repos.trazabilidad.retratamiento(retratamientoId);
      if (!r || r.recordado_en) return;
      if (await repos.trazabilidad.hayPosterior(r)) return;
      const ahora = calendario.ahora();
      const cita = await repos.trazabilidad.citaFutura(r.paciente_id, r.doctor_id, ahora);
      if (cita) {
        await repos.trazabilidad.vincularCita(r.id, cita.id);
        return;
      }
      const tipo = tipoProductoNombres[r.tipo].toLowerCase();
      const ruta = rutaAgendarCon(r.doctor_id);
      await transaccion(async (tx) => {
        if (!(await tx.trazabilidad.marcarRecordado(r.id, ahora))) return;
        await notificar(tx, {
          usuario_id: r.paciente_id,
          tipo: 'retratamiento.recordatorio',
          mensaje: `Ya es momento de tu retoque de ${tipo} con ${r.doctor_nombre}: agenda tu cita.`,
          ruta,
        });
        if (!r.correo || (await deps.correoPorWhatsapp?.(tx, r.paciente_id))) return;
        const correo = plantillas.componer({
          asunto: `Es momento de tu retoque de ${tipo}`,
          titulo: 'Es momento de tu retoque',
          saludo: `Hola, ${r.paciente_nombre}:`,
          bloques: [
            {
              tipo: 'parrafo',
              texto: `El ${diaEsCo(r.aplicado_el)} te aplicamos ${tipo}. Para mantener el resultado, lo usual es retocarlo desde el ${diaEsCo(r.desde_el)} y antes del ${diaEsCo(r.hasta_el)}.`,
            },
            { tipo: 'boton', texto: `Agendar con ${r.doctor_nombre}`, url: `${urlPublica}${ruta}` },
          ],
        });
        await tx.encolar('correo', { para: r.correo, ...correo });
      });
    },
  };
}
export type TrazabilidadService = ReturnType<typeof createTrazabilidadService>;
