// The clinic's logo: an inline SVG mark (a sun rising over a soft horizon: "aurora") and the wordmark set in
// Fraunces. The wordmark is real text so it scales, translates and reads correctly with a screen reader.
import { env } from '../lib/env.ts';
import classes from './logo.module.css';

/** 'Clínica Aurora Estética' -> 'Aurora' for the wordmark; the full name stays the accessible name. */
const marca = env.clinicaNombre.replace(/^cl[ií]nica\s+/i, '').replace(/\s+est[ée]tica$/i, '') || env.clinicaNombre;

export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg className={classes.mark} width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="14" className={classes.markBg} />
      <circle cx="24" cy="27" r="8.5" className={classes.markSun} />
      <path d="M8 31.5c5.5-2.6 10.8-3.9 16-3.9s10.5 1.3 16 3.9" className={classes.markLine} />
      <path d="M11 36.5c4.4-1.8 8.7-2.7 13-2.7s8.6.9 13 2.7" className={classes.markLine} opacity="0.7" />
      <path d="M24 11.5v4M14.8 15.3l2.6 2.6M33.2 15.3l-2.6 2.6" className={classes.markRay} />
    </svg>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={classes.logo}>
      <LogoMark />
      {!compact && (
        <span className={classes.wordmark}>
          <span className={classes.name}>{marca}</span>
          <span className={classes.tagline}>Clínica estética</span>
        </span>
      )}
    </span>
  );
}
