// The two buttons the forms and account screens repeat: a form's submit button and a link to another page of the
// app styled as a button, each with its icon (18 px, hidden from screen readers) before the text.
//   <BotonEnviar cargando={mutation.isPending} icono={IconDeviceFloppy}>Guardar cambios</BotonEnviar>
//   <BotonEnlace to={paths.listarUsuarios} icono={IconArrowLeft} variant="default">Volver a la lista</BotonEnlace>
import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, type To } from 'react-router';

type Props = Omit<ButtonProps, 'leftSection'> & { icono: Icon };

/** Submits its form; shows a spinner (and takes no second click) while `cargando`. */
export function BotonEnviar({ icono: Icono, cargando, ...props }: Props & { cargando: boolean }) {
  return <Button type="submit" loading={cargando} leftSection={<Icono size={18} aria-hidden="true" />} {...props} />;
}

/** Opens `to` in the app's router. */
export function BotonEnlace({ icono: Icono, to, ...props }: Props & { to: To }) {
  return <Button component={Link} to={to} leftSection={<Icono size={18} aria-hidden="true" />} {...props} />;
}
