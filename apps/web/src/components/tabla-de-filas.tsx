// A staff table written as its columns, each with its header and its cell, on TablaApilable: the stacked card
// labels every value with its own column's name (data-label), the first column heads the card, and `acciones`,
// the last column, holds the row's buttons (data-acciones).
//   <TablaDeFilas apilarBajo={640} filas={categorias} clave={(c) => c.id}
//     columnas={[{ titulo: 'Nombre', celda: (c) => c.nombre }, …]} acciones={{ titulo: 'Acciones', celda: … }} />
import { Table, type TableProps, type TableTdProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';
import { TablaApilable, type AnchoApilable } from './tabla-apilable.tsx';

export type Columna<T> = {
  titulo: string;
  celda: (fila: T) => ReactNode;
  /** Aligned right, header and cells (amounts, counts, the actions). */
  derecha?: boolean;
  /** More for the column's cells: a width, no wrapping… */
  td?: Omit<TableTdProps, 'children'>;
};

type Props<T> = Omit<TableProps, 'children' | 'data'> & {
  apilarBajo: AnchoApilable;
  filas: readonly T[];
  clave: (fila: T) => Key;
  /** `false` leaves a column out (a column some views do not show). */
  columnas: (Columna<T> | false)[];
  acciones?: Omit<Columna<T>, 'td'>;
  caption?: ReactNode;
};

const alineacion = (c: { derecha?: boolean }) => (c.derecha ? 'right' : undefined);

export function TablaDeFilas<T>({ apilarBajo, filas, clave, columnas, acciones, caption, ...tabla }: Props<T>) {
  const visibles = columnas.filter((c): c is Columna<T> => c !== false);
  return (
    <TablaApilable apilarBajo={apilarBajo}>
      <Table {...tabla}>
        {caption && <Table.Caption>{caption}</Table.Caption>}
        <Table.Thead>
          <Table.Tr>
            {[...visibles, ...(acciones ? [acciones] : [])].map((c) => (
              <Table.Th key={c.titulo} scope="col" ta={alineacion(c)}>
                {c.titulo}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((fila) => (
            <Table.Tr key={clave(fila)}>
              {visibles.map((c, i) => (
                <Table.Td key={c.titulo} data-label={i === 0 ? undefined : c.titulo} ta={alineacion(c)} {...c.td}>
                  {c.celda(fila)}
                </Table.Td>
              ))}
              {acciones && <Table.Td data-acciones>{acciones.celda(fila)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}
