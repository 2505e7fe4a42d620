// Usable lots and charted points as the API answers them, for the chart editor's tests.
import type { PuntoAplicadoWire } from '@clinica/contracts/mapa-facial';
import type { LoteUsableWire } from '../../../../lib/api/insumos/tipos.ts';

const toxina = {
  id: 3,
  nombre: 'Toxina botulínica 100 U',
  unidad: 'U',
  tipo: 'toxina_botulinica',
  registro_invima: 'INVIMA 2018M-0018456',
} as const;
const hialuronico = {
  id: 2,
  nombre: 'Ácido hialurónico 1 mL',
  unidad: 'mL',
  tipo: 'acido_hialuronico',
  registro_invima: 'INVIMA 2019DM-0020231',
} as const;

export const loteToxina: LoteUsableWire = {
  id: 11,
  numero: 'TX-881',
  vence_el: '2027-05-31',
  existencia: 50,
  producto: toxina,
};
export const loteHialuronico: LoteUsableWire = {
  id: 12,
  numero: 'B2291',
  vence_el: '2027-08-31',
  existencia: 1.5,
  producto: hialuronico,
};
export const lotesUsables = [loteToxina, loteHialuronico];

export const puntoAplicado = (extra: Partial<PuntoAplicadoWire> = {}): PuntoAplicadoWire => ({
  id: 1,
  vista: 'frontal',
  zona: 'glabela',
  x: 500,
  y: 405,
  cantidad: 4,
  plano: 'intramuscular',
  tecnica: 'bolo',
  dispositivo: 'aguja',
  calibre: '30G',
  nota: '',
  lote: { id: loteToxina.id, numero: loteToxina.numero, vence_el: loteToxina.vence_el },
  producto: toxina,
  ...extra,
});

export const puntoHialuronico = (extra: Partial<PuntoAplicadoWire> = {}) =>
  puntoAplicado({
    vista: 'frontal',
    zona: 'labio_superior',
    x: 500,
    y: 657,
    cantidad: 1,
    plano: 'subdermico',
    tecnica: 'lineal_retrogrado',
    dispositivo: 'canula',
    calibre: '25G',
    lote: { id: loteHialuronico.id, numero: loteHialuronico.numero, vence_el: loteHialuronico.vence_el },
    producto: hialuronico,
    ...extra,
  });
