// Hero illustration, drawn here (no downloaded images): an arched window onto a rising sun over soft horizons
// ("aurora"), framed by sage sprigs and a few sparkles. Colours come from CSS variables so it has a dark version.
import classes from '../inicio.module.css';

function Destello({ x, y, s = 1, className }: { x: number; y: number; s?: number; className?: string }) {
  return (
    <path
      className={className}
      transform={`translate(${x} ${y}) scale(${s})`}
      d="M0-14C1.6-4.6 4.6-1.6 14 0 4.6 1.6 1.6 4.6 0 14-1.6 4.6-4.6 1.6-14 0-4.6-1.6-1.6-4.6 0-14Z"
    />
  );
}

function Ramita({ transform }: { transform: string }) {
  return (
    <g transform={transform}>
      <path className={classes.artTallo} d="M0 0C6-40 14-84 40-132" />
      <ellipse className={classes.artHoja} cx="-10" cy="-30" rx="9" ry="20" transform="rotate(-38 -10 -30)" />
      <ellipse className={classes.artHojaClara} cx="16" cy="-48" rx="8" ry="19" transform="rotate(34 16 -48)" />
      <ellipse className={classes.artHoja} cx="6" cy="-76" rx="8" ry="18" transform="rotate(-30 6 -76)" />
      <ellipse className={classes.artHojaClara} cx="32" cy="-92" rx="7" ry="16" transform="rotate(38 32 -92)" />
      <ellipse className={classes.artHoja} cx="30" cy="-120" rx="6" ry="14" transform="rotate(-18 30 -120)" />
    </g>
  );
}

export function HeroArt() {
  const arco = 'M118 520V232a152 152 0 0 1 304 0v288Z';
  return (
    <svg className={classes.art} viewBox="0 0 540 560" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="arte-arco" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" style={{ stopColor: 'var(--art-cielo-1)' }} />
          <stop offset="0.55" style={{ stopColor: 'var(--art-cielo-2)' }} />
          <stop offset="1" style={{ stopColor: 'var(--art-cielo-3)' }} />
        </linearGradient>
        <radialGradient id="arte-sol" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" style={{ stopColor: 'var(--art-sol)' }} />
          <stop offset="0.7" style={{ stopColor: 'var(--art-sol)', stopOpacity: 0.9 }} />
          <stop offset="1" style={{ stopColor: 'var(--art-sol)', stopOpacity: 0 }} />
        </radialGradient>
        <pattern id="arte-puntos" width="16" height="16" patternUnits="userSpaceOnUse">
          <circle cx="2" cy="2" r="1.6" className={classes.artPunto} />
        </pattern>
        <clipPath id="arte-recorte">
          <path d={arco} />
        </clipPath>
      </defs>

      <circle cx="300" cy="300" r="236" className={classes.artHalo} />
      <rect x="360" y="40" width="150" height="130" rx="12" fill="url(#arte-puntos)" />
      <rect x="30" y="380" width="120" height="120" rx="12" fill="url(#arte-puntos)" />

      <ellipse cx="270" cy="530" rx="190" ry="14" className={classes.artSuelo} />
      <path d="M104 534V232a166 166 0 0 1 332 0v302" className={classes.artMarco} />
      <path d={arco} fill="url(#arte-arco)" />
      <g clipPath="url(#arte-recorte)">
        <circle cx="270" cy="300" r="120" fill="url(#arte-sol)" />
        <circle cx="270" cy="300" r="64" className={classes.artSolCentro} />
        <path className={classes.artOnda1} d="M100 392c60-30 120-40 176-26s104 22 160 4v170H100Z" />
        <path className={classes.artOnda2} d="M100 430c52-22 108-28 168-12s112 18 168-6v130H100Z" />
        <path className={classes.artOnda3} d="M100 474c64-20 124-22 178-8s102 14 158-2v86H100Z" />
      </g>
      <path d={arco} className={classes.artBorde} />

      <Ramita transform="translate(96 540) scale(1.15)" />
      <Ramita transform="translate(452 548) scale(-0.95 0.95)" />

      <Destello x={168} y={118} s={0.9} className={classes.artDestelloOro} />
      <Destello x={454} y={214} s={0.7} className={classes.artDestello} />
      <Destello x={382} y={150} s={0.45} className={classes.artDestelloOro} />
      <Destello x={70} y={300} s={0.55} className={classes.artDestello} />
    </svg>
  );
}
