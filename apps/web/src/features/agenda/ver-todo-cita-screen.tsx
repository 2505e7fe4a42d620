// /vertodocita: every appointment of a day (today by default) or of a date range, optionally of one type.
import { Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header.tsx';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { hoy } from '../../lib/tiempo.ts';
import type { FiltroCitas } from '../../lib/api/citas/tipos.ts';
import { opcionesTipo } from './agenda-textos.ts';
import { ListaCitas } from './components/lista-citas.tsx';
import { useFiltrosUrl } from './filtros-url.ts';
import { SoloPersonal } from '../../components/citas/solo-personal.tsx';
import { RangoFechas } from './components/rango-fechas.tsx';
import { SelectFiltro } from './components/select-filtro.tsx';

function VerTodoCitaScreenContenido() {
  usePageMeta({ title: 'Todas las citas' });
  const { sp, leer, actualizar, limpiar } = useFiltrosUrl();
  // A doctor gets only their own agenda from the API.
  const esDoctor = useAuth().userRole?.toLowerCase() === 'doctor';
  const porRango = sp.get('periodo') === 'rango';
  const dia = leer.fecha('dia') ?? hoy();
  const desde = leer.fecha('desde');
  const hasta = leer.fecha('hasta');

  const filtro: FiltroCitas = {
    ...(porRango ? { desde, hasta } : { desde: dia, hasta: dia }),
    tipo: leer.tipo(),
    pagina: leer.pagina(),
  };

  return (
    <>
      <PageHeader
        eyebrow="Agenda"
        title="Todas las citas"
        description={
          esDoctor
            ? 'Tus citas de un día o de un rango de fechas, en todos los estados.'
            : 'Las citas de un día o de un rango de fechas, de todos los doctores y en todos los estados.'
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" role="search" aria-label="Filtrar citas">
            <Stack gap={6}>
              <Text size="sm" fw={500} id="periodo-label">
                Periodo
              </Text>
              <SegmentedControl
                aria-labelledby="periodo-label"
                value={porRango ? 'rango' : 'dia'}
                onChange={(v) => actualizar({ periodo: v === 'rango' ? 'rango' : null })}
                data={[
                  { value: 'dia', label: 'Un día' },
                  { value: 'rango', label: 'Rango de fechas' },
                ]}
              />
            </Stack>
            {porRango ? (
              <RangoFechas
                value={[desde ?? null, hasta ?? null]}
                onCambio={(d, h) => actualizar({ desde: d, hasta: h })}
                leftSection={<IconCalendar size={16} aria-hidden="true" />}
              />
            ) : (
              <DatePickerInput
                label="Día"
                value={dia}
                onChange={(d) => actualizar({ dia: d })}
                valueFormat="DD/MM/YYYY"
                leftSection={<IconCalendar size={16} aria-hidden="true" />}
              />
            )}
            <SelectFiltro campo="tipo" valor={leer.tipo()} opciones={opcionesTipo} actualizar={actualizar} />
          </SimpleGrid>
          <ListaCitas
            filtro={filtro}
            hayFiltros={!!leer.tipo() || porRango}
            onLimpiar={limpiar}
            onPagina={(p) => actualizar({ pagina: String(p) })}
            titulo="Todas las citas"
            vacio={porRango ? 'No hay citas en estas fechas.' : 'No hay citas este día.'}
          />
        </Stack>
      </Paper>
    </>
  );
}

export default function VerTodoCitaScreen() {
  return (
    <SoloPersonal>
      <VerTodoCitaScreenContenido />
    </SoloPersonal>
  );
}
