// Dashboard sidebar entries, grouped by area and filtered by role. Only sections that are enabled in this
// installation are listed; routes of later issues stay reachable by URL but are not advertised here.
import type { Rol } from '@clinica/contracts/usuarios';
import {
  IconCategory,
  IconExternalLink,
  IconFolderPlus,
  IconLayoutDashboard,
  IconListDetails,
  IconShoppingBag,
  IconSparkles,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { paths } from './paths.ts';

export type NavItem = {
  label: string;
  to: string;
  icon: Icon;
  /** Roles that see the entry; absent means every signed-in person. */
  roles?: readonly Rol[];
};
export type NavGroup = { label: string | null; items: NavItem[] };

const personal: readonly Rol[] = ['administrador', 'asistente', 'doctor'];
const catalogo: readonly Rol[] = ['asistente', 'doctor', 'administrador'];

/** The full menu; `{userId}` in a path is filled in by buildNav. */
export const NAV: readonly NavGroup[] = [
  { label: null, items: [{ label: 'Panel', to: paths.dashboard, icon: IconLayoutDashboard }] },
  {
    label: 'Mi cuenta',
    items: [
      { label: 'Mi perfil', to: paths.editarUsuario('{userId}'), icon: IconUserCircle },
      { label: 'Mi carrito', to: paths.carrito, icon: IconShoppingBag },
    ],
  },
  {
    label: 'Usuarios',
    items: [
      { label: 'Lista de usuarios', to: paths.listarUsuarios, icon: IconUsers, roles: personal },
      { label: 'Crear usuario', to: paths.crearUsuario, icon: IconUserPlus, roles: ['administrador'] },
    ],
  },
  {
    label: 'Catálogo',
    items: [
      { label: 'Procedimientos', to: paths.consultarProcedimientos, icon: IconSparkles, roles: catalogo },
      { label: 'Nuevo procedimiento', to: paths.crearProcedimiento, icon: IconListDetails, roles: catalogo },
      { label: 'Categorías', to: paths.categorias, icon: IconCategory, roles: catalogo },
      { label: 'Nueva categoría', to: paths.crearCategoria, icon: IconFolderPlus, roles: catalogo },
    ],
  },
  { label: null, items: [{ label: 'Ver sitio', to: paths.inicio, icon: IconExternalLink }] },
];

/** Role names are compared case-insensitively (SPEC 6 treats 'Doctor' and 'doctor' alike). */
function normalizeRole(role: string | null | undefined): string | null {
  return role ? role.trim().toLowerCase() : null;
}

/**
 * The menu one person sees: entries filtered by role, `{userId}` filled in (the profile entry is left out when the
 * session has no user id), empty groups dropped.
 */
export function buildNav(userRole: string | null | undefined, userId: number | string | null | undefined): NavGroup[] {
  const role = normalizeRole(userRole);
  const groups: NavGroup[] = [];
  for (const group of NAV) {
    const items: NavItem[] = [];
    for (const item of group.items) {
      if (item.roles && !(role && (item.roles as readonly string[]).includes(role))) continue;
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
