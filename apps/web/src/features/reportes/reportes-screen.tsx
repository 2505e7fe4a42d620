// /reportes (issue 23, item 6): the owner's reports for administrators ("Reportes", the whole clinic, optionally one
// doctor) and doctors ("Mis reportes": the server answers only their own work). A range of clinic days (by default
// this month and the 11 before it), one tab per report, each with a chart, the same numbers in an accessible table
// (a chart alone is not) and "Descargar CSV". Only the open tab's report is asked for. The charts (@mantine/charts,
// recharts) load on demand (grafica.tsx), never in the first download.
import {
  MESES_MAXIMOS_REPORTE,
  canalReporteNombres,
  reportesRutas,
  viaConfirmacionNombres,
  viasConfirmacion,
  type Reporte,
} from '@clinica/contracts/reportes-rutas';
import { normalizarRol, permite } from '@clinica/contracts/roles';
import {
  Alert,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconChartBar, IconDownload } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { doctoresQueryOptions } from '../../lib/api/doctores/get-doctores.ts';
import {
  descargarCsv,
  useAnticipos,
  useConfirmaciones,
  useConversion,
  useIngresos,
  useInasistencias,
  useOcupacion,
  usePaquetesReporte,
  type ReporteAnticiposWire,
  type ReporteConfirmacionesWire,
  type ReporteConversionWire,
  type ReporteIngresosWire,
  type ReporteInasistenciasWire,
  type ReporteOcupacionWire,
  type ReportePaquetesWire,
  type ReporteQuery,
} from '../../lib/api/reportes/get-reportes.ts';
import { formatCOP, formatCOPCorto } from '../../lib/format.ts';
import { leerFecha } from '../../lib/forms/campos-persona.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { hoy } from '../../lib/tiempo.ts';
import { formatNumero, inicioDeMesAntes, nombreMes, porMes, porcentaje } from './formato.ts';
import type { GraficaProps } from './grafica.tsx';

const TITULOS: Record<Reporte, string> = {
  ingresos: 'Ingresos',
  anticipos: 'Anticipos',
  inasistencias: 'Inasistencias',
  ocupacion: 'Ocupación',
  paquetes: 'Paquetes',
  conversion: 'Conversión',
  confirmaciones: 'Confirmaciones',
};
const GraficaPerezosa = lazy(() => import('./grafica.tsx'));
/** The chart, loaded on demand (grafica.tsx); its place is kept while it loads. */
function Grafica(props: GraficaProps) {
  return (
    <Suspense fallback={<Skeleton h={260} aria-hidden="true" />}>
      <GraficaPerezosa {...props} />
    </Suspense>
  );
}
const pct = (v: number) => `${formatNumero(v)} %`;

/** A figure never breaks between «$» and its digits (seen at 375 px: «$» on one line, «100.000» on the next). */
const cifra = { whiteSpace: 'nowrap' } as const;

/**
 * A report's table: scrolls sideways on a phone instead of squeezing its numbers. The first `texto` columns are
 * text (month, procedure, doctor); the rest are figures, right-aligned.
 */
