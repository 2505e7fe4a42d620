// /consultarcitas: the staff list with the SPEC 5 search (id, type, status or patient name, on the server)
// and filters by doctor, state, type and date range; badges per row and links to details and edit.
import { Button, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { permite } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import { PageHeader } from '../../components/page-header.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import type { FiltroCitas } from '../../lib/api/citas/tipos.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { opcionesEstado, opcionesTipo } from './agenda-textos.ts';
import { ListaCitas } from './components/lista-citas.tsx';
import { useFiltrosUrl } from './filtros-url.ts';
import { SoloPersonal } from '../../components/citas/solo-personal.tsx';
import { RangoFechas } from './components/rango-fechas.tsx';
import { SelectFiltro } from './components/select-filtro.tsx';
import { CampoBusqueda } from '../../components/campo-busqueda.tsx';

export const ESPERA_BUSQUEDA_MS = 350;

function ConsultarCitasScreenContenido() {
  usePageMeta({ title: 'Consultar citas' });
  const { userRole } = useAuth();
  const esDoctor = userRole?.toLowerCase() === 'doctor';
  const puedeAgendar = permite(citasRutas.editar.auth, userRole);
  const { leer, actualizar, limpiar } = useFiltrosUrl();
  const buscarUrl = leer.texto('buscar');
  const [busqueda, setBusqueda] = useState(buscarUrl);
  const [debounced] = useDebouncedValue(busqueda, ESPERA_BUSQUEDA_MS);
  useEffect(() => {
    if (debounced.trim() !== buscarUrl) actualizar({ buscar: debounced.trim() || null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  const doctores = useDoctores();

  const filtro: FiltroCitas = {
    buscar: buscarUrl || undefined,
    doctorId: esDoctor ? undefined : leer.id('doctor'),
    estado: leer.estado(),
    tipo: leer.tipo(),
    desde: leer.fecha('desde'),
    hasta: leer.fecha('hasta'),
  };
  const hayFiltros = Object.values(filtro).some((v) => v !== undefined);
  const pagina = leer.pagina();
  const rango: [string | null, string | null] = [filtro.desde ?? null, filtro.hasta ?? null];

  return (
    <>
      <PageHeader
        eyebrow="Agenda"
        title="Consultar citas"
        description="Busca por número de cita, tipo, estado o nombre de la paciente, y filtra por doctor y fechas."
        actions={
          puedeAgendar && (
            <Button
              component={Link}
              to={paths.crearCitaAsistente}
              leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}
            >
              Nueva cita
            </Button>
          )
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: esDoctor ? 4 : 3, xl: esDoctor ? 4 : 5 }}
            spacing="md"
            role="search"
            aria-label="Buscar citas"
          >
            <CampoBusqueda placeholder="Paciente, ID, tipo o estado" value={busqueda} onChange={setBusqueda} />
            {!esDoctor && (
              <SelectFiltro
                campo="doctor"
                valor={filtro.doctorId}
                opciones={(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre }))}
                actualizar={actualizar}
              />
            )}
            <SelectFiltro campo="estado" valor={filtro.estado} opciones={opcionesEstado} actualizar={actualizar} />
            <SelectFiltro campo="tipo" valor={filtro.tipo} opciones={opcionesTipo} actualizar={actualizar} />
            <RangoFechas value={rango} onCambio={(d, h) => actualizar({ desde: d, hasta: h })} />
          </SimpleGrid>
          <ListaCitas
            filtro={{ ...filtro, pagina }}
            hayFiltros={hayFiltros}
            onPagina={(p) => actualizar({ pagina: String(p) })}
            onLimpiar={() => {
              setBusqueda('');
              limpiar();
            }}
            titulo="Citas"
            vacio="Las citas aparecen aquí cuando se agendan."
          />
        </Stack>
      </Paper>
    </>
  );
}

export default function ConsultarCitasScreen() {
  return (
    <SoloPersonal>
      <ConsultarCitasScreenContenido />
    </SoloPersonal>
  );
}
