// A user's public columns read by id for each row of the outer query: join it with
// `innerJoinLateral(usuarioPorId('doctor', citas.doctor_id), sql\`true\`)`.
import { eq } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { usuarios } from './schema/index.ts';

/**
 * LATERAL (... LIMIT 1) is never flattened into a plain join, so PostgreSQL looks the user up by primary key for each
 * row. As a plain join it could merge-join `usuarios` in id order and, for a user created after the last ANALYZE
 * (a doctor hired when there are already thousands of patients), walk every user before theirs: 20-48 ms for one
 * appointment with 100,000 patients (bench/results/perfil.md).
 */
export function usuarioPorId<A extends string>(alias: A, id: AnyPgColumn) {
  return new QueryBuilder()
    .select({
      nombre: usuarios.nombre,
      correo: usuarios.correo,
      telefono: usuarios.telefono,
      tipodocumento: usuarios.tipodocumento,
      numerodocumento: usuarios.numerodocumento,
      fecha_nacimiento: usuarios.fecha_nacimiento,
      genero: usuarios.genero,
      registro_profesional: usuarios.registro_profesional,
    })
    .from(usuarios)
    .where(eq(usuarios.id, id))
    .limit(1)
    .as(alias);
}
