// Gallery of a service page: the large image (url_detalle) and thumbnails that switch it.
import type { ImagenWire } from '@clinica/contracts/catalogo';
import { Group, Stack } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { FotoProcedimiento } from '../../../components/foto-procedimiento.tsx';
import { mediaUrl } from '../../../lib/media.ts';
import classes from '../servicios.module.css';

export function Galeria({ imagenes, nombre }: { imagenes: ImagenWire[]; nombre: string }) {
  const [actual, setActual] = useState(0);
  const ordenadas = [...imagenes].sort((a, b) => a.orden - b.orden);
  const principal = ordenadas[Math.min(actual, ordenadas.length - 1)];

  return (
    <Stack gap="sm">
      <FotoProcedimiento
        url={principal?.url_detalle}
        alt={principal?.alt || nombre}
        ancho={1200}
        alto={900}
        prioridad
        sinImagen={<IconSparkles size={64} stroke={1.2} />}
        className={classes.galeriaPrincipal}
      />
      {ordenadas.length > 1 && (
        <Group gap="xs" role="group" aria-label="Imágenes del tratamiento">
          {ordenadas.map((img, i) => (
            <button
              key={img.id}
              type="button"
              className={classes.miniatura}
              aria-current={i === actual ? 'true' : undefined}
              aria-label={`Ver imagen ${i + 1} de ${ordenadas.length}${img.alt ? `: ${img.alt}` : ''}`}
              onClick={() => setActual(i)}
            >
              <img src={mediaUrl(img.url_tarjeta)} alt="" width={76} height={57} loading="lazy" decoding="async" />
            </button>
          ))}
        </Group>
      )}
    </Stack>
  );
}
