// One view of the face diagram (issue 24, item 2) with the chart's numbered points. Editable: a tap or click on the
// face adds a point with the zone under it, a point is dragged to move it (mouse, touch or pen: pointer events),
// and each point is a focusable button (Enter opens it, Delete removes it, arrows nudge it). Read-only: a picture
// (the table next to it carries the data). Colours come from the Mantine theme so both themes read well.
import { DIBUJOS_MAPA, zonaEnPosicion } from '@clinica/contracts/mapa-facial-dibujo';
import { LADO_MAPA, vistaMapaNombres, type VistaMapa, type ZonaFacial } from '@clinica/contracts/mapa-facial';
import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import classes from './mapa-facial.module.css';
import { nombreZona } from './modelo.ts';

export type PuntoDibujado = { i: number; x: number; y: number; zona: ZonaFacial; etiqueta: string };

type Props = {
  vista: VistaMapa;
  puntos: readonly PuntoDibujado[];
  seleccionado?: number | null;
  /** Without these the drawing is read-only. */
  acciones?: {
    agregar: (x: number, y: number, zona: ZonaFacial) => void;
    mover: (i: number, x: number, y: number, zona: ZonaFacial) => void;
    abrir: (i: number) => void;
    quitar: (i: number) => void;
  };
};

/** Beyond this many drawing units a press is a drag, not a tap. */
const UMBRAL_ARRASTRE = 12;
const limitar = (v: number) => Math.min(LADO_MAPA, Math.max(0, Math.round(v)));

