// The one query-key factory of the clinical record (issue 9, issue 22). A saved record is put in the cache under
// each key that reads it; the rest of the record's queries are read again.
import type { QueryClient } from '@tanstack/react-query';

export const historiasKeys = {
  all: ['historias'] as const,
  lista: () => ['historias', 'lista'] as const,
  detalle: (id: number) => ['historias', 'detalle', id] as const,
  mia: (usuarioId: number) => ['historias', 'mia', usuarioId] as const,
  versiones: (id: number) => ['historias', 'versiones', id] as const,
  accesos: (usuarioId: number) => ['historias', 'accesos', usuarioId] as const,
  pacientes: (q: string) => ['historias', 'pacientes', q] as const,
  restringida: (id: number) => ['historias', 'restringida', id] as const,
  productosAplicados: (pacienteId: number) => ['historias', 'productos-aplicados', pacienteId] as const,
  /** Under the attachments' 'fotos' root (features/citas/api/adjuntos-api.ts keeps the appointment's photos). */
  fotosPaciente: (pacienteId: number) => ['fotos', 'paciente', pacienteId] as const,
};

/** After a record is created or edited: set it where it is read, refetch the list, versions and reads. */
export function guardada(qc: QueryClient, h: { id: number; paciente_id: number }) {
  qc.setQueryData(historiasKeys.detalle(h.id), h);
  qc.setQueryData(historiasKeys.mia(h.paciente_id), h);
  return qc.invalidateQueries({
    predicate: (q) => {
      const [raiz, tipo, id] = q.queryKey;
      return raiz === 'historias' && !((tipo === 'detalle' && id === h.id) || (tipo === 'mia' && id === h.paciente_id));
    },
  });
}
