// «¿Quién recibió este lote?» (issue 24, item 3): every patient who received the lot in a signed note (one row per
// note), with her contact to call her, and the notice the doctor or administrator writes to all of them (in-app and
// e-mail; each patient reads it in «Mis avisos»). Only doctors and administrators open it (the server checks too).
import { Button, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { alertaLoteBody } from '@clinica/contracts/trazabilidad';
import { ALERTA_MAX } from '@clinica/contracts/trazabilidad-rutas';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { cantidadConUnidad } from '../../../components/insumos/insumos-textos.ts';
import { SkeletonTabla } from '../../../components/skeletons.tsx';
import { TablaApilable } from '../../../components/tabla-apilable.tsx';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { TextoLargo } from '../../../lib/forms/texto-largo.tsx';
import { formatFecha, formatFechaHora } from '../../../lib/tiempo.ts';
import {
  useAlertarLote,
  useAlertasLote,
  usePacientesLote,
  type PacientesLoteWire,
} from '../../../lib/api/trazabilidad/trazabilidad.ts';

function TablaPacientes({ datos }: { datos: PacientesLoteWire }) {
  return (
    <TablaApilable apilarBajo={720}>
      <Table verticalSpacing="sm">
        <Table.Caption>{`Pacientes que recibieron el lote ${datos.lote.numero}, la aplicación más reciente primero`}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Paciente</Table.Th>
            <Table.Th>Contacto</Table.Th>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Doctor</Table.Th>
            <Table.Th>Cantidad</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {datos.pacientes.map((p) => (
            <Table.Tr key={p.evolucion_id}>
              <Table.Td>
                <Text fw={600}>{p.paciente.nombre}</Text>
                <Text size="xs" c="dimmed">{`${p.paciente.tipodocumento} ${p.paciente.numerodocumento}`}</Text>
              </Table.Td>
              <Table.Td data-label="Contacto">
                <Text size="sm">{p.paciente.telefono ?? 'Sin teléfono'}</Text>
                <Text size="xs" c="dimmed">
                  {p.paciente.correo ?? 'Sin correo'}
                </Text>
              </Table.Td>
              <Table.Td data-label="Fecha">{formatFecha(p.fecha)}</Table.Td>
              <Table.Td data-label="Doctor">{p.doctor.nombre}</Table.Td>
              <Table.Td data-label="Cantidad">{cantidadConUnidad(p.cantidad, p.unidad)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}

function Avisar({ loteId, pacientes }: { loteId: number; pacientes: number }) {
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const alertar = useAlertarLote(loteId);
  const enviados = useAlertasLote(loteId);

  function enviar(e: React.FormEvent) {
    e.preventDefault();
    const r = alertaLoteBody.safeParse({ texto });
    if (!r.success) return setError(r.error.issues[0]?.message ?? 'Revisa el aviso.');
    setError(null);
    alertar.mutate(r.data.texto, {
      onSuccess: (a) => {
        notifications.show({ color: 'green', message: `Aviso enviado a ${a.pacientes} pacientes.` });
        setTexto('');
      },
    });
  }

  return (
    <form onSubmit={enviar} aria-label="Avisar a los pacientes del lote" noValidate>
      <Stack gap="sm">
        <Text fw={600} component="h3" fz="h5" m={0}>
          Avisar a los pacientes
        </Text>
        <AlertaFallo titulo="No se envió el aviso" mensaje={alertar.error?.message} />
        <TextoLargo
          label="Aviso"
          description="Les llega como notificación y por correo. Di qué pasó con el lote y qué deben hacer."
          required
          filas={3}
          maximo={ALERTA_MAX}
          value={texto}
          error={error}
          onChange={(e) => setTexto(e.currentTarget.value)}
        />
        <Button type="submit" loading={alertar.isPending} leftSection={<IconSend size={16} aria-hidden="true" />}>
          {`Avisar a ${pacientes} ${pacientes === 1 ? 'paciente' : 'pacientes'}`}
        </Button>
        {enviados.data && enviados.data.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Avisos enviados
            </Text>
            {enviados.data.map((a) => (
              <Text size="sm" key={a.id}>
                {`${formatFechaHora(a.creada_en)} · ${a.autor.nombre} · ${a.pacientes} pacientes: ${a.texto}`}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </form>
  );
}

export function PacientesLote({ loteId }: { loteId: number }) {
  const q = usePacientesLote(loteId);
  if (q.isPending) return <SkeletonTabla filas={3} columnas={5} etiqueta="Buscando quién recibió el lote…" />;
  if (q.isError) return <ErrorDeCarga consulta={q} />;
  if (q.data.pacientes.length === 0)
    return (
      <EstadoVacio
        icono={<IconUsersGroup size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Nadie ha recibido este lote"
        descripcion="Solo cuentan las notas firmadas: ningún paciente lo tiene registrado."
      />
    );
  const personas = new Set(q.data.pacientes.map((p) => p.paciente.id)).size;
  return (
    <Stack gap="lg">
      <TablaPacientes datos={q.data} />
      <Avisar loteId={loteId} pacientes={personas} />
    </Stack>
  );
}
