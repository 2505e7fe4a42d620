// /agenda/horarios: a doctor's weekly hours and blocks (vacations, training). Administrators and assistants
// choose the doctor; a doctor sees and edits their own. Hours are replaced as a whole week (PUT); blocks are
// listed from today on, created with a reason and deleted after a confirmation.
import { Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { ContenidoDeConsulta } from '../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SeccionConTitulo } from '../../components/seccion-con-titulo.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { SoloPersonal } from '../../components/citas/solo-personal.tsx';
import { Bloqueos } from './components/bloqueos-doctor.tsx';
import { HorarioSemanal } from './components/horario-semanal.tsx';

function HorariosScreenContenido() {
  usePageMeta({ title: 'Horarios y bloqueos' });
  const { userRole, userId } = useAuth();
  const esDoctor = userRole?.toLowerCase() === 'doctor';
  const doctores = useDoctores();
  const [elegido, setElegido] = useState<string | null>(null);
  const doctorId = esDoctor ? userId : elegido ? Number(elegido) : (doctores.data?.[0]?.id ?? null);
  const nombreDoctor = doctores.data?.find((d) => d.id === doctorId)?.nombre ?? (esDoctor ? 'Tú' : 'El doctor');

  const cuerpo =
    doctorId === null ? (
      <EstadoVacio
        titulo="No hay doctores activos"
        descripcion="Cuando haya un doctor activo podrás definir su horario aquí."
      />
    ) : (
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SeccionConTitulo
          id="horario-semanal"
          titulo="Horario semanal"
          descripcion={`Las franjas en que ${esDoctor ? 'atiendes' : `${nombreDoctor} atiende`}. Las horas libres se calculan con ellas.`}
        >
          <HorarioSemanal key={doctorId} doctorId={doctorId} />
        </SeccionConTitulo>
        <SeccionConTitulo
          id="bloqueos"
          titulo="Bloqueos"
          descripcion="Vacaciones, capacitaciones y otros ratos sin citas, del día de hoy en adelante."
        >
          <Bloqueos key={doctorId} doctorId={doctorId} nombreDoctor={nombreDoctor} />
        </SeccionConTitulo>
      </SimpleGrid>
    );

  return (
    <>
      <PageHeader
        eyebrow="Agenda"
        title="Horarios y bloqueos"
        description={
          esDoctor
            ? 'Tu horario de atención y los días que no atiendes.'
            : 'El horario de atención de cada doctor y los días que no atiende.'
        }
        actions={
          !esDoctor && (
            <Select
              label="Doctor"
              w={260}
              data={(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre }))}
              value={doctorId ? String(doctorId) : null}
              onChange={setElegido}
              allowDeselect={false}
            />
          )
        }
      />
      {esDoctor ? (
        cuerpo
      ) : (
        // Staff first need the doctors to choose from.
        <ContenidoDeConsulta
          consulta={doctores}
          cargando={<SkeletonTabla filas={4} columnas={3} etiqueta="Cargando doctores…" />}
          tituloError="No pudimos cargar los doctores"
        >
          {cuerpo}
        </ContenidoDeConsulta>
      )}
    </>
  );
}

export default function HorariosScreen() {
  return (
    <SoloPersonal>
      <HorariosScreenContenido />
    </SoloPersonal>
  );
}
