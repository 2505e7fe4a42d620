// The patient's copy (issue 9 item 7; Ley 2015 de 2020, Ley 1581 de 2012): two downloads, the complete record as
// one PDF and the personal data as JSON. Used on the patient's own record and, with other words, by the doctor.
import { Button, Flex } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconJson } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import type { FormatoCopia } from '../../../lib/api/historias/descargar-copia.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';

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
  /** One download; while one is being prepared, the other waits. */
  const boton = (formato: FormatoCopia, icono: ReactNode, variant?: 'light') => (
    <Button
      variant={variant}
      styles={ETIQUETA_LARGA}
      leftSection={icono}
      loading={bajando === formato}
      disabled={bajando !== null && bajando !== formato}
      onClick={() => void bajar(formato)}
    >
      {etiquetas[formato]}
    </Button>
  );
  return (
    <SeccionTarjeta id="copia-titulo" titulo={titulo} descripcion={descripcion} relleno="lg">
      {/* On a phone the buttons take the whole width and their long labels wrap instead of being cut. */}
      <Flex gap="sm" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'center' }}>
        {boton('pdf', <IconFileDownload size={18} aria-hidden="true" />)}
        {boton('json', <IconJson size={18} aria-hidden="true" />, 'light')}
      </Flex>
    </SeccionTarjeta>
  );
}
