// The end of the staff's user forms (create, with or without an online account, and edit): «Cancelar» back to the
// list of users, and the submit button with its icon.
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BotonesFormulario } from '../../../lib/forms/botones-formulario.tsx';
import { paths } from '../../../lib/paths.ts';

export function BotonesUsuario({
  enviando,
  icono: Icono,
  children,
}: {
  enviando: boolean;
  icono: Icon;
  children: ReactNode;
}) {
  return (
    <BotonesFormulario
      cancelarA={paths.listarUsuarios}
      enviando={enviando}
      icono={<Icono size={18} aria-hidden="true" />}
    >
      {children}
    </BotonesFormulario>
  );
}
