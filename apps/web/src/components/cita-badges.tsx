// Type and status badges of an appointment (SPEC 2): type evaluacion -> info, any other -> success; status
// confirmada -> success, pendiente -> warning, realizada -> primary, anything else -> danger. Colour and text
// (DESIGN: status never by colour alone). `data-tono` names the SPEC colour, for tests and styles. Shared by the
// staff agenda, the patient screens and the dashboard.
import { Badge } from '@mantine/core';
import { colorEstado, type Estado } from '../app/theme.ts';
import classes from './cita-badges.module.css';

const ETIQUETAS_TIPO: Record<string, string> = {
  evaluacion: 'Evaluación',
  procedimiento: 'Procedimiento',
  control: 'Control',
};
const ETIQUETAS_ESTADO: Record<string, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  realizada: 'Realizada',
  cancelada: 'Cancelada',
};

const capitalizar = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

/** 'Evaluación', 'Procedimiento', 'Control' (an unknown value, capitalised as it came). */
export const etiquetaTipo = (tipo: string) => ETIQUETAS_TIPO[tipo] ?? capitalizar(tipo);
/** 'Pendiente', 'Confirmada', 'Realizada', 'Cancelada'. */
export const etiquetaEstado = (estado: string) => ETIQUETAS_ESTADO[estado] ?? capitalizar(estado);

export const tonoTipo = (tipo: string): Estado => (tipo === 'evaluacion' ? 'info' : 'success');
export function tonoEstado(estado: string): Estado {
  if (estado === 'confirmada') return 'success';
  if (estado === 'pendiente') return 'warning';
  if (estado === 'realizada') return 'primary';
  return 'danger';
}

/** A badge in one of the SPEC tones with AA contrast in both schemes (the outbox states use it too). */
export function CitaBadge({ tono, texto, size }: { tono: Estado; texto: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge
      color={colorEstado[tono]}
      variant="light"
      size={size}
      className={classes.badge}
      data-tono={tono}
      // Mantine sets its badge colours as inline variables; these point them at the AA tones of the module.
      vars={() => ({
        root: {
          '--badge-bg': 'var(--cita-bg)',
          '--badge-color': 'var(--cita-texto)',
          '--badge-bd': '1px solid var(--cita-borde)',
        },
      })}
    >
      {texto}
    </Badge>
  );
}

export function TipoCitaBadge({ tipo, size }: { tipo: string; size?: 'sm' | 'md' | 'lg' }) {
  return <CitaBadge tono={tonoTipo(tipo)} texto={etiquetaTipo(tipo)} size={size} />;
}

export function EstadoCitaBadge({ estado, size }: { estado: string; size?: 'sm' | 'md' | 'lg' }) {
  return <CitaBadge tono={tonoEstado(estado)} texto={etiquetaEstado(estado)} size={size} />;
}
