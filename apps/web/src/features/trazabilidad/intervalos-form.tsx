// The clinic's retreatment intervals (issue 24, item 4), for the administrators: per product type, from how many
// weeks after the application a patient is due, after how many she is overdue, and whether she is reminded at all.
// New intervals apply to notes signed from then on.
import { Button, Checkbox, NumberInput, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import { tipoProductoNombres } from '@clinica/contracts/insumos';
import { intervalosBody } from '@clinica/contracts/trazabilidad';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { useGuardarIntervalos, useIntervalos, type IntervaloWire } from '../../lib/api/trazabilidad/trazabilidad.ts';

type Fila = Pick<IntervaloWire, 'tipo' | 'recordar'> & {
  semanas_desde: number | string;
  semanas_hasta: number | string;
};

/** The table of the seven types, started from what the server has (remounted when it answers anew). */
function Formulario({ inicial }: { inicial: readonly IntervaloWire[] }) {
  const guardar = useGuardarIntervalos();
  const [filas, setFilas] = useState<Fila[]>(() =>
    inicial.map(({ tipo, semanas_desde, semanas_hasta, recordar }) => ({
      tipo,
      semanas_desde,
      semanas_hasta,
      recordar,
    })),
  );
  const [error, setError] = useState<string | null>(null);

  const cambiar = (i: number, cambio: Partial<Fila>) =>
    setFilas((fs) => fs.map((f, j) => (j === i ? { ...f, ...cambio } : f)));

  function enviar(e: React.FormEvent) {
    e.preventDefault();
    const r = intervalosBody.safeParse(
      filas.map((f) => ({ ...f, semanas_desde: Number(f.semanas_desde), semanas_hasta: Number(f.semanas_hasta) })),
    );
    if (!r.success) {
      const issue = r.error.issues[0];
      const fila = typeof issue?.path[0] === 'number' ? filas[issue.path[0]] : undefined;
      return setError(
        `${fila ? `${tipoProductoNombres[fila.tipo]}: ` : ''}${issue?.message ?? 'Revisa los intervalos.'}`,
      );
    }
    setError(null);
    guardar.mutate(r.data, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Intervalos de retratamiento guardados.' }),
    });
  }

  return (
    <form onSubmit={enviar} aria-label="Intervalos de retratamiento" noValidate>
      <Stack gap="sm">
        <AlertaFallo titulo="No se guardaron los intervalos" mensaje={error ?? guardar.error?.message} />
        <TablaApilable apilarBajo={560}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tipo de producto</Table.Th>
                <Table.Th>Desde (semanas)</Table.Th>
                <Table.Th>Hasta (semanas)</Table.Th>
                <Table.Th>Recordar</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((f, i) => {
                const nombre = tipoProductoNombres[f.tipo];
                return (
                  <Table.Tr key={f.tipo}>
                    <Table.Td>
                      <Text fw={600}>{nombre}</Text>
                    </Table.Td>
                    <Table.Td data-label="Desde (semanas)">
                      <NumberInput
                        aria-label={`${nombre}: desde cuántas semanas`}
                        min={1}
                        max={260}
                        allowDecimal={false}
                        w={110}
                        value={f.semanas_desde}
                        onChange={(v) => cambiar(i, { semanas_desde: v })}
                      />
                    </Table.Td>
                    <Table.Td data-label="Hasta (semanas)">
                      <NumberInput
                        aria-label={`${nombre}: hasta cuántas semanas`}
                        min={1}
                        max={260}
                        allowDecimal={false}
                        w={110}
                        value={f.semanas_hasta}
                        onChange={(v) => cambiar(i, { semanas_hasta: v })}
                      />
                    </Table.Td>
                    <Table.Td data-label="Recordar">
                      <Checkbox
                        aria-label={`Recordar ${nombre}`}
                        checked={f.recordar}
                        onChange={(e) => cambiar(i, { recordar: e.currentTarget.checked })}
                      />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TablaApilable>
        <Button
          type="submit"
          loading={guardar.isPending}
          leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
          style={{ alignSelf: 'flex-start' }}
        >
          Guardar intervalos
        </Button>
      </Stack>
    </form>
  );
}

export function IntervalosForm() {
  const q = useIntervalos();
  let contenido;
  if (q.isPending) contenido = <SkeletonTabla filas={7} columnas={4} etiqueta="Cargando intervalos…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else contenido = <Formulario inicial={q.data} key={q.dataUpdatedAt} />;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="intervalos-titulo">
      <Stack gap="md">
        <div>
          <Text fw={600} id="intervalos-titulo" component="h2" fz="h4" m={0}>
            Intervalos de retratamiento
          </Text>
          <Text size="sm" c="dimmed">
            Semanas desde la aplicación. Los cambios valen para las notas que se firmen de aquí en adelante.
          </Text>
        </div>
        {contenido}
      </Stack>
    </Paper>
  );
}
