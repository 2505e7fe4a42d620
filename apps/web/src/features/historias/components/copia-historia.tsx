// The patient's copy (issue 9 item 7; Ley 2015 de 2020, Ley 1581 de 2012): two downloads, the complete record as
// one PDF and the personal data as JSON. Used on the patient's own record and, with other words, by the doctor.
import { Button, Flex, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconJson } from '@tabler/icons-react';
import { useState } from 'react';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import type { FormatoCopia } from '../../../lib/api/historias/descargar-copia.ts';

const ETIQUETA_LARGA = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal', lineHeight: 1.3 },
} as const;

export function CopiaHistoria({
  titulo,
  descripcion,
  etiquetas,
  descargar,
}: {
  titulo: string;
  descripcion: string;
  etiquetas: Record<FormatoCopia, string>;
  descargar: (formato: FormatoCopia) => Promise<void>;
}) {
  const [bajando, setBajando] = useState<FormatoCopia | null>(null);
  const bajar = async (formato: FormatoCopia) => {
    setBajando(formato);
    try {
      await descargar(formato);
    } catch (err) {
      notifications.show({ color: 'red', title: 'No pudimos preparar la descarga', message: mensajeDeError(err) });
    } finally {
      setBajando(null);
    }
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="copia-titulo">
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4" id="copia-titulo">
            {titulo}
          </Title>
          <Text size="sm" c="dimmed">
            {descripcion}
          </Text>
        </div>
        {/* On a phone the buttons take the whole width and their long labels wrap instead of being cut. */}
        <Flex gap="sm" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
          <Button
            styles={ETIQUETA_LARGA}
            leftSection={<IconFileDownload size={18} aria-hidden="true" />}
            loading={bajando === 'pdf'}
            disabled={bajando !== null && bajando !== 'pdf'}
            onClick={() => void bajar('pdf')}
          >
            {etiquetas.pdf}
          </Button>
          <Button
            variant="light"
            styles={ETIQUETA_LARGA}
            leftSection={<IconJson size={18} aria-hidden="true" />}
            loading={bajando === 'json'}
            disabled={bajando !== null && bajando !== 'json'}
            onClick={() => void bajar('json')}
          >
            {etiquetas.json}
          </Button>
        </Flex>
      </Stack>
    </Paper>
  );
}
