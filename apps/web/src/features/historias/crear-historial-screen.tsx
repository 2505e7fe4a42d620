// /crearhistorialclinico (issue 9 item 2): the intake. A patient fills their own before the first visit (warm "tú"
// questions, comfortable on a 375 px phone); a doctor creates one for a chosen patient. The API decides who may: the
// front desk and the administration are told plainly that they cannot, a patient who already has one is sent to it.
import { Alert, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldLock } from '@tabler/icons-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { normalizarRol, permite } from '@clinica/contracts/roles';
import { historiasRutas } from '@clinica/contracts/rutas';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useCrearHistoria } from '../../lib/api/historias/guardar-historia.ts';
import { useMiHistoria } from '../../lib/api/historias/get-historia.ts';
import { HistoriaForm } from './components/historia-form.tsx';
import { SelectorPaciente } from './components/selector-paciente.tsx';
import { guardarSeleccion, nombrePaciente } from './historia-textos.ts';
import { HistoriaYaLlenada } from './components/estados-historia.tsx';

function IntakePaciente({ userId }: { userId: number }) {
  const mia = useMiHistoria(userId);
  const crear = useCrearHistoria();
  const navigate = useNavigate();
  const miRuta = paths.miHistorialClinico(userId);
  if (mia.isPending) return <SkeletonLineas lineas={8} etiqueta="Revisando tu historia clínica…" />;
  if (mia.isSuccess) return <HistoriaYaLlenada miRuta={miRuta} />;
  if (!(mia.error instanceof ApiClientError && mia.error.status === 404)) return <ErrorDeCarga consulta={mia} />;
  return (
    <Stack gap="lg">
      <Alert
        variant="light"
        color="blue"
        icon={<IconShieldLock aria-hidden="true" />}
        title="Tu información está protegida"
      >
        Solo tú y tu médico pueden leerla. Cada vez que alguien del personal la consulta queda registrado, y puedes ver
        quién y cuándo en «Mi historia clínica».
      </Alert>
      <HistoriaForm
        paraPaciente
        submitLabel="Guardar mi historia clínica"
        cancelarA={paths.dashboard}
        tituloFallo="No pudimos guardar tu historia clínica"
        onSubmit={async ({ paciente_id: _p, ...datos }) => {
          await crear.mutateAsync(datos);
          notifications.show({
            color: 'green',
            title: '¡Listo! Guardamos tu historia clínica',
            message: 'Tu médico la revisará contigo en tu valoración.',
          });
        }}
        onGuardada={() => void navigate(miRuta)}
      />
    </Stack>
  );
}

function NuevaPorDoctor() {
  const crear = useCrearHistoria();
  const navigate = useNavigate();
  const destino = useRef<string>(paths.consultarHistorialMedico);
  return (
    <HistoriaForm
      selectorPaciente={(props) => <SelectorPaciente {...props} />}
      submitLabel="Crear historia clínica"
      cancelarA={paths.consultarHistorialMedico}
      tituloFallo="No pudimos crear la historia clínica"
      onSubmit={async (datos) => {
        const h = await crear.mutateAsync(datos);
        guardarSeleccion({ id: h.id, usuario: h.usuario });
        destino.current = `${paths.detallesHistorialMedico}?id=${h.id}`;
        notifications.show({
          color: 'green',
          title: 'Historia clínica creada',
          message: `La historia de ${nombrePaciente(h.usuario)} quedó guardada (versión 1).`,
        });
      }}
      onGuardada={() => void navigate(destino.current)}
    />
  );
}

export default function CrearHistorialScreen() {
  usePageMeta({ title: 'Historia clínica' });
  const { userRole, userId } = useAuth();
  const rol = normalizarRol(userRole);
  const esPaciente = rol === 'paciente';

  // The one no-access screen, alone: its heading is the page's only h1.
  if (userRole && !permite(historiasRutas.crear.auth, userRole))
    return (
      <SinAcceso descripcion="La historia clínica la llena la paciente antes de su primera cita o la crea su médico. Desde el historial médico puedes ver qué pacientes ya la tienen." />
    );
  let contenido;
  if (esPaciente && userId !== null) contenido = <IntakePaciente userId={userId} />;
  else contenido = <NuevaPorDoctor />;

  return (
    <>
      <PageHeader
        eyebrow="Historia clínica"
        title={esPaciente ? 'Tu historia clínica' : 'Nueva historia clínica'}
        description={
          esPaciente ? (
            <Text component="span">
              Antes de tu primera valoración, cuéntanos sobre tu salud. Toma unos 5 minutos y le ayuda a tu médico a
              cuidarte mejor.
            </Text>
          ) : (
            'Elige la paciente y registra sus antecedentes. Cada cambio posterior guarda la versión anterior.'
          )
        }
      />
      {contenido}
    </>
  );
}
