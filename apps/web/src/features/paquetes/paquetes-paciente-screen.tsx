// /paquetespaciente/:id (issue 23, item 4). The patient's "Mis paquetes" (her own id only: the sessions left, expiry
// and the sessions used with their dates), and the staff's view of any patient's packages, where the desk and the
// administrators sell one ("Vender paquete"). Another patient's id answers 404 from the server.
import { Paper, Stack } from '@mantine/core';
import { IconPackageOff } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { normalizarRol, permite, rolesPersonalCitas } from '@clinica/contracts/roles';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { TarjetaPaquete } from '../../components/paquetes/tarjeta-paquete.tsx';
import { SkeletonTarjetas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { usePaquetesPaciente } from '../../lib/api/paquetes/get-paquetes-paciente.ts';
import { useUsuario } from '../../lib/api/usuarios/get-usuario.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { VenderPaquete } from './components/vender-paquete.tsx';

const idDeRuta = (valor: string | undefined) => (valor && /^[1-9]\d{0,8}$/.test(valor) ? Number(valor) : 0);

export default function PaquetesPacienteScreen() {
  const id = idDeRuta(useParams().id);
  const { userId, userRole } = useAuth();
  const propia = userId !== null && id === userId;
  const esPaciente = normalizarRol(userRole) === 'paciente';
  usePageMeta({ title: propia ? 'Mis paquetes' : 'Paquetes de la paciente' });
  const q = usePaquetesPaciente(id, id > 0 && (propia || !esPaciente));
  // The staff see whose packages these are; the patient knows.
  const persona = useUsuario(esPaciente ? 0 : id);
  const nombre = persona.data?.nombre ?? '';
  const puedeVender = permite(paquetesRutas.vender.auth, userRole) && persona.data?.estado !== false;
  const puedeAgendar = !esPaciente && permite(rolesPersonalCitas, userRole) && persona.data?.estado !== false;

  let contenido;
  if (!id || (esPaciente && !propia) || (q.error instanceof ApiClientError && q.error.status === 404)) {
    contenido = (
      <EstadoVacio
        icono={<IconPackageOff size={26} stroke={1.6} aria-hidden="true" />}
        titulo="No encontramos a esa paciente"
        descripcion={
          esPaciente ? 'Aquí ves solo tus propios paquetes.' : 'Revisa el enlace o búscala en la lista de usuarios.'
        }
      />
    );
  } else if (q.isPending) {
    contenido = <SkeletonTarjetas cantidad={2} etiqueta="Cargando paquetes…" />;
  } else if (q.isError) {
    contenido = <ErrorDeCarga consulta={q} />;
  } else if (q.data.length === 0) {
    contenido = (
      <EstadoVacio
        icono={<IconPackageOff size={26} stroke={1.6} aria-hidden="true" />}
        titulo={propia ? 'Aún no tienes paquetes' : 'Aún no tiene paquetes'}
        descripcion={
          propia
            ? 'Cuando compres un paquete de sesiones en la clínica, aquí verás cuántas te quedan y hasta cuándo puedes usarlas.'
            : 'Los paquetes que compre aparecerán aquí, con sus sesiones y su vencimiento.'
        }
      />
    );
  } else {
    contenido = (
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Paquetes">
        {q.data.map((p) => (
          <TarjetaPaquete
            key={p.id}
            p={p}
            agendar={puedeAgendar ? paths.crearCitaAsistenteDe(id, p.procedimiento.id) : undefined}
          />
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow={propia ? 'Mi cuenta' : 'Caja'}
        title={propia ? 'Mis paquetes' : nombre ? `Paquetes de ${nombre}` : 'Paquetes de la paciente'}
        description={
          propia
            ? 'Tus paquetes de sesiones: cuántas te quedan, hasta cuándo valen y qué sesiones ya usaste.'
            : 'Sus paquetes de sesiones, las sesiones usadas y su vencimiento. Cada cita realizada del procedimiento usa una sesión.'
        }
      />
      <Stack gap="lg">
        {!esPaciente && puedeVender && id > 0 && !(q.error instanceof ApiClientError && q.error.status === 404) && (
          <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
            <VenderPaquete pacienteId={id} nombre={nombre || 'la paciente'} />
          </Paper>
        )}
        {contenido}
      </Stack>
    </>
  );
}
