// The staff appointments table: ID, date and time, patient, doctor, type and state badges, and actions
// (details, edit — disabled for cancelled ones, SPEC 4 — and cancel with a reason). It never scrolls sideways:
// at tablet widths the ID, doctor and state fold into their neighbours' cells (tabla-citas.module.css), and on
// phones each row is a card (TablaApilable).
import { ActionIcon, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCalendarX, IconEye, IconPencil } from '@tabler/icons-react';

import { paths } from '../../../lib/paths.ts';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { modificable } from './calendario-grid.tsx';
import { EstadoCitaBadge, TipoCitaBadge } from '../../../components/cita-badges.tsx';
import { SoloApilada, TablaApilable } from '../../../components/tabla-apilable.tsx';
import classes from './tabla-citas.module.css';
import { AccionIcono, EncabezadoAcciones } from '../../../components/accion-icono.tsx';

type Props = {
  citas: CitaWire[];
  caption: string;
  ocupado?: boolean;
  onCancelar: (c: CitaWire) => void;
};

export function TablaCitas({ citas, caption, ocupado, onCancelar }: Props) {
  return (
    <TablaApilable apilarBajo={560}>
      <Table verticalSpacing="sm" highlightOnHover aria-busy={ocupado} style={{ opacity: ocupado ? 0.7 : 1 }}>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.ocultaEnMedia}>
              ID
            </Table.Th>
            <Table.Th scope="col">Fecha y hora</Table.Th>
            <Table.Th scope="col">Paciente</Table.Th>
            <Table.Th scope="col" className={classes.ocultaEnMedia}>
              Doctor
            </Table.Th>
            <Table.Th scope="col">
              Tipo<span className={classes.soloMedia}> y estado</span>
            </Table.Th>
            <Table.Th scope="col" className={classes.ocultaEnMedia}>
              Estado
            </Table.Th>
            <EncabezadoAcciones />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {citas.map((c) => {
            const cancelada = c.estado === 'cancelada';
            return (
              <Table.Tr key={c.id}>
                <Table.Td className={classes.ocultaEnMedia}>
                  <Text size="sm" ff="monospace" fw={600}>
                    <SoloApilada>Cita n.º </SoloApilada>
                    {c.id}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Fecha y hora">
                  <div>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatFechaHora(c.inicio)}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.soloMedia}>
                      Cita n.º {c.id}
                    </Text>
                  </div>
                </Table.Td>
                <Table.Td data-label="Paciente">
                  <div>
                    <Text size="sm" fw={600}>
                      {c.usuario.nombre}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.usuario.numerodocumento}
                    </Text>
                    <Text size="xs" c="dimmed" className={classes.soloMedia}>
                      Con {c.doctor.nombre}
                      {c.procedimiento ? ` · ${c.procedimiento.nombre}` : ''}
                    </Text>
                  </div>
                </Table.Td>
                <Table.Td data-label="Doctor" className={classes.ocultaEnMedia}>
                  <div>
                    <Text size="sm">{c.doctor.nombre}</Text>
                    {c.procedimiento && (
                      <Text size="xs" c="dimmed">
                        {c.procedimiento.nombre}
                      </Text>
                    )}
                  </div>
                </Table.Td>
                <Table.Td data-label="Tipo">
                  <div>
                    <TipoCitaBadge tipo={c.tipo} />
                    <div className={classes.soloMedia} style={{ marginTop: 6 }}>
                      <EstadoCitaBadge estado={c.estado} />
                    </div>
                  </div>
                </Table.Td>
                <Table.Td data-label="Estado" className={classes.ocultaEnMedia}>
                  <EstadoCitaBadge estado={c.estado} />
                </Table.Td>
                <Table.Td data-acciones>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <AccionIcono
                      tooltip="Ver detalles"
                      etiqueta={`Ver detalles de la cita ${c.id} de ${c.usuario.nombre}`}
                      icono={IconEye}
                      to={paths.detallesCita(c.id)}
                    />
                    {cancelada ? (
                      <Tooltip label="Una cita cancelada no se puede editar">
                        {/* A disabled link is not focusable; the tooltip needs a wrapper to explain why. */}
                        <span>
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            disabled
                            aria-label={`Editar la cita ${c.id} (no disponible: está cancelada)`}
                          >
                            <IconPencil size={18} aria-hidden="true" />
                          </ActionIcon>
                        </span>
                      </Tooltip>
                    ) : (
                      <AccionIcono
                        tooltip="Editar"
                        etiqueta={`Editar la cita ${c.id} de ${c.usuario.nombre}`}
                        icono={IconPencil}
                        to={paths.editarCita(c.id)}
                      />
                    )}
                    {modificable(c) && (
                      <AccionIcono
                        tooltip="Cancelar cita"
                        etiqueta={`Cancelar la cita ${c.id} de ${c.usuario.nombre}`}
                        icono={IconCalendarX}
                        color="red"
                        onClick={() => onCancelar(c)}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}
