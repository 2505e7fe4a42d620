// Dashboard sidebar entries, grouped by area and filtered by role. Only sections that are enabled in this
// installation are listed; routes of later issues stay reachable by URL but are not advertised here.
// Who sees an entry is the auth rule of the API endpoints its screen needs, read from the contracts (zod-free).
import { normalizarRol, permite, type AuthRule, type Rol } from '@clinica/contracts/roles';
import {
  auditoriaRutas,
  categoriasRutas,
  citasRutas,
  correosRutas,
  historiasRutas,
  notificacionesDoctorRutas,
  procedimientosRutas,
  respaldosRutas,
  usuariosRutas,
} from '@clinica/contracts/rutas';
import { pagosRutas } from '@clinica/contracts/pagos-rutas';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { reportesRutas } from '@clinica/contracts/reportes-rutas';
import { trazabilidadRutas } from '@clinica/contracts/trazabilidad-rutas';
import { esperaRutas } from '@clinica/contracts/espera-rutas';
import {
  IconCalendarCog,
  IconCash,
  IconChartBar,
  IconVaccineBottle,
  IconBellExclamation,
  IconRepeat,
  IconReceipt,
  IconCalendarHeart,
  IconCalendarPlus,
  IconCalendarWeek,
  IconCategory,
  IconClipboardHeart,
  IconExternalLink,
  IconFilePlus,
  IconFileSearch,
  IconFolderPlus,
  IconLayoutDashboard,
  IconListDetails,
  IconListNumbers,
  IconListSearch,
  IconPackage,
  IconPackages,
  IconMail,
  IconDatabaseExport,
  IconShieldLock,
  IconShoppingBag,
  IconSparkles,
  IconStethoscope,
  IconTable,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../lib/paths.ts';

export type NavItem = {
  label: string;
  to: string;
  icon: Icon;
  /** The server's rule for what the screen does; absent means every signed-in person. */
  auth?: AuthRule;
  /** What the entry is called for a role whose screen does less (the front desk registers patients only). */
  labelPorRol?: Partial<Record<Rol, string>>;
};
export type NavGroup = { label: string | null; items: NavItem[] };

/** The full menu; `{userId}` in a path is filled in by buildNav. */
export const NAV: readonly NavGroup[] = [
  { label: null, items: [{ label: 'Panel', to: paths.dashboard, icon: IconLayoutDashboard }] },
  {
    label: 'Agenda',
    items: [
      {
        label: 'Panel del médico',
        to: paths.panelDoctor,
        icon: IconStethoscope,
        auth: notificacionesDoctorRutas.listar.auth,
      },
      { label: 'Calendario', to: paths.calendarioCitas, icon: IconCalendarWeek, auth: citasRutas.listar.auth },
      { label: 'Agendar cita', to: paths.crearCitaAsistente, icon: IconCalendarPlus, auth: citasRutas.editar.auth },
      { label: 'Consultar citas', to: paths.consultarCitas, icon: IconListSearch, auth: citasRutas.listar.auth },
      { label: 'Todas las citas', to: paths.verTodoCita, icon: IconTable, auth: citasRutas.listar.auth },
      { label: 'Lista de espera', to: paths.listaEspera, icon: IconListNumbers, auth: esperaRutas.ofrecer.auth },
      {
        label: 'Horarios y bloqueos',
        to: paths.agendaHorarios,
        icon: IconCalendarCog,
        auth: citasRutas.reemplazarHorarios.auth,
      },
    ],
  },
  {
    label: 'Mi cuenta',
    items: [
      { label: 'Mi perfil', to: paths.editarUsuario('{userId}'), icon: IconUserCircle },
      { label: 'Mis citas', to: paths.misCitas, icon: IconCalendarHeart },
      // A clinical record belongs to a patient (DOMAIN.md), so only patients have one of their own to open.
      {
        label: 'Mi historia clínica',
        to: paths.miHistorialClinico('{userId}'),
        icon: IconClipboardHeart,
        auth: ['paciente'],
      },
      { label: 'Mis pagos', to: paths.misPagos, icon: IconReceipt, auth: pagosRutas.misPagos.auth },
      { label: 'Mis avisos', to: paths.misAvisos, icon: IconBellExclamation, auth: trazabilidadRutas.misAvisos.auth },
      { label: 'Mis paquetes', to: paths.paquetesPaciente('{userId}'), icon: IconPackage, auth: ['paciente'] },
      { label: 'Mi carrito', to: paths.carrito, icon: IconShoppingBag },
    ],
  },
  {
    label: 'Caja',
    items: [{ label: 'Caja del día', to: paths.caja, icon: IconCash, auth: pagosRutas.caja.auth }],
  },
  {
    label: 'Reportes',
    items: [
      {
        label: 'Reportes',
        to: paths.reportes,
        icon: IconChartBar,
        auth: reportesRutas.ingresos.auth,
        labelPorRol: { doctor: 'Mis reportes' },
      },
    ],
  },
  {
    label: 'Usuarios',
    items: [
      { label: 'Lista de usuarios', to: paths.listarUsuarios, icon: IconUsers, auth: usuariosRutas.listar.auth },
      {
        label: 'Crear usuario',
        to: paths.crearUsuario,
        icon: IconUserPlus,
        auth: usuariosRutas.crearAdmin.auth,
        labelPorRol: { asistente: 'Registrar paciente' },
      },
    ],
  },
  {
    label: 'Historia clínica',
    items: [
      {
        label: 'Historial médico',
        to: paths.consultarHistorialMedico,
        icon: IconClipboardHeart,
        auth: historiasRutas.listar.auth,
      },
      // Staff who may create a record: those of the list who may also write one (the doctor; DOMAIN.md).
      {
        label: 'Nueva historia clínica',
        to: paths.crearHistorialClinico,
        icon: IconFilePlus,
        auth: historiasRutas.listar.auth.filter((r) => permite(historiasRutas.crear.auth, r)),
      },
    ],
  },
  {
    label: 'Catálogo',
    items: [
      // The management list (inactive procedures included) is for those who may edit them.
      {
        label: 'Procedimientos',
        to: paths.consultarProcedimientos,
        icon: IconSparkles,
        auth: procedimientosRutas.editar.auth,
      },
      {
        label: 'Nuevo procedimiento',
        to: paths.crearProcedimiento,
        icon: IconListDetails,
        auth: procedimientosRutas.crear.auth,
      },
      { label: 'Categorías', to: paths.categorias, icon: IconCategory, auth: categoriasRutas.editar.auth },
      { label: 'Nueva categoría', to: paths.crearCategoria, icon: IconFolderPlus, auth: categoriasRutas.crear.auth },
      { label: 'Paquetes de sesiones', to: paths.paquetes, icon: IconPackages, auth: paquetesRutas.listar.auth },
      { label: 'Insumos y lotes', to: paths.insumos, icon: IconVaccineBottle, auth: insumosRutas.productos.auth },
      {
        label: 'Retratamientos',
        to: paths.retratamientos,
        icon: IconRepeat,
        auth: trazabilidadRutas.retratamientos.auth,
      },
    ],
  },
  {
    label: 'Administración',
    items: [
      { label: 'Correos salientes', to: paths.correos, icon: IconMail, auth: correosRutas.bandeja.auth },
      { label: 'Respaldos', to: paths.respaldos, icon: IconDatabaseExport, auth: respaldosRutas.listar.auth },
      { label: 'Auditoría', to: paths.auditoria, icon: IconFileSearch, auth: auditoriaRutas.listar.auth },
      {
        label: 'Bloqueos de inicio de sesión',
        to: paths.seguridad,
        icon: IconShieldLock,
        auth: usuariosRutas.bloqueosRecientes.auth,
      },
    ],
  },
  { label: null, items: [{ label: 'Ver sitio', to: paths.inicio, icon: IconExternalLink }] },
];

/**
 * The menu one person sees: entries filtered by role (case-insensitively, SPEC 6; an unknown role sees what any
 * signed-in person sees), `{userId}` filled in (the profile entry is left out when the session has no user id),
 * empty groups dropped.
 */
export function buildNav(userRole: string | null | undefined, userId: number | string | null | undefined): NavGroup[] {
  const groups: NavGroup[] = [];
  const rol = normalizarRol(userRole);
  for (const group of NAV) {
    const items: NavItem[] = [];
    for (const entry of group.items) {
      if (entry.auth && !permite(entry.auth, userRole)) continue;
      const label = (rol && entry.labelPorRol?.[rol]) || entry.label;
      const item = label === entry.label ? entry : { ...entry, label };
      if (item.to.includes('{userId}')) {
        if (userId === null || userId === undefined || userId === '') continue;
        items.push({ ...item, to: item.to.replace('{userId}', encodeURIComponent(String(userId))) });
      } else {
        items.push(item);
      }
    }
    if (items.length) groups.push({ label: group.label, items });
  }
  return groups;
}
