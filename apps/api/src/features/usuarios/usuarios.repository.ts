// SQL for the usuarios table. Public reads select the allow-listed columns only; the hash is read
// by the two sign-in/password paths and nowhere else.
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { filaPorId } from '../../db/fila-por-id.ts';
import { usuarios } from '../../db/schema/index.ts';

export type UsuarioFila = typeof usuarios.$inferSelect;
export type NuevoUsuario = Omit<typeof usuarios.$inferInsert, 'id'>;
export type CambiosUsuario = Partial<Omit<typeof usuarios.$inferInsert, 'id' | 'fecha_registro'>>;

/** Who the person is: the columns her profile and her copy share. */
const persona = {
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
};
/** The columns that may leave the server (mirror of usuarioSchema in contracts). */
const publicas = {
  ...persona,
  registro_profesional: usuarios.registro_profesional,
  fecha_registro: usuarios.fecha_registro,
  autorizacion_datos_en: usuarios.terminos_aceptados_en,
};
export type UsuarioPublico = {
  [K in Exclude<keyof typeof publicas, 'autorizacion_datos_en'>]: UsuarioFila[K];
} & { autorizacion_datos_en: Date | null };

export type FiltroUsuarios = {
  q?: string | undefined;
  rol?: UsuarioFila['rol'] | undefined;
  estado?: boolean | undefined;
  limit: number;
  offset: number;
};

/** Escapes LIKE wildcards so a search for '50%' or 'a_b' is literal. */
function likeLiteral(texto: string): string {
  return texto.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function createUsuariosRepository(db: Executor) {
  return {
    findById: (id: number): Promise<UsuarioPublico | undefined> => filaPorId(db, usuarios, id, publicas),

    /** The profile in the patient's copy: who she is and when she accepted the terms, never the password hash. */
    datosPersonales: (id: number) =>
      filaPorId(db, usuarios, id, {
        ...persona,
        fecha_registro: usuarios.fecha_registro,
        terminos_aceptados_en: usuarios.terminos_aceptados_en,
        version_terminos: usuarios.version_terminos,
        ip_aceptacion: usuarios.ip_aceptacion,
      }),

    /**
     * Whether the person has ever used this account herself: a session was opened for it, or an audit row names her
     * as the actor (her registration, a sign-in attempt). An account staff created and nobody has used yet is not
     * hers in this sense, and its e-mail may still be corrected by staff (decision 0037).
     */
    async tieneDuena(id: number): Promise<boolean> {
      const r = await db.execute<{ usada: boolean }>(
        sql`select (exists (select 1 from sesiones where usuario_id = ${id})
                 or exists (select 1 from auditoria where usuario_id = ${id})) as usada`,
      );
      return r.rows[0]?.usada === true;
    },

    /**
     * Whether the person's birth date already counts for something: she has an appointment or a clinical record
     * (Ley 1799 de 2016 checks ages with it; issue 21, item 3).
     */
    async tieneCitasOHistoria(id: number): Promise<boolean> {
      const r = await db.execute<{ tiene: boolean }>(
        sql`select (exists (select 1 from citas where paciente_id = ${id})
                 or exists (select 1 from historias_clinicas where paciente_id = ${id})) as tiene`,
      );
      return r.rows[0]?.tiene === true;
    },

    /** Sign-in and password change only: includes the hash. */
    async findCredencialesPorCorreo(correo: string) {
      const [row] = await db
        .select({ ...publicas, contrasena_hash: usuarios.contrasena_hash })
        .from(usuarios)
        .where(sql`lower(${usuarios.correo}) = lower(${correo})`)
        .limit(1);
      return row;
    },

    findCredencialesPorId: (id: number) =>
      filaPorId(db, usuarios, id, { ...publicas, contrasena_hash: usuarios.contrasena_hash }),

    /** Throws the driver's unique violation (usuarios_correo_unico / usuarios_documento_unico) on duplicates. */
    async insert(valores: NuevoUsuario): Promise<UsuarioPublico> {
      const [row] = await db.insert(usuarios).values(valores).returning(publicas);
      if (!row) throw new Error('insert usuarios no devolvió la fila');
      return row;
    },

    async update(id: number, cambios: CambiosUsuario): Promise<UsuarioPublico | undefined> {
      const [row] = await db.update(usuarios).set(cambios).where(eq(usuarios.id, id)).returning(publicas);
      return row;
    },

    /**
     * Search over nombre, correo and numerodocumento, accent- and case-insensitive: the stored column
     * `busqueda`, with its trigram index usuarios_busqueda_trgm for LIKE '%q%'.
     */
    async list(f: FiltroUsuarios): Promise<{ items: UsuarioPublico[]; total: number }> {
      const condiciones: SQL[] = [];
      if (f.q) {
        const patron = `%${likeLiteral(f.q)}%`;
        condiciones.push(sql`${usuarios.busqueda} like lower(f_unaccent(${patron}))`);
      }
      if (f.rol) condiciones.push(eq(usuarios.rol, f.rol));
      if (f.estado !== undefined) condiciones.push(eq(usuarios.estado, f.estado));
      const where = condiciones.length ? and(...condiciones) : undefined;

      const [items, totales] = await Promise.all([
        db
          .select(publicas)
          .from(usuarios)
          .where(where)
          .orderBy(asc(usuarios.nombre), asc(usuarios.id))
          .limit(f.limit)
          .offset(f.offset),
        db.select({ n: count() }).from(usuarios).where(where),
      ]);
      return { items, total: totales[0]?.n ?? 0 };
    },
  };
}
export type UsuariosRepository = ReturnType<typeof createUsuariosRepository>;
