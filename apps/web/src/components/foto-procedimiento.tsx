// A procedure's picture in a 4:3 frame (the home page's and /servicios' cards, a service page, the cart): the image,
// lazy unless it is the first thing on the page (`prioridad`), or a placeholder when the procedure has none.
// `className` sizes and rounds the frame.
import type { ReactNode } from 'react';
import { mediaUrl } from '../lib/media.ts';
import classes from './foto-procedimiento.module.css';

type Props = {
  /** url_tarjeta or url_detalle of the image, or nothing when there is none. */
  url: string | undefined;
  alt: string;
  ancho: number;
  alto: number;
  prioridad?: boolean;
  /** What the frame shows without an image (an icon, the logo). */
  sinImagen: ReactNode;
  className?: string;
};

export function FotoProcedimiento({ url, alt, ancho, alto, prioridad = false, sinImagen, className }: Props) {
  return (
    <div className={className ? `${classes.marco} ${className}` : classes.marco}>
      {url ? (
        <img
          src={mediaUrl(url)}
          alt={alt}
          width={ancho}
          height={alto}
          loading={prioridad ? 'eager' : 'lazy'}
          fetchPriority={prioridad ? 'high' : 'auto'}
          decoding="async"
        />
      ) : (
        <div className={classes.sinImagen} aria-hidden="true">
          {sinImagen}
        </div>
      )}
    </div>
  );
}