function Tabla({
  titulo,
  encabezados,
  filas,
  texto = 1,
}: {
  titulo: string;
  encabezados: string[];
  filas: ReactNode[][];
  texto?: number;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover captionSide="top">
        <Table.Caption ta="left">{titulo}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {encabezados.map((e, i) => (
              <Table.Th key={e} ta={i < texto ? undefined : 'right'} style={i < texto ? undefined : cifra} scope="col">
                {e}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {filas.map((f, i) => (
            <Table.Tr key={i}>
              {f.map((c, j) => (
                <Table.Td key={j} ta={j < texto ? undefined : 'right'} style={j < texto ? undefined : cifra}>
                  {c}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Cifra({ etiqueta, valor }: { etiqueta: string; valor: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {etiqueta}
      </Text>
      <Text fw={700} fz="lg">
        {valor}
      </Text>
    </Paper>
  );
}

/** Loading, error and empty states of a report; `vacio` says whether it has rows to show. */
function Estado<T>({
  q,
  vacio,
  children,
}: {
  q: UseQueryResult<T>;
  vacio: (d: T) => boolean;
  children: (d: T) => ReactNode;
}) {
  if (q.isPending) return <SkeletonLineas lineas={5} etiqueta="Cargando el reporte…" />;
  if (q.isError) return <ErrorDeCarga consulta={q} />;
  if (vacio(q.data))
    return (
      <EstadoVacio
        icono={<IconChartBar size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Sin datos en este rango"
        descripcion="No hay movimientos en las fechas elegidas. Prueba con un rango más amplio."
      />
    );
  return <Stack gap="lg">{children(q.data)}</Stack>;
}

function Ingresos({ q }: { q: ReporteQuery }) {
  return (
    <Estado q={useIngresos(q)} vacio={(d) => d.filas.length === 0}>
      {(d: ReporteIngresosWire) => (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Cifra etiqueta="Cobrado" valor={formatCOP(d.total.cobrado)} />
            <Cifra etiqueta="Devuelto" valor={formatCOP(d.total.devuelto)} />
            <Cifra etiqueta="Neto" valor={formatCOP(d.total.neto)} />
          </SimpleGrid>
          <Grafica
            tipo="barras"
            data={porMes(d.filas, ['neto'])}
            dataKey="mes"
            series={[{ name: 'neto', label: 'Ingreso neto', color: 'teal.6' }]}
            valueFormatter={formatCOP}
            ejeY={formatCOPCorto}
          />
          <Tabla
            titulo="Ingresos por mes, procedimiento y doctor"
            texto={3}
            encabezados={['Mes', 'Procedimiento', 'Doctor', 'Cobrado', 'Devuelto', 'Neto']}
            filas={d.filas.map((f) => [
              nombreMes(f.mes),
              f.procedimiento,
              f.doctor,
              formatCOP(f.cobrado),
              formatCOP(f.devuelto),
              formatCOP(f.neto),
            ])}
          />
        </>
      )}
    </Estado>
  );
}

function Anticipos({ q }: { q: ReporteQuery }) {
  return (
    <Estado q={useAnticipos(q)} vacio={(d) => d.filas.length === 0}>
      {(d: ReporteAnticiposWire) => (
        <>
          <SimpleGrid cols={{ base: 2, md: 5 }} spacing="sm">
            <Cifra etiqueta="En custodia" valor={formatCOP(d.total.en_custodia)} />
            <Cifra etiqueta="Retenido" valor={formatCOP(d.total.retenido)} />
            <Cifra etiqueta="Devuelto" valor={formatCOP(d.total.devuelto)} />
            <Cifra etiqueta="Saldo a favor" valor={formatCOP(d.total.saldo_a_favor)} />
            <Cifra etiqueta="Aplicado a la cita" valor={formatCOP(d.total.aplicado)} />
          </SimpleGrid>
          <Grafica
            tipo="barras"
            type="stacked"
            withLegend
            data={porMes(d.filas, ['en_custodia', 'aplicado', 'retenido', 'devuelto', 'saldo_a_favor'])}
            dataKey="mes"
            series={[
              { name: 'en_custodia', label: 'En custodia', color: 'blue.6' },
              { name: 'aplicado', label: 'Aplicado', color: 'teal.6' },
              { name: 'retenido', label: 'Retenido', color: 'orange.6' },
              { name: 'devuelto', label: 'Devuelto', color: 'gray.6' },
              { name: 'saldo_a_favor', label: 'Saldo a favor', color: 'grape.6' },
            ]}
            valueFormatter={formatCOP}
            ejeY={formatCOPCorto}
          />
          <Tabla
            titulo="Anticipos por mes de pago"
            encabezados={[
              'Mes',
              'Citas',
              'Cobrado',
              'En custodia',
              'Aplicado',
              'Retenido',
              'Devuelto',
              'Saldo a favor',
            ]}
            filas={d.filas.map((f) => [
              nombreMes(f.mes),
              formatNumero(f.citas),
              formatCOP(f.cobrado),
              formatCOP(f.en_custodia),
              formatCOP(f.aplicado),
              formatCOP(f.retenido),
              formatCOP(f.devuelto),
              formatCOP(f.saldo_a_favor),
            ])}
          />
        </>
      )}
    </Estado>
  );
}

function Inasistencias({ q }: { q: ReporteQuery }) {
  return (
    <Estado q={useInasistencias(q)} vacio={(d) => d.filas.length === 0}>
      {(d: ReporteInasistenciasWire) => (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Cifra etiqueta="Tasa de inasistencia" valor={porcentaje(d.total.tasa)} />
            <Cifra etiqueta="Inasistencias" valor={formatNumero(d.total.inasistencias)} />
            <Cifra etiqueta="Citas realizadas" valor={formatNumero(d.total.realizadas)} />
          </SimpleGrid>
          <Grafica
            tipo="lineas"
            data={d.porMes.map((m) => ({ mes: nombreMes(m.mes), tasa: Math.round((m.tasa ?? 0) * 1000) / 10 }))}
            dataKey="mes"
            series={[{ name: 'tasa', label: 'Inasistencia (%)', color: 'red.6' }]}
            valueFormatter={pct}
          />
          <Tabla
            titulo="Inasistencias por mes y doctor"
            texto={2}
            encabezados={['Mes', 'Doctor', 'Realizadas', 'Inasistencias', 'Tasa']}
            filas={d.filas.map((f) => [
              nombreMes(f.mes),
              f.doctor,
              formatNumero(f.realizadas),
              formatNumero(f.inasistencias),
              porcentaje(f.tasa),
            ])}
          />
        </>
      )}
    </Estado>
  );
}

function Ocupacion({ q }: { q: ReporteQuery }) {
  return (
    <Estado q={useOcupacion(q)} vacio={(d) => d.filas.length === 0}>
      {(d: ReporteOcupacionWire) => {
        const doctores = [...new Map(d.filas.map((f) => [f.doctor_id, f.doctor])).entries()];
        const colores = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'pink.6', 'cyan.6'];
        const meses = new Map<string, Record<string, string | number>>();
        for (const f of d.filas) {
          const m = meses.get(f.mes) ?? { mes: nombreMes(f.mes) };
          m[`d${f.doctor_id}`] = Math.round((f.ocupacion ?? 0) * 1000) / 10;
          meses.set(f.mes, m);
        }
        return (
          <>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
              <Cifra etiqueta="Ocupación" valor={porcentaje(d.total.ocupacion)} />
              <Cifra etiqueta="Horas reservadas" valor={formatNumero(d.total.minutos_reservados / 60)} />
              <Cifra etiqueta="Horas disponibles" valor={formatNumero(d.total.minutos_disponibles / 60)} />
            </SimpleGrid>
            <Grafica
              tipo="barras"
              withLegend
              data={[...meses.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => v)}
              dataKey="mes"
              series={doctores.map(([id, nombre], i) => ({
                name: `d${id}`,
                label: nombre,
                color: colores[i % colores.length]!,
              }))}
              valueFormatter={pct}
            />
            <Tabla
              titulo="Ocupación por doctor y mes"
              texto={2}
              encabezados={['Mes', 'Doctor', 'Minutos reservados', 'Minutos disponibles', 'Ocupación']}
              filas={d.filas.map((f) => [
                nombreMes(f.mes),
                f.doctor,
                formatNumero(f.minutos_reservados),
                formatNumero(f.minutos_disponibles),
                porcentaje(f.ocupacion),
              ])}
            />
          </>
        );
      }}
    </Estado>
  );
}

function Paquetes({ q }: { q: ReporteQuery }) {
  return (
    <Estado q={usePaquetesReporte(q)} vacio={(d) => d.filas.length === 0 && d.pendientes.length === 0}>
      {(d: ReportePaquetesWire) => (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Cifra etiqueta="Vendido" valor={formatCOP(d.total.monto_vendido)} />
            <Cifra etiqueta="Sesiones usadas" valor={formatNumero(d.total.sesiones_usadas)} />
            <Cifra etiqueta="Sesiones por prestar" valor={formatNumero(d.total.sesiones_pendientes)} />
            <Cifra etiqueta="La clínica debe hoy" valor={formatCOP(d.total.monto_pendiente)} />
          </SimpleGrid>
          {d.filas.length > 0 && (
            <Grafica
              tipo="barras"
              data={porMes(d.filas, ['monto_vendido'])}
              dataKey="mes"
              series={[{ name: 'monto_vendido', label: 'Vendido', color: 'grape.6' }]}
              valueFormatter={formatCOP}
              ejeY={formatCOPCorto}
            />
          )}
          <Tabla
            titulo="Paquetes vendidos y sesiones usadas por mes"
            encabezados={['Mes', 'Vendidos', 'Vendido', 'Sesiones usadas']}
            filas={d.filas.map((f) => [
              nombreMes(f.mes),
              formatNumero(f.vendidos),
              formatCOP(f.monto_vendido),
              formatNumero(f.sesiones_usadas),
            ])}
          />
          <Tabla
            titulo="Lo que la clínica debe hoy (sesiones sin usar de paquetes vigentes)"
            encabezados={['Procedimiento', 'Paquetes', 'Sesiones', 'Valor proporcional']}
            filas={d.pendientes.map((p) => [
              p.procedimiento,
              formatNumero(p.paquetes),
              formatNumero(p.sesiones),
              formatCOP(p.monto),
            ])}
          />
        </>
      )}
    </Estado>
  );
}

function Conversion({ q }: { q: ReporteQuery }) {
  return (
    <Estado q={useConversion(q)} vacio={(d) => d.filas.length === 0}>
      {(d: ReporteConversionWire) => (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Cifra etiqueta="Conversión" valor={porcentaje(d.total.tasa)} />
            <Cifra etiqueta="Primeras evaluaciones" valor={formatNumero(d.total.evaluadas)} />
            <Cifra etiqueta="Con procedimiento" valor={formatNumero(d.total.convertidas)} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Pacientes cuya primera evaluación realizada en el rango fue seguida de una cita de procedimiento (agendada o
            realizada) en los {d.dias} días siguientes.
          </Text>
          <Grafica
            tipo="barras"
            data={d.filas.map((f) => ({ mes: nombreMes(f.mes), tasa: Math.round((f.tasa ?? 0) * 1000) / 10 }))}
            dataKey="mes"
            series={[{ name: 'tasa', label: 'Conversión (%)', color: 'indigo.6' }]}
            valueFormatter={pct}
          />
          <Tabla
            titulo="Conversión de primera evaluación a procedimiento por mes"
            encabezados={['Mes', 'Primeras evaluaciones', 'Con procedimiento', 'Conversión']}
            filas={d.filas.map((f) => [
              nombreMes(f.mes),
              formatNumero(f.evaluadas),
              formatNumero(f.convertidas),
              porcentaje(f.tasa),
            ])}
          />
        </>
      )}
    </Estado>
  );
}

/** Issue 25, item 5: how appointments get confirmed, no-shows by the patient's channel, slots refilled. */
function Confirmaciones({ q }: { q: ReporteQuery }) {
  return (
    <Estado q={useConfirmaciones(q)} vacio={(d) => d.filas.length === 0}>
      {(d: ReporteConfirmacionesWire) => (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Cifra etiqueta="Confirmadas antes del día" valor={porcentaje(d.total.tasa_antes_del_dia)} />
            <Cifra etiqueta="Citas confirmadas" valor={formatNumero(d.total.confirmadas)} />
            <Cifra etiqueta="Recuperadas de la lista de espera" valor={formatNumero(d.total.recuperadas)} />
            <Cifra etiqueta="Valor recuperado" valor={formatCOP(d.total.valor_recuperado)} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Citas del rango que no se cancelaron (o a las que la paciente no asistió): cuántas se confirmaron, por qué
            medio y cuántas antes del día de la cita. Los horarios recuperados son los que se liberaron y volvió a tomar
            una paciente de la lista de espera.
          </Text>
          <Grafica
            tipo="barras"
            data={d.filas.map((f) => ({
              mes: nombreMes(f.mes),
              ...Object.fromEntries(viasConfirmacion.map((v) => [v, f.por_via[v]])),
            }))}
            dataKey="mes"
            type="stacked"
            withLegend
            series={[
              { name: 'mostrador', label: viaConfirmacionNombres.mostrador, color: 'grape.6' },
              { name: 'portal', label: viaConfirmacionNombres.portal, color: 'indigo.6' },
              { name: 'correo', label: viaConfirmacionNombres.correo, color: 'blue.6' },
              { name: 'whatsapp', label: viaConfirmacionNombres.whatsapp, color: 'teal.6' },
              { name: 'sin_registro', label: viaConfirmacionNombres.sin_registro, color: 'gray.5' },
            ]}
            valueFormatter={formatNumero}
          />
          <Tabla
            titulo="Confirmaciones por mes y medio"
            encabezados={[
              'Mes',
              'Citas',
              'Confirmadas',
              'Antes del día',
              ...viasConfirmacion.map((v) => viaConfirmacionNombres[v]),
              'Recuperadas',
              'Valor recuperado',
            ]}
            filas={d.filas.map((f) => [
              nombreMes(f.mes),
              formatNumero(f.citas),
              formatNumero(f.confirmadas),
              porcentaje(f.tasa_antes_del_dia),
              ...viasConfirmacion.map((v) => formatNumero(f.por_via[v])),
              formatNumero(f.recuperadas),
              formatCOP(f.valor_recuperado),
            ])}
          />
          <Tabla
            titulo="Inasistencia según el canal que eligió la paciente"
            encabezados={['Canal', 'Citas', 'Inasistencias', 'Tasa de inasistencia']}
            filas={d.porCanal.map((c) => [
              canalReporteNombres[c.canal],
              formatNumero(c.citas),
              formatNumero(c.inasistencias),
              porcentaje(c.tasa),
            ])}
          />
        </>
      )}
    </Estado>
  );
}

const PANELES: Record<Reporte, (p: { q: ReporteQuery }) => ReactNode> = {
  ingresos: Ingresos,
  anticipos: Anticipos,
  inasistencias: Inasistencias,
  ocupacion: Ocupacion,
  paquetes: Paquetes,
  conversion: Conversion,
  confirmaciones: Confirmaciones,
};

function BotonCsv({ reporte, q }: { reporte: Reporte; q: ReporteQuery }) {
  const [bajando, setBajando] = useState(false);
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      loading={bajando}
      onClick={() => {
        setBajando(true);
        descargarCsv(reporte, q)
          .catch((e: unknown) =>
            notifications.show({ color: 'red', message: mensajeDeError(e, 'No pudimos descargar el CSV.') }),
          )
          .finally(() => setBajando(false));
      }}
    >
      Descargar CSV
    </Button>
  );
}

export default function ReportesScreen() {
  const { userRole } = useAuth();
  const admin = normalizarRol(userRole) === 'administrador';
  const titulo = admin ? 'Reportes' : 'Mis reportes';
  usePageMeta({ title: titulo });
  const puede = permite(reportesRutas.ingresos.auth, userRole);
  const [hasta, setHasta] = useState(hoy());
  const [desde, setDesde] = useState(() => inicioDeMesAntes(hoy(), 11));
  const [doctor, setDoctor] = useState<string | null>(null);
  const [pestana, setPestana] = useState<Reporte>('ingresos');
  const doctores = useQuery({ ...doctoresQueryOptions(), enabled: admin });
  if (!puede) return <SinAcceso />;
  const visibles = (Object.keys(TITULOS) as Reporte[]).filter((r) => permite(reportesRutas[r].auth, userRole));
  const q: ReporteQuery = { desde, hasta, ...(admin && doctor ? { doctor_id: Number(doctor) } : {}) };
  const rangoInvalido = desde > hasta;
  const Panel = PANELES[pestana];

  return (
    <>
      <PageHeader
        eyebrow="Reportes"
        title={titulo}
        description={
          admin
            ? 'Ingresos, anticipos, inasistencias, ocupación, paquetes y conversión de la clínica, por mes.'
            : 'Tus ingresos, anticipos, inasistencias, ocupación y conversión, por mes.'
        }
      />
      <Stack gap="lg">
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Group gap="md" align="flex-end" wrap="wrap">
            <DateInput
              label="Desde"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              dateParser={leerFecha}
              inputMode="numeric"
              value={desde}
              onChange={(v) => v && setDesde(v)}
            />
            <DateInput
              label="Hasta"
              placeholder="dd/mm/aaaa"
              valueFormat="DD/MM/YYYY"
              dateParser={leerFecha}
              inputMode="numeric"
              value={hasta}
              onChange={(v) => v && setHasta(v)}
            />
            {admin && (
              <Select
                label="Doctor"
                placeholder="Todos los doctores"
                data={(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre }))}
                value={doctor}
                onChange={setDoctor}
                searchable
                clearable
                nothingFoundMessage="Ningún doctor con ese nombre"
              />
            )}
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            Fechas y meses en la hora de la clínica. Un reporte cubre como máximo {MESES_MAXIMOS_REPORTE} meses.
          </Text>
        </Paper>
        <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
          <Tabs value={pestana} onChange={(v) => v && setPestana(v as Reporte)} keepMounted={false}>
            <Tabs.List mb="md">
              {visibles.map((r) => (
                <Tabs.Tab key={r} value={r}>
                  {TITULOS[r]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Group justify="space-between" mb="md" wrap="wrap">
              <Title order={2} fz="h4">
                {TITULOS[pestana]}
              </Title>
              {!rangoInvalido && <BotonCsv reporte={pestana} q={q} />}
            </Group>
            {rangoInvalido ? (
              <Alert color="orange" variant="light">
                La fecha «Desde» debe ser anterior o igual a «Hasta».
              </Alert>
            ) : (
              <Panel q={q} />
            )}
          </Tabs>
        </Paper>
      </Stack>
    </>
  );
}
