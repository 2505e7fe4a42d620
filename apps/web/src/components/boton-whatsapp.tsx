// «Escribir por WhatsApp»: the clinic's chat in a new tab; `href` may carry a message already written
// (the cart names its treatments).
import { Button, type ButtonProps } from '@mantine/core';
import { IconBrandWhatsapp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { clinica } from '../lib/clinica.ts';

type Props = Omit<ButtonProps, 'leftSection'> & { href?: string; children?: ReactNode };

export function BotonWhatsApp({ href = clinica.whatsappHref, children = 'Escribir por WhatsApp', ...boton }: Props) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={<IconBrandWhatsapp size={18} aria-hidden="true" />}
      {...boton}
    >
      {children}
    </Button>
  );
}
