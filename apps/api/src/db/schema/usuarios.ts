// Identity tables: users, server-side sessions, login lockouts.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  idPropio,
  instante,
  instanteFijo,
  ahora,
  refiere,
  refiereOpcional,
  textoFijo,
  enteroFijo,
} from './columnas.ts';
import { roles } from '@clinica/contracts/roles';

export const usuarios = pgTable(
  'usuarios',
  {
    id: idPropio(),
    nombre: textoFijo(),
    /**
     * Null for a patient the desk registered without an e-mail (issue 27.8): she has no online account until staff
     * give her one and she sets her password from the invitation (decision 0048). Unique without case; nulls repeat.
     */
    correo: text(),
    contrasena_hash: textoFijo(),
    rol: text({ enum: roles }).notNull(),
    estado: boolean().notNull().default(true),
    tipodocumento: textoFijo(),
    numerodocumento: textoFijo(),
    telefono: text(),
    direccion: text(),
    genero: text(),
    fecha_nacimiento: date({ mode: 'string' }),
    ocupacion: text(),
    estado_civil: text(),
    /**
     * A doctor's professional registration number (registro médico / tarjeta profesional, Res. 1403 de 2007 and
     * Decreto 2200 de 2005): printed on her prescriptions and exam orders, required before she signs them.
     */
    registro_profesional: text(),
    fecha_registro: ahora(),
    terminos_aceptados_en: instante(),
    version_terminos: text(),
    ip_aceptacion: text(),
    /**
     * Ley 1581 de 2012: who registered the patient's authorisation at the front desk (she read and accepted on the
     * clinic's screen); null when she accepted herself online (registration, or her first sign-in).
     */
    autorizacion_registrada_por: refiereOpcional((): AnyPgColumn => usuarios.id),
    actualizado_en: ahora(),
    /**
     * What searches compare (no accents, then lower case: in a database with the C locale lower() changes only
     * ASCII letters, so Ñ must become N first), kept by PostgreSQL: the name alone (appointments by
     * patient name) and name, e-mail and document together (the users list). An index on the expression alone
     * makes every candidate row call unaccent() again on recheck: 4,830 calls for «zapata» among 100,000
     * patients (bench/results/perfil.md).
     */
    nombre_busqueda: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(f_unaccent(nombre))`),
    busqueda: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(f_unaccent(nombre || ' ' || coalesce(correo, '') || ' ' || numerodocumento))`),
  },
  (t) => [
    uniqueIndex('usuarios_correo_unico').on(sql`lower(${t.correo})`),
    // Numeric document types compare without leading zeros: 080234567 and 80234567 are one person (issue 11.5).
    uniqueIndex('usuarios_documento_unico').on(
      t.tipodocumento,
      sql`(case when ${t.tipodocumento} in ('CC', 'CE', 'TI', 'RC') then ltrim(${t.numerodocumento}, '0') else ${t.numerodocumento} end)`,
    ),
    index('usuarios_busqueda_trgm').using('gin', sql`${t.busqueda} gin_trgm_ops`),
    // Appointment search by the patient's name (listarcitas ?buscar=, SPEC 5): the patients whose name matches.
    index('usuarios_nombre_trgm').using('gin', sql`${t.nombre_busqueda} gin_trgm_ops`),
    // The staff lists filter by role and sort by name (then id, for a stable page order). It replaces
    // usuarios_rol_idx (rol, id): a role filter alone uses this one's prefix.
    index('usuarios_rol_nombre_idx').on(t.rol, t.nombre, t.id),
  ],
);

export const sesiones = pgTable(
  'sesiones',
  {
    id: text().primaryKey(),
    usuario_id: refiere(() => usuarios.id),
    creada_en: ahora(),
    ultima_actividad_en: ahora(),
    expira_en: instanteFijo(),
    revocada_en: instante(),
    ip: text(),
    agente: text(),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuario_id)],
);

/** Failed sign-in counters per account and per IP (shared by every API instance). */
export const bloqueosLogin = pgTable('bloqueos_login', {
  clave: text().primaryKey(),
  fallos: enteroFijo().default(0),
  bloqueos: enteroFijo().default(0),
  bloqueado_hasta: instante(),
  actualizado_en: ahora(),
});

/** Append-only audit trail (Res. 1995/1999, ASVS logging). */
export const auditoria = pgTable(
  'auditoria',
  {
    id: idPropio(),
    usuario_id: integer(),
    accion: textoFijo(),
    recurso: textoFijo(),
    recurso_id: text(),
    resultado: text({ enum: ['exito', 'fallo', 'denegado', 'bloqueo'] }).notNull(),
    ip: text(),
    agente: text(),
    detalle: text(),
    creada_en: ahora(),
  },
  (t) => [
    index('auditoria_fecha_idx').on(t.creada_en),
    index('auditoria_usuario_idx').on(t.usuario_id),
    // The administrators' search (issue 21, item 5): by action, newest first, and by resource.
    index('auditoria_accion_idx').on(t.accion, t.id),
    index('auditoria_recurso_idx').on(t.recurso, t.recurso_id),
  ],
);
