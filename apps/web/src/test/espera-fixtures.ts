// Waitlist rows as the API answers them (issue 25, item 1), for the desk's screen and the patient's Mis citas tests.
import { instanteLocal } from '@clinica/contracts/tiempo';
import type { EntradaEsperaWire, OfertaEsperaWire } from '../lib/api/espera/espera.ts';
import { zonaClinica } from '../lib/tiempo.ts';

const a = (dia: string, hora: string) => instanteLocal(dia, hora, zonaClinica).toISOString();

/** An open offer of 9:00-9:30 on `dia`, 20 minutes left to answer. */
export const ofertaDePrueba = (dia: string, over: Partial<OfertaEsperaWire> = {}): OfertaEsperaWire => ({
  id: 70,
  lista_espera_id: 5,
  estado: 'ofrecida',
  doctor: { id: 3, nombre: 'Dra. Ruiz' },
  inicio: a(dia, '09:00'),
  fin: a(dia, '09:30'),
  vence_en: new Date(Date.now() + 20 * 60_000).toISOString(),
  ofrecida_por: null,
  creada_en: new Date().toISOString(),
  respondida_en: null,
  cita_id: null,
  valor: null,
  ...over,
});

/** Ana Gómez waiting for an evaluation on the morning of `dia`, with any doctor. */
export const entradaDePrueba = (dia: string, over: Partial<EntradaEsperaWire> = {}): EntradaEsperaWire => ({
  id: 5,
  paciente: { id: 1, nombre: 'Ana Gómez', telefono: '3001234567', correo: 'ana@correo.test' },
  tipo: 'evaluacion',
  procedimiento: null,
  doctor: null,
  desde: dia,
  hasta: dia,
  franjas: ['manana'],
  nota: null,
  estado: 'activa',
  creada_en: new Date().toISOString(),
  cita_id: null,
  ofertas: [],
  ...over,
});

/** The procedures list with none. */
export const sinProcedimientos = { items: [], total: 0, pagina: 1, porPagina: 100 };