export function DibujoMapa({ vista, puntos, seleccionado = null, acciones }: Props) {
  const svg = useRef<SVGSVGElement>(null);
  const toque = useRef<{ x: number; y: number } | null>(null);
  /** A point was just dropped: the click a mouse sends after the drag is not a tap. The next press clears it. */
  const trasArrastre = useRef(false);
  const [arrastre, setArrastre] = useState<{ i: number; x: number; y: number; movido: boolean } | null>(null);
  const [zonaResaltada, setZonaResaltada] = useState<ZonaFacial | null>(null);
  const dibujo = DIBUJOS_MAPA[vista];

  const posicion = (e: MouseEvent) => {
    const r = svg.current!.getBoundingClientRect();
    return {
      x: limitar(((e.clientX - r.left) / (r.width || 1)) * LADO_MAPA),
      y: limitar(((e.clientY - r.top) / (r.height || 1)) * LADO_MAPA),
    };
  };

  const alPresionarFondo = (e: PointerEvent<SVGSVGElement>) => {
    trasArrastre.current = false;
    if (!acciones || arrastre || (e.pointerType === 'mouse' && e.button !== 0)) return;
    toque.current = posicion(e);
  };
  const alPresionarPunto = (e: PointerEvent<SVGGElement>, p: PuntoDibujado) => {
    if (!acciones || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.stopPropagation();
    trasArrastre.current = false;
    toque.current = null;
    // The point keeps receiving the pointer's moves while it is dragged, even outside the drawing.
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setArrastre({ i: p.i, x: p.x, y: p.y, movido: false });
  };
  const alMover = (e: PointerEvent<SVGSVGElement>) => {
    if (!arrastre) return;
    const { x, y } = posicion(e);
    const p = puntos.find((q) => q.i === arrastre.i)!;
    const movido = arrastre.movido || Math.hypot(x - p.x, y - p.y) > UMBRAL_ARRASTRE;
    setArrastre({ ...arrastre, x, y, movido });
  };
  const alSoltar = (e: PointerEvent<SVGSVGElement>) => {
    if (!acciones || !arrastre?.movido) return;
    const { i } = arrastre;
    setArrastre(null);
    trasArrastre.current = true;
    const { x, y } = posicion(e);
    const p = puntos.find((q) => q.i === i)!;
    acciones.mover(i, x, y, zonaEnPosicion(vista, x, y) ?? p.zona);
  };
  /**
   * Adding and opening happen on the click, not on the pointer's release: on a touch screen the browser sends its
   * click after the touch ends, and a drawer opened on the release would take that click on its overlay and close
   * at once. The click is the last event of a tap, of a mouse click and of a pen's press alike.
   */
  const alPulsar = (e: MouseEvent<SVGSVGElement>) => {
    if (!acciones) return;
    const soltado = arrastre;
    setArrastre(null);
    const inicio = toque.current;
    toque.current = null;
    if (trasArrastre.current) return;
    const marca = (e.target as Element).closest?.('[data-punto]');
    if (marca) return acciones.abrir(soltado?.i ?? Number(marca.getAttribute('data-punto')));
    const { x, y } = posicion(e);
    if (inicio && Math.hypot(x - inicio.x, y - inicio.y) > UMBRAL_ARRASTRE) return;
    const zona = zonaEnPosicion(vista, x, y);
    if (zona) acciones.agregar(x, y, zona);
  };

  const alTeclear = (e: KeyboardEvent<SVGGElement>, p: PuntoDibujado) => {
    if (!acciones) return;
    const paso = e.shiftKey ? 50 : 10;
    const flechas: Record<string, [number, number]> = {
      ArrowLeft: [-paso, 0],
      ArrowRight: [paso, 0],
      ArrowUp: [0, -paso],
      ArrowDown: [0, paso],
    };
    if (e.key === 'Enter' || e.key === ' ') acciones.abrir(p.i);
    else if (e.key === 'Delete' || e.key === 'Backspace') acciones.quitar(p.i);
    else if (flechas[e.key]) {
      const [dx, dy] = flechas[e.key]!;
      const x = limitar(p.x + dx);
      const y = limitar(p.y + dy);
      acciones.mover(p.i, x, y, zonaEnPosicion(vista, x, y) ?? p.zona);
    } else return;
    e.preventDefault();
  };

  const nombre = `Dibujo ${vistaMapaNombres[vista].toLowerCase()}`;
  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${LADO_MAPA} ${LADO_MAPA}`}
      className={classes.dibujo}
      data-editable={acciones ? 'true' : undefined}
      role={acciones ? 'group' : 'img'}
      aria-label={
        acciones
          ? `${nombre}: toca la cara para agregar un punto`
          : `${nombre} con ${puntos.length} ${puntos.length === 1 ? 'punto' : 'puntos'}`
      }
      onPointerDown={alPresionarFondo}
      onPointerMove={alMover}
      onPointerUp={alSoltar}
      onClick={alPulsar}
      onPointerCancel={() => {
        toque.current = null;
        setArrastre(null);
      }}
    >
      <g className={classes.contorno} aria-hidden="true">
        {dibujo.contorno.map((d, k) => (
          <path key={k} d={d} />
        ))}
      </g>
      <g aria-hidden="true">
        {Object.entries(dibujo.zonas).map(([zona, z]) => (
          <ellipse
            key={zona}
            cx={z.cx}
            cy={z.cy}
            rx={z.rx}
            ry={z.ry}
            className={classes.zona}
            data-zona={zona}
            data-resaltada={zona === zonaResaltada ? 'true' : undefined}
          >
            <title>{nombreZona(zona as ZonaFacial)}</title>
          </ellipse>
        ))}
      </g>
      {puntos.map((p) => {
        const enArrastre = arrastre?.i === p.i && arrastre.movido ? arrastre : null;
        const x = enArrastre?.x ?? p.x;
        const y = enArrastre?.y ?? p.y;
        return (
          <g
            key={p.i}
            className={classes.punto}
            data-punto={p.i}
            data-seleccionado={seleccionado === p.i ? 'true' : undefined}
            transform={`translate(${x} ${y})`}
            {...(acciones
              ? {
                  role: 'button',
                  tabIndex: 0,
                  'aria-label': p.etiqueta,
                  onPointerDown: (e: PointerEvent<SVGGElement>) => alPresionarPunto(e, p),
                  onKeyDown: (e: KeyboardEvent<SVGGElement>) => alTeclear(e, p),
                  onFocus: () => setZonaResaltada(p.zona),
                  onBlur: () => setZonaResaltada(null),
                }
              : { 'aria-hidden': true })}
          >
            {/* A 44 px target on a tablet: the drawing is about 500 px wide there. */}
            {acciones && <circle r={44} className={classes.blanco} />}
            <circle r={22} className={classes.marca} />
            <text className={classes.numero} textAnchor="middle" dominantBaseline="central">
              {p.i + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
