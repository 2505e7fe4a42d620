// SQL for the patient's copy (issue 9, item 7): everything the database holds about one patient, read in one pass
// per table and in chronological order. Only this patient's rows: every query is filtered by their id.
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  adendas,
  archivos,
  citas,
  consentimientos,
  evoluciones,
  formulas,
  historiasClinicas,
  historiasVersiones,
  notificaciones,
  ordenesExamen,
  procedimientos,
  revocacionesConsentimiento,
  usuarios,
} from '../../db/schema/index.ts';

export function createCopiaRepository(db: Executor) {
  return {
    /** The profile without the password hash (it never leaves the server). */
    async perfil(pacienteId: number) {
      const [f] = await db
        .select({
          id: usuarios.id,
          nombre: usuarios.nombre,
          correo: usuarios.correo,
          rol: usuarios.rol,
          estado: usuarios.estado,
          tipodocumento: usuarios.tipodocumento,
          numerodocumento: usuarios.numerodocumento,
          telefono: usuarios.telefono,
          direccion: usuarios.direccion,
          genero: usuarios.genero,
          fecha_nacimiento: usuarios.fecha_nacimiento,
          ocupacion: usuarios.ocupacion,
          estado_civil: usuarios.estado_civil,
          fecha_registro: usuarios.fecha_registro,
          terminos_aceptados_en: usuarios.terminos_aceptados_en,
          version_terminos: usuarios.version_terminos,
          ip_aceptacion: usuarios.ip_aceptacion,
        })
        .from(usuarios)
        .where(eq(usuarios.id, pacienteId))
        .limit(1);
      return f;
    },

    /** The record with the name of who wrote its first version. */
    async historia(pacienteId: number) {
      const creador = alias(usuarios, 'creador');
      const [f] = await db
        .select({ historia: historiasClinicas, creador_nombre: creador.nombre })
        .from(historiasClinicas)
        .leftJoin(creador, eq(creador.id, historiasClinicas.creada_por))
        .where(eq(historiasClinicas.paciente_id, pacienteId))
        .limit(1);
      return f && { ...f.historia, creador_nombre: f.creador_nombre };
    },

    /** Every earlier version with what it said, oldest first. */
    async versiones(historiaId: number) {
      const autor = alias(usuarios, 'autor');
      return db
        .select({
          version: historiasVersiones.version,
          campos: historiasVersiones.campos,
          datos: historiasVersiones.datos,
          cambiada_en: historiasVersiones.cambiada_en,
          autor_id: autor.id,
          autor_nombre: autor.nombre,
        })
        .from(historiasVersiones)
        .leftJoin(autor, eq(autor.id, historiasVersiones.cambiada_por))
        .where(eq(historiasVersiones.historia_id, historiaId))
        .orderBy(asc(historiasVersiones.version));
    },

    async citas(pacienteId: number) {
      const doctor = alias(usuarios, 'doctor');
      return db
        .select({
          id: citas.id,
          tipo: citas.tipo,
          estado: citas.estado,
          inicio: citas.inicio,
          fin: citas.fin,
          doctor_id: doctor.id,
          doctor_nombre: doctor.nombre,
          procedimiento: procedimientos.nombre,
          motivo: citas.motivo,
          observaciones: citas.observaciones,
          motivo_cancelacion: citas.motivo_cancelacion,
          creada_en: citas.creada_en,
        })
        .from(citas)
        .innerJoin(doctor, eq(doctor.id, citas.doctor_id))
        .leftJoin(procedimientos, eq(procedimientos.id, citas.procedimiento_id))
        .where(eq(citas.paciente_id, pacienteId))
        .orderBy(asc(citas.inicio), asc(citas.id));
    },

    /** Signed notes only (a draft is not yet part of the record), with their lines and addenda. */
    async evoluciones(pacienteId: number) {
      const autor = alias(usuarios, 'autor');
      const notas = await db
        .select({ evolucion: evoluciones, autor_nombre: autor.nombre })
        .from(evoluciones)
        .innerJoin(autor, eq(autor.id, evoluciones.autor_id))
        .where(and(eq(evoluciones.paciente_id, pacienteId), isNotNull(evoluciones.firmada_en)))
        .orderBy(asc(evoluciones.firmada_en), asc(evoluciones.id));
      const ids = notas.map((n) => n.evolucion.id);
      if (!ids.length) return [];
      const quien = alias(usuarios, 'quien');
      // One after the other: inside a transaction every statement shares one connection.
      const lineasFormula = await db
        .select()
        .from(formulas)
        .where(inArray(formulas.evolucion_id, ids))
        .orderBy(asc(formulas.id));
      const lineasOrden = await db
        .select()
        .from(ordenesExamen)
        .where(inArray(ordenesExamen.evolucion_id, ids))
        .orderBy(asc(ordenesExamen.id));
      const notasAdenda = await db
        .select({
          id: adendas.id,
          evolucion_id: adendas.evolucion_id,
          texto: adendas.texto,
          creada_en: adendas.creada_en,
          autor_id: adendas.autor_id,
          autor_nombre: quien.nombre,
        })
        .from(adendas)
        .innerJoin(quien, eq(quien.id, adendas.autor_id))
        .where(inArray(adendas.evolucion_id, ids))
        .orderBy(asc(adendas.creada_en), asc(adendas.id));
      const docIds = notas
        .flatMap((n) => [n.evolucion.receta_archivo_id, n.evolucion.orden_archivo_id])
        .filter((x): x is number => x !== null);
      const docs = docIds.length
        ? await db
            .select({ id: archivos.id, sha256: archivos.sha256 })
            .from(archivos)
            .where(inArray(archivos.id, docIds))
        : [];
      const sha = (archivoId: number | null) => {
        const d = archivoId ? docs.find((x) => x.id === archivoId) : undefined;
        return d ? { archivo_id: d.id, sha256: d.sha256 } : null;
      };
      return notas.map((n) => ({
        ...n,
        formulas: lineasFormula.filter((x) => x.evolucion_id === n.evolucion.id),
        ordenes: lineasOrden.filter((x) => x.evolucion_id === n.evolucion.id),
        adendas: notasAdenda.filter((x) => x.evolucion_id === n.evolucion.id),
        receta: sha(n.evolucion.receta_archivo_id),
        orden_examenes: sha(n.evolucion.orden_archivo_id),
      }));
    },

    /** Signed consents, oldest first, with their revocation (at most one per consent). */
    async consentimientos(pacienteId: number) {
      return db
        .select({
          id: consentimientos.id,
          cita_id: consentimientos.cita_id,
          procedimiento: procedimientos.nombre,
          plantilla_version: consentimientos.plantilla_version,
          texto: consentimientos.texto,
          acepta_fotos: consentimientos.acepta_fotos,
          firmado_en: consentimientos.firmado_en,
          pdf_archivo_id: consentimientos.pdf_archivo_id,
          pdf_sha256: consentimientos.pdf_sha256,
          revocado_en: revocacionesConsentimiento.revocado_en,
          motivo_revocacion: revocacionesConsentimiento.motivo,
        })
        .from(consentimientos)
        .innerJoin(procedimientos, eq(procedimientos.id, consentimientos.procedimiento_id))
        .leftJoin(revocacionesConsentimiento, eq(revocacionesConsentimiento.consentimiento_id, consentimientos.id))
        .where(eq(consentimientos.paciente_id, pacienteId))
        .orderBy(asc(consentimientos.firmado_en), asc(consentimientos.id));
    },

    async notificaciones(pacienteId: number) {
      return db
        .select({
          id: notificaciones.id,
          tipo: notificaciones.tipo,
          mensaje: notificaciones.mensaje,
          leida: notificaciones.leida,
          archivada: notificaciones.archivada,
          cita_id: notificaciones.cita_id,
          creada_en: notificaciones.creada_en,
        })
        .from(notificaciones)
        .where(eq(notificaciones.usuario_id, pacienteId))
        .orderBy(asc(notificaciones.creada_en), asc(notificaciones.id));
    },

    async archivos(pacienteId: number) {
      return db
        .select({
          id: archivos.id,
          categoria: archivos.categoria,
          nombre: archivos.nombre,
          tipo_contenido: archivos.tipo_contenido,
          tamano: archivos.tamano,
          sha256: archivos.sha256,
          creado_en: archivos.creado_en,
        })
        .from(archivos)
        .where(eq(archivos.propietario_id, pacienteId))
        .orderBy(asc(archivos.creado_en), asc(archivos.id));
    },
  };
}
export type CopiaRepository = ReturnType<typeof createCopiaRepository>;
