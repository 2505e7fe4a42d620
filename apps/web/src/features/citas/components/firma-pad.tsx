// A signature pad on a <canvas> (issue 9, item 5): pointer events cover finger, pen and mouse; "Borrar" clears it.
// Written here rather than adding signature_pad (decision 0014). A drawing cannot be made with a keyboard or a
// screen reader, so the pad says so in text and points to the desk, where the patient can sign on a touch screen.
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEraser } from '@tabler/icons-react';
import { useEffect, useId, useRef, type PointerEvent } from 'react';
import classes from '../citas.module.css';

/** Canvas resolution in device pixels at most: enough for a clear signature, far under the API's size limit. */
const MAX_ANCHO = 900;
const ALTO_CSS = 180;

type Props = {
  /** Called with the PNG data URL after each stroke, or null once cleared. */
  onChange: (dataUrl: string | null) => void;
  error?: string | null;
  disabled?: boolean;
};

export function FirmaPad({ onChange, error, disabled }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dibujando = useRef(false);
  const ultimo = useRef<{ x: number; y: number } | null>(null);
  const trazos = useRef(0);
  const ayuda = useId();
  const errorId = useId();

  // Size the canvas to its box (and the screen's density) once; the stroke scales with it.
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const ancho = c.clientWidth || 600;
    const escala = Math.min(window.devicePixelRatio || 1, MAX_ANCHO / ancho, 2);
    c.width = Math.round(ancho * escala);
    c.height = Math.round(ALTO_CSS * escala);
    const ctx = c.getContext('2d');
    if (ctx) {
      ctx.scale(escala, escala);
      ctx.lineWidth = 2.5;
      ctx.lineCap = 'round';
      ctx.lineJoin = 'round';
      ctx.strokeStyle = '#1b2a4a';
    }
  }, []);

  const punto = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const empezar = (e: PointerEvent<HTMLCanvasElement>) => {
    if (disabled) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    dibujando.current = true;
    ultimo.current = punto(e);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) {
      // A tap leaves a dot.
      ctx.beginPath();
      ctx.arc(ultimo.current.x, ultimo.current.y, 1.2, 0, Math.PI * 2);
      ctx.fill();
    }
  };

  const mover = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!dibujando.current || !ultimo.current) return;
    e.preventDefault();
    const p = punto(e);
    const ctx = e.currentTarget.getContext('2d');
    if (ctx) {
      ctx.beginPath();
      ctx.moveTo(ultimo.current.x, ultimo.current.y);
      ctx.lineTo(p.x, p.y);
      ctx.stroke();
    }
    ultimo.current = p;
  };

  const terminar = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!dibujando.current) return;
    dibujando.current = false;
    ultimo.current = null;
    trazos.current += 1;
    onChange(e.currentTarget.toDataURL('image/png'));
  };

  const borrar = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (c && ctx) {
      ctx.save();
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, c.width, c.height);
      ctx.restore();
    }
    trazos.current = 0;
    onChange(null);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`${ayuda}-etiqueta`}>
        Tu firma
      </Text>
      <Text size="sm" c="dimmed" id={ayuda}>
        Firma dentro del recuadro con el dedo, un lápiz táctil o el mouse. Si no puedes dibujar la firma (por ejemplo,
        si usas teclado o lector de pantalla), pide en recepción que te ayuden a firmar en la pantalla táctil de la
        clínica.
      </Text>
      <canvas
        ref={canvas}
        className={classes.firmaPad}
        style={{ height: ALTO_CSS, touchAction: 'none' }}
        role="img"
        aria-labelledby={`${ayuda}-etiqueta`}
        aria-describedby={error ? `${ayuda} ${errorId}` : ayuda}
        data-invalido={error ? true : undefined}
        onPointerDown={empezar}
        onPointerMove={mover}
        onPointerUp={terminar}
        onPointerCancel={terminar}
        onPointerLeave={terminar}
      />
      {error && (
        <Text size="sm" c="red" id={errorId}>
          {error}
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          size="xs"
          onClick={borrar}
          disabled={disabled}
          leftSection={<IconEraser size={16} aria-hidden="true" />}
        >
          Borrar
        </Button>
      </Group>
    </Stack>
  );
}
