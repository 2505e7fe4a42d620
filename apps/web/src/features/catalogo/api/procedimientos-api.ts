// Procedures and their images: fetchers, query options and hooks (STYLE 8). Every mutation invalidates the
// 'procedimientos' queries (lists, details, public pages) and the 'categorias' ones (procedure counts).
import { IMAGEN_CAMPO, IMAGEN_CAMPO_ALT, type ImagenWire, type ProcedimientoWire } from '@clinica/contracts/catalogo';
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { procedimientosRutas } from '@clinica/contracts/rutas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';

export type CrearProcedimientoBody = BodyDe<EndpointDe<typeof procedimientosRutas.crear>>;
export type EditarProcedimientoBody = BodyDe<EndpointDe<typeof procedimientosRutas.editar>>;
export type ListaProcedimientos = RespuestaApi<typeof procedimientosRutas.listar>;
export type FiltrosProcedimientos = {
  pagina?: number;
  porPagina?: number;
  categoriaId?: number;
  q?: string;
  incluirInactivos?: boolean;
};

export const procedimientosKeys = {
  all: ['procedimientos'] as const,
  lista: (f: FiltrosProcedimientos) => ['procedimientos', 'lista', f] as const,
  detalle: (id: number) => ['procedimientos', 'detalle', id] as const,
};

export const listarProcedimientos = (f: FiltrosProcedimientos) =>
  api(procedimientosRutas.listar, {
    query: {
      pagina: f.pagina,
      porPagina: f.porPagina,
      categoriaId: f.categoriaId,
      q: f.q?.trim() || undefined,
      incluirInactivos: f.incluirInactivos ? 'true' : undefined,
    },
  });
export const buscarProcedimiento = (id: number) => api(procedimientosRutas.buscar, { params: { id } });
export const crearProcedimiento = (body: CrearProcedimientoBody) => api(procedimientosRutas.crear, { body });
export const editarProcedimiento = (id: number, body: EditarProcedimientoBody) =>
  api(procedimientosRutas.editar, { params: { id }, body });
export const eliminarProcedimiento = (id: number) => api(procedimientosRutas.eliminar, { params: { id } });

export function subirImagen(id: number, archivo: File, alt?: string): Promise<ImagenWire> {
  const form = new FormData();
  if (alt?.trim()) form.append(IMAGEN_CAMPO_ALT, alt.trim());
  form.append(IMAGEN_CAMPO, archivo, archivo.name);
  return api(procedimientosRutas.subirImagen, { params: { id }, body: form });
}
export const eliminarImagen = (id: number, imagenId: number) =>
  api(procedimientosRutas.eliminarImagen, { params: { id, imagenId } });
export const ordenarImagenes = (id: number, orden: number[]) =>
  api(procedimientosRutas.ordenarImagenes, { params: { id }, body: { orden } });

export const procedimientosQuery = (f: FiltrosProcedimientos) =>
  queryOptions({
    queryKey: procedimientosKeys.lista(f),
    queryFn: () => listarProcedimientos(f),
    placeholderData: keepPreviousData,
  });
export const procedimientoQuery = (id: number) =>
  queryOptions({
    queryKey: procedimientosKeys.detalle(id),
    queryFn: () => buscarProcedimiento(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useProcedimientos = (f: FiltrosProcedimientos) => useQuery(procedimientosQuery(f));
export const useProcedimiento = (id: number) => useQuery(procedimientoQuery(id));

function useInvalidarCatalogo() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: procedimientosKeys.all }),
      qc.invalidateQueries({ queryKey: ['categorias'] }),
    ]);
}

export function useCrearProcedimiento() {
  const invalidar = useInvalidarCatalogo();
  return useMutation({ mutationFn: crearProcedimiento, onSuccess: () => invalidar() });
}

export function useEditarProcedimiento(id: number) {
  const qc = useQueryClient();
  const invalidar = useInvalidarCatalogo();
  return useMutation({
    mutationFn: (body: EditarProcedimientoBody) => editarProcedimiento(id, body),
    onSuccess: (p) => {
      qc.setQueryData(procedimientosKeys.detalle(id), p);
      return invalidar();
    },
  });
}

export function useEliminarProcedimiento() {
  const invalidar = useInvalidarCatalogo();
  return useMutation({ mutationFn: eliminarProcedimiento, onSuccess: () => invalidar() });
}

/** Image mutations update the cached procedure right away, then refresh everything that shows images. */
function conImagenes(p: ProcedimientoWire | undefined, imagenes: ImagenWire[]): ProcedimientoWire | undefined {
  return p ? { ...p, imagenes } : p;
}

export function useSubirImagen(id: number) {
  const qc = useQueryClient();
  const invalidar = useInvalidarCatalogo();
  return useMutation({
    mutationFn: ({ archivo, alt }: { archivo: File; alt?: string }) => subirImagen(id, archivo, alt),
    onSuccess: (imagen) => {
      qc.setQueryData<ProcedimientoWire>(procedimientosKeys.detalle(id), (p) =>
        conImagenes(p, [...(p?.imagenes ?? []), imagen]),
      );
      return invalidar();
    },
  });
}

export function useEliminarImagen(id: number) {
  const qc = useQueryClient();
  const invalidar = useInvalidarCatalogo();
  return useMutation({
    mutationFn: (imagenId: number) => eliminarImagen(id, imagenId),
    onSuccess: (_r, imagenId) => {
      qc.setQueryData<ProcedimientoWire>(procedimientosKeys.detalle(id), (p) =>
        conImagenes(
          p,
          (p?.imagenes ?? []).filter((i) => i.id !== imagenId),
        ),
      );
      return invalidar();
    },
  });
}

export function useOrdenarImagenes(id: number) {
  const qc = useQueryClient();
  const invalidar = useInvalidarCatalogo();
  return useMutation({
    mutationFn: (orden: number[]) => ordenarImagenes(id, orden),
    onSuccess: (imagenes) => {
      qc.setQueryData<ProcedimientoWire>(procedimientosKeys.detalle(id), (p) => conImagenes(p, imagenes));
      return invalidar();
    },
  });
}
