// /retratamientos (issue 24, item 4): the desk's recall list of patients due for a retreatment, by state (due, overdue,
// booked), with what the caller needs (phone, e-mail, product type, doctor, applied and reminded dates) and «Agendar»
// opening the desk's booking form with the patient and the doctor chosen. A doctor sees only her own patients; the
// administrators also set the clinic's intervals here.
import { Button, Group, Paper, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconCalendarPlus, IconRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { tipoProductoNombres } from '@clinica/contracts/insumos';
import { permite } from '@clinica/contracts/roles';
import { trazabilidadRutas } from '@clinica/contracts/trazabilidad-rutas';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PieDePaginacion } from '../../components/pie-de-paginacion.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { doctoresQueryOptions } from '../../lib/api/doctores/get-doctores.ts';
import {
  useRetratamientos,
  type FiltroRetratamientos,
  type RetratamientosWire,
} from '../../lib/api/trazabilidad/trazabilidad.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFecha, formatFechaHora } from '../../lib/tiempo.ts';
import { IntervalosForm } from './intervalos-form.tsx';

type Estado = NonNullable<FiltroRetratamientos['estado']>;
const ESTADOS: { valor: Estado; etiqueta: string; vacio: string }[] = [
  { valor: 'pendiente', etiqueta: 'Para retratar', vacio: 'Nadie está en su intervalo de retratamiento hoy.' },
  { valor: 'vencido', etiqueta: 'Vencidos', vacio: 'Nadie pasó su intervalo sin agendar.' },
  { valor: 'agendado', etiqueta: 'Agendados', vacio: 'Aún nadie agendó su retratamiento.' },
];
const POR_PAGINA = 20;

function Tabla({ datos, agendar }: { datos: RetratamientosWire; agendar: boolean }) {
  return (
    <TablaApilable apilarBajo={820}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Paciente</Table.Th>
            <Table.Th>Contacto</Table.Th>
            <Table.Th>Producto</Table.Th>
            <Table.Th>Doctor</Table.Th>
            <Table.Th>Aplicado</Table.Th>
            <Table.Th>Retratar entre</Table.Th>
            <Table.Th>Recordatorio</Table.Th>
            <Table.Th>{agendar ? 'Acciones' : 'Cita'}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {datos.items.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Text fw={600}>{r.paciente.nombre}</Text>
                <Text size="xs" c="dimmed">{`${r.paciente.tipodocumento} ${r.paciente.numerodocumento}`}</Text>
              </Table.Td>
              <Table.Td data-label="Contacto">
                {r.paciente.telefono ? (
                  <Text size="sm" component="a" href={`tel:${r.paciente.telefono}`}>
                    {r.paciente.telefono}
                  </Text>
                ) : (
                  <Text size="sm">Sin teléfono</Text>
                )}
                <Text size="xs" c="dimmed">
                  {r.paciente.correo ?? 'Sin correo'}
                </Text>
              </Table.Td>
              <Table.Td data-label="Producto">{tipoProductoNombres[r.tipo]}</Table.Td>
              <Table.Td data-label="Doctor">{r.doctor.nombre}</Table.Td>
              <Table.Td data-label="Aplicado">{formatFecha(r.aplicado_el)}</Table.Td>
              <Table.Td data-label="Retratar entre">{`${formatFecha(r.desde_el)} y ${formatFecha(r.hasta_el)}`}</Table.Td>
              <Table.Td data-label="Recordatorio">
                {r.recordado_en ? `Enviado ${formatFechaHora(r.recordado_en)}` : 'Sin enviar'}
              </Table.Td>
              <Table.Td data-label={agendar ? 'Acciones' : 'Cita'} data-acciones>
                {r.cita ? (
                  <Text size="sm">{`Cita ${formatFechaHora(r.cita.inicio)}`}</Text>
                ) : agendar ? (
                  <Button
                    size="xs"
                    variant="light"
                    component={Link}
                    to={paths.crearCitaAsistenteCon(r.paciente.id, r.doctor.id)}
                    leftSection={<IconCalendarPlus size={14} aria-hidden="true" />}
                    aria-label={`Agendar a ${r.paciente.nombre} con ${r.doctor.nombre}`}
                  >
                    Agendar
                  </Button>
                ) : (
                  <Text size="sm">Sin cita</Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TablaApilable>
  );
}

export default function RetratamientosScreen() {
  usePageMeta({ title: 'Retratamientos' });
  const { userRole } = useAuth();
  const permitido = permite(trazabilidadRutas.retratamientos.auth, userRole);
  const esDoctor = userRole === 'doctor';
  const admin = permite(trazabilidadRutas.guardarIntervalos.auth, userRole);
  const [estado, setEstado] = useState<Estado>('pendiente');
  const [doctor, setDoctor] = useState<string | null>(null);
  const [pagina, setPagina] = useState(1);
  const filtro: FiltroRetratamientos = {
    estado,
    pagina,
    porPagina: POR_PAGINA,
    ...(doctor ? { doctor_id: Number(doctor) } : {}),
  };
  const q = useRetratamientos(filtro, permitido);
  // The doctor filter is the desk's and the administrators' (a doctor's list is always her own).
  const doctores = useQuery({ ...doctoresQueryOptions(), enabled: permitido && !esDoctor });
  if (!permitido)
    return (
      <SinAcceso descripcion="La lista de retratamientos es de la recepción, los doctores y los administradores." />
    );

  const actual = ESTADOS.find((e) => e.valor === estado)!;
  const paginas = q.data ? Math.max(1, Math.ceil(q.data.total / POR_PAGINA)) : 1;
  let contenido;
  if (q.isPending) contenido = <SkeletonTabla filas={4} columnas={7} etiqueta="Cargando retratamientos…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else if (q.data.items.length === 0)
    contenido = (
      <EstadoVacio
        icono={<IconRepeat size={26} stroke={1.6} aria-hidden="true" />}
        titulo="No hay pacientes aquí"
        descripcion={actual.vacio}
      />
    );
  else
    contenido = (
      <Stack gap="sm">
        <Tabla datos={q.data} agendar={!esDoctor} />
        <PieDePaginacion
          resumen={`${q.data.total} ${q.data.total === 1 ? 'paciente' : 'pacientes'}`}
          pagina={pagina}
          paginas={paginas}
          onPagina={setPagina}
        />
      </Stack>
    );

  return (
    <>
      <PageHeader
        title="Retratamientos"
        description={
          esDoctor
            ? 'Tus pacientes cuyo intervalo de retratamiento llegó, pasó o ya agendaron.'
            : 'Pacientes para llamar: su intervalo de retratamiento llegó o pasó, y quienes ya agendaron.'
        }
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm" align="end">
              <Tabs
                value={estado}
                onChange={(v) => {
                  setEstado((v as Estado | null) ?? 'pendiente');
                  setPagina(1);
                }}
              >
                <Tabs.List>
                  {ESTADOS.map((e) => (
                    <Tabs.Tab key={e.valor} value={e.valor}>
                      {e.etiqueta}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
              </Tabs>
              {!esDoctor && (
                <Select
                  label="Doctor"
                  placeholder="Todos"
                  clearable
                  w={240}
                  data={(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre }))}
                  value={doctor}
                  onChange={(v) => {
                    setDoctor(v);
                    setPagina(1);
                  }}
                />
              )}
            </Group>
            {contenido}
          </Stack>
        </Paper>
        {admin && <IntervalosForm />}
      </Stack>
    </>
  );
}
