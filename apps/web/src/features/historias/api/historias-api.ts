// Fetchers, query options and hooks of the clinical record (issue 9, STYLE 8). Mutations invalidate the queries
// they change; a saved record is put in the cache under each key that reads it.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyDe } from '@clinica/contracts/endpoint';
import type { EndpointDe } from '@clinica/contracts/endpoints';
import { adjuntosRutas } from '@clinica/contracts/adjuntos-rutas';
import { copiaHistoriaRutas } from '@clinica/contracts/copia-historia-rutas';
import { historiasRutas, rellenarPath, usuariosRutas } from '@clinica/contracts/rutas';
import { api, type RespuestaApi } from '../../../lib/api-client.ts';
import { descargar } from '../../../lib/descargas.ts';

export type HistoriaWire = RespuestaApi<typeof historiasRutas.buscar>;
export type HistoriaResumenWire = RespuestaApi<typeof historiasRutas.listar>[number];
export type VersionWire = RespuestaApi<typeof historiasRutas.versiones>[number];
export type AccesoWire = RespuestaApi<typeof historiasRutas.accesos>[number];
export type HistoriaRestringidaWire = RespuestaApi<typeof historiasRutas.resumen>;
export type FormatoCopia = 'pdf' | 'json';
export type CrearHistoriaBody = BodyDe<EndpointDe<typeof historiasRutas.crear>>;
export type EditarHistoriaBody = BodyDe<EndpointDe<typeof historiasRutas.editar>>;

export const historiasKeys = {
  all: ['historias'] as const,
  lista: () => ['historias', 'lista'] as const,
  detalle: (id: number) => ['historias', 'detalle', id] as const,
  mia: (usuarioId: number) => ['historias', 'mia', usuarioId] as const,
  versiones: (id: number) => ['historias', 'versiones', id] as const,
  accesos: (usuarioId: number) => ['historias', 'accesos', usuarioId] as const,
  pacientes: (q: string) => ['historias', 'pacientes', q] as const,
  restringida: (id: number) => ['historias', 'restringida', id] as const,
};

const valido = (id: number) => Number.isInteger(id) && id > 0;

// ---- fetchers -------------------------------------------------------------------------------------
export const listarHistorias = () => api(historiasRutas.listar);
export const buscarHistoria = (id: number) => api(historiasRutas.buscar, { params: { id } });
export const miHistoria = (usuarioId: number) => api(historiasRutas.mia, { params: { usuarioId } });
export const versionesHistoria = (id: number) => api(historiasRutas.versiones, { params: { id } });
export const accesosHistoria = (usuarioId: number) => api(historiasRutas.accesos, { params: { usuarioId } });
/** The front desk's view: demographics and alert flags only (DOMAIN.md). */
export const historiaRestringida = (id: number) => api(historiasRutas.resumen, { params: { id } });
/** The patient's own complete record (PDF) or personal data (JSON), saved as a file. */
export const descargarMiCopia = (usuarioId: number, formato: FormatoCopia) =>
  descargar(
    rellenarPath((formato === 'pdf' ? copiaHistoriaRutas.miPdf : copiaHistoriaRutas.misDatos).path, { usuarioId }),
    `historia-clinica.${formato}`,
  );
/** The same, produced by a doctor for a patient (audited; the patient sees it among the reads of her record). */
export const descargarCopiaPaciente = (pacienteId: number, formato: FormatoCopia) =>
  descargar(
    rellenarPath((formato === 'pdf' ? copiaHistoriaRutas.pdfPaciente : copiaHistoriaRutas.datosPaciente).path, {
      pacienteId,
    }),
    `historia-clinica.${formato}`,
  );
export const crearHistoria = (datos: CrearHistoriaBody) => api(historiasRutas.crear, { body: datos });
export const editarHistoria = (id: number, datos: EditarHistoriaBody) =>
  api(historiasRutas.editar, { params: { id }, body: datos });
