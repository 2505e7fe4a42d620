// A user form in its bordered card, its parts in one column: the staff's create and edit forms and the cards of
// «Mi perfil».
import { Paper, Stack } from '@mantine/core';
import { FormularioConEnvio, type FormularioConEnvioProps } from '../../../components/formulario-con-envio.tsx';

type Props<T> = FormularioConEnvioProps<T> & { gap?: 'lg' | 'xl'; maw?: number };

export function TarjetaFormulario<T>({ gap = 'xl', maw, children, ...formulario }: Props<T>) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={maw}>
      <FormularioConEnvio {...formulario}>
        <Stack gap={gap}>{children}</Stack>
      </FormularioConEnvio>
    </Paper>
  );
}
