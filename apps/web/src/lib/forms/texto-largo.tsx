// A free-text field that grows with what is written (Mantine's Textarea with autosize): it opens with `filas` lines
// and takes at most `maximo` characters, the limit the server's schema sets, so nothing typed is cut off later.
import { Textarea, type TextareaProps } from '@mantine/core';

export type TextoLargoProps = Omit<TextareaProps, 'autosize' | 'minRows' | 'maxLength'> & {
  filas: number;
  maximo: number;
};

export function TextoLargo({ filas, maximo, ...props }: TextoLargoProps) {
  return <Textarea autosize minRows={filas} maxLength={maximo} {...props} />;
}