/** Active patients matching a search, for the doctor's "whose record" picker. */
export const buscarPacientes = (q: string) =>
  api(usuariosRutas.listar, { query: { q: q.trim(), rol: 'paciente', estado: 'true', pagina: 1, porPagina: 20 } });

// ---- queries --------------------------------------------------------------------------------------
export const listaHistoriasQuery = (enabled = true) =>
  queryOptions({ queryKey: historiasKeys.lista(), queryFn: listarHistorias, enabled });
export const historiaQuery = (id: number) =>
  queryOptions({ queryKey: historiasKeys.detalle(id), queryFn: () => buscarHistoria(id), enabled: valido(id) });
export const miHistoriaQuery = (usuarioId: number) =>
  queryOptions({
    queryKey: historiasKeys.mia(usuarioId),
    queryFn: () => miHistoria(usuarioId),
    enabled: valido(usuarioId),
  });
export const versionesQuery = (id: number, enabled = true) =>
  queryOptions({
    queryKey: historiasKeys.versiones(id),
    queryFn: () => versionesHistoria(id),
    enabled: enabled && valido(id),
  });
export const accesosQuery = (usuarioId: number, enabled = true) =>
  queryOptions({
    queryKey: historiasKeys.accesos(usuarioId),
    queryFn: () => accesosHistoria(usuarioId),
    enabled: enabled && valido(usuarioId),
  });

export const historiaRestringidaQuery = (id: number, enabled = true) =>
  queryOptions({
    queryKey: historiasKeys.restringida(id),
    queryFn: () => historiaRestringida(id),
    enabled: enabled && valido(id),
  });

export const useListaHistorias = (enabled = true) => useQuery(listaHistoriasQuery(enabled));
export const useHistoria = (id: number) => useQuery(historiaQuery(id));
export const useMiHistoria = (usuarioId: number) => useQuery(miHistoriaQuery(usuarioId));
export const useVersiones = (id: number, enabled = true) => useQuery(versionesQuery(id, enabled));
export const useAccesos = (usuarioId: number, enabled = true) => useQuery(accesosQuery(usuarioId, enabled));
export const useHistoriaRestringida = (id: number, enabled = true) => useQuery(historiaRestringidaQuery(id, enabled));
export const usePacientes = (q: string, enabled: boolean) =>
  useQuery({ queryKey: historiasKeys.pacientes(q.trim()), queryFn: () => buscarPacientes(q), enabled });

// ---- mutations ------------------------------------------------------------------------------------
function useGuardada() {
  const qc = useQueryClient();
  return (h: HistoriaWire) => {
    qc.setQueryData(historiasKeys.detalle(h.id), h);
    qc.setQueryData(historiasKeys.mia(h.paciente_id), h);
    return qc.invalidateQueries({
      predicate: (q) => {
        const [raiz, tipo, id] = q.queryKey;
        // The record itself was just set: refetch the list, versions and reads, not the record.
        return (
          raiz === 'historias' && !((tipo === 'detalle' && id === h.id) || (tipo === 'mia' && id === h.paciente_id))
        );
      },
    });
  };
}

export function useCrearHistoria() {
  const guardada = useGuardada();
  return useMutation({ mutationFn: crearHistoria, onSuccess: (h) => guardada(h) });
}

export function useEditarHistoria(id: number) {
  const guardada = useGuardada();
  return useMutation({
    mutationFn: (datos: EditarHistoriaBody) => editarHistoria(id, datos),
    onSuccess: (h) => guardada(h),
  });
}

// ---- before/after photos (issue 9, item 6) ----------------------------------------------------------
export type FotosDePacienteWire = RespuestaApi<typeof adjuntosRutas.fotosPaciente>;
export const fotosDePaciente = (pacienteId: number) => api(adjuntosRutas.fotosPaciente, { params: { pacienteId } });
export function useFotosDePaciente(pacienteId: number) {
  return useQuery({
    queryKey: ['fotos', 'paciente', pacienteId] as const,
    queryFn: () => fotosDePaciente(pacienteId),
    enabled: pacienteId > 0,
  });
}
