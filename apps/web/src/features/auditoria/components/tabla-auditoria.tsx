// One page of the audit log, newest first: when (clinic zone), who (or «Sistema»), what, on which resource, with
// which result (badge with its word), from which address, and the detail (cut to two lines; the rest one click away,
// and always in the markup for screen readers). A table that stacks into cards on narrow screens.
import { Code, Table, Text, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { rolNombres, type Rol } from '@clinica/contracts/roles';
import { CitaBadge } from '../../../components/cita-badges.tsx';
import { TablaApilable } from '../../../components/tabla-apilable.tsx';
import { formatFecha, formatHora } from '../../../lib/tiempo.ts';
import type { RegistroAuditoriaWire } from '../../../lib/api/auditoria/get-auditoria.ts';
import classes from './tabla-auditoria.module.css';
import { RESULTADOS } from '../auditoria-filtros.ts';
import { TextoDesplegable } from '../../../components/texto-desplegable.tsx';

// Identifiers wrap at their separators, a name at its spaces, a token (a session's id) anywhere; the columns that
// could otherwise shrink to nothing have a minimum (tabla-auditoria.module.css), and all seven fit from the width
// where the table stops stacking (820 px) up.
const NO_CORTAR = { whiteSpace: 'nowrap' } as const;

/** An identifier (an action, a route, an e-mail) that wraps after its dots, slashes and underscores, or before
 *  its @, rather than in the middle of a word. */
function Cortable({ texto }: { texto: string }) {
  return texto.split(/(?<=[./_])|(?=@)/).map((parte, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {parte}
    </Fragment>
  ));
}

const nombreRol = (rol: string) => rolNombres[rol as Rol] ?? rol;

/** A dash for the eye, words for a screen reader. */
function SinDato({ texto }: { texto: string }) {
  return (
    <Text size="sm" c="dimmed" span>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{texto}</VisuallyHidden>
    </Text>
  );
}

function Quien({ usuario }: { usuario: RegistroAuditoriaWire['usuario'] }) {
  if (!usuario) {
    return (
      <div>
        <Text size="sm" fw={600}>
          Sistema
        </Text>
        <Text size="xs" c="dimmed">
          Tarea automática o sin sesión
        </Text>
      </div>
    );
  }
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {usuario.nombre}
      </Text>
      <Text size="xs" c="dimmed">
        {nombreRol(usuario.rol)}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
        <Cortable texto={usuario.correo ?? 'Sin correo'} />
      </Text>
    </div>
  );
}

export function TablaAuditoria({
  items,
  resumen,
  ocupada,
  previa,
}: {
  items: RegistroAuditoriaWire[];
  /** "Mostrando 1–50 de 120 registros", for the caption. */
  resumen: string;
  ocupada: boolean;
  /** The previous page is shown while the next one loads. */
  previa: boolean;
}) {
  return (
    <TablaApilable apilarBajo={820}>
      <Table verticalSpacing="sm" aria-busy={ocupada} style={{ opacity: previa ? 0.6 : 1 }}>
        <Table.Caption>
          <VisuallyHidden>Registro de auditoría, del más reciente al más antiguo. {resumen}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Fecha y hora</Table.Th>
            <Table.Th scope="col">Quién</Table.Th>
            <Table.Th scope="col">Acción</Table.Th>
            <Table.Th scope="col">Recurso</Table.Th>
            <Table.Th scope="col">Resultado</Table.Th>
            <Table.Th scope="col">IP</Table.Th>
            <Table.Th scope="col">Detalle</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => {
            const resultado = RESULTADOS[r.resultado];
            return (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {/* Wraps between the date and the time only. */}
                  <Text size="sm" component="time" dateTime={r.creada_en}>
                    <span style={NO_CORTAR}>{formatFecha(r.creada_en)},</span>{' '}
                    <span style={NO_CORTAR}>{formatHora(r.creada_en)}</span>
                  </Text>
                </Table.Td>
                <Table.Td data-label="Quién" className={classes.quien}>
                  <Quien usuario={r.usuario} />
                </Table.Td>
                <Table.Td data-label="Acción" className={classes.accion}>
                  <Code style={{ overflowWrap: 'break-word' }}>
                    <Cortable texto={r.accion} />
                  </Code>
                </Table.Td>
                <Table.Td data-label="Recurso" className={classes.recurso}>
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                      <Cortable texto={r.recurso} />
                    </Text>
                    {r.recurso_id && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        n.º {r.recurso_id}
                      </Text>
                    )}
                  </div>
                </Table.Td>
                <Table.Td data-label="Resultado">
                  <CitaBadge tono={resultado.tono} texto={resultado.texto} size="sm" />
                </Table.Td>
                <Table.Td data-label="IP">
                  {r.ip ? (
                    // An IPv4 address stays on one line; an IPv6 one may wrap.
                    <Text size="sm" style={r.ip.includes(':') ? { overflowWrap: 'anywhere' } : NO_CORTAR}>
                      {r.ip}
                    </Text>
                  ) : (
                    <SinDato texto="Sin dirección IP" />
                  )}
                </Table.Td>
                <Table.Td data-label="Detalle" className={classes.detalle}>
                  {r.detalle ? (
                    <TextoDesplegable
                      // Two lines of xs text.
                      maxHeight={34}
                      showLabel="Ver todo"
                      hideLabel="Ver menos"
                      showAriaLabel={`Ver todo el detalle del registro ${r.id}`}
                      hideAriaLabel={`Ver menos del detalle del registro ${r.id}`}
                      fz="xs"
                    >
                      <Text size="xs" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                        {r.detalle}
                      </Text>
                    </TextoDesplegable>
                  ) : (
                    <SinDato texto="Sin detalle" />
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}
