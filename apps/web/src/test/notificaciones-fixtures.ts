// A notification as the feeds send it: a new appointment (100 + id) and its details route, unread unless `leida`.
import type { NotificacionWire } from '@clinica/contracts/notificaciones';

export const notificacion = (id: number, leida = false, extra: Partial<NotificacionWire> = {}): NotificacionWire => ({
  id,
  mensaje: `Nueva cita con Paciente ${id}`,
  leida,
  archivada: false,
  tipo: 'cita_nueva',
  cita_id: 100 + id,
  ruta: `/detallescitas/${100 + id}`,
  creada_en: '2026-11-20T15:00:00.000Z',
  ...extra,
});
