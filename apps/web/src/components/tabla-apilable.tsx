// A staff table that turns into stacked cards below the width its columns need (issue 11.7), instead of scrolling
// sideways. Give each cell but the first `data-label` (its column's name) and the actions cell `data-acciones`:
//   <TablaApilable apilarBajo={820}><Table>…<Table.Td data-label="Documento">…</Table.Td>…</Table></TablaApilable>
// The markup stays a table (caption, header row, cells), only its layout changes.
import type { ReactNode } from 'react';
import classes from './tabla-apilable.module.css';

export type AnchoApilable = 560 | 640 | 720 | 820;

/** Text shown only when the table is stacked into cards, e.g. <SoloApilada>Cita n.º </SoloApilada>{id}. */
export function SoloApilada({ children }: { children: ReactNode }) {
  return <span className={classes.soloApilada}>{children}</span>;
}

export function TablaApilable({ apilarBajo, children }: { apilarBajo: AnchoApilable; children: ReactNode }) {
  return (
    <div className={classes.contenedor} data-apilar={apilarBajo}>
      {children}
    </div>
  );
}
