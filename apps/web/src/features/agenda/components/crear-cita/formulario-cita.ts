// The desk's booking form (decision 0007): @mantine/form validated by the contracts' crearCitaSchema, plus the
// choices the schema cannot require field by field (it serves the patient's own booking too, where the patient
// and the procedure are not asked). Messages show after a submit attempt; a field's message goes when it changes.
import { useForm } from '@mantine/form';
import { crearCitaSchema, type TipoCita } from '@clinica/contracts/citas';
import { esDiaNoHabil, FECHA } from '@clinica/contracts/tiempo';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import type { EspacioWire } from '../../../../lib/api/disponibilidad/get-disponibilidad.ts';
import { zodFormOptions } from '../../../../lib/forms/zod-form.ts';
import { hoy } from '../../../../lib/tiempo.ts';

export type ValoresCita = {
  paciente: UsuarioWire | null;
  tipo: TipoCita;
  /** Procedure id, '' until chosen (only for tipo procedimiento). */
  procedimiento: string;
  /** Doctor id, '' for any doctor: filters the free times; the chosen time says who attends. */
  doctor: string;
  dia: string | null;
  espacio: EspacioWire | null;
  /** null until the person writes one: meanwhile the treatment they came from, if any, is the proposed reason. */
  motivo: string | null;
};

export const etiquetaPaciente = (u: Pick<UsuarioWire, 'nombre' | 'tipodocumento' | 'numerodocumento'>) =>
  `${u.nombre} · ${u.tipodocumento} ${u.numerodocumento}`;

const MENSAJES = {
  paciente: 'Elige la paciente de la cita.',
  procedimiento: 'Elige el procedimiento de la cita.',
  dia: 'Elige el día de la cita.',
  espacio: 'Elige una de las horas libres.',
};

/** What the form would send, as crearCitaSchema takes it. */
const cuerpo = (v: ValoresCita) => ({
  doctor_id: v.espacio?.doctor_id,
  inicio: v.espacio?.inicio,
  tipo: v.tipo,
  paciente_id: v.paciente?.id,
  procedimiento_id: v.tipo === 'procedimiento' && v.procedimiento ? Number(v.procedimiento) : undefined,
  motivo: v.motivo?.trim() || undefined,
});

/** The calendar's «Nueva cita» passes the day and doctor it was showing; a day already past or closed is ignored. */
export function valoresIniciales(fecha: string, doctor: number): ValoresCita {
  return {
    paciente: null,
    tipo: 'evaluacion',
    procedimiento: '',
    doctor: Number.isInteger(doctor) && doctor > 0 ? String(doctor) : '',
    dia: FECHA.test(fecha) && fecha >= hoy() && !esDiaNoHabil(fecha) ? fecha : null,
    espacio: null,
    motivo: null,
  };
}

export function useFormularioCita(iniciales: ValoresCita) {
  return useForm({
    initialValues: iniciales,
    ...zodFormOptions({
      schema: crearCitaSchema,
      toInput: cuerpo,
      extraErrors: (v) => ({
        paciente: v.paciente ? undefined : MENSAJES.paciente,
        procedimiento: v.tipo === 'procedimiento' && !v.procedimiento ? MENSAJES.procedimiento : undefined,
        dia: v.dia ? undefined : MENSAJES.dia,
        espacio: v.espacio ? undefined : MENSAJES.espacio,
      }),
    }),
  });
}

export type FormularioCita = ReturnType<typeof useFormularioCita>;
