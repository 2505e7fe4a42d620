// The patient's first sign-in (issue 21.4, Ley 1581 de 2012): a patient the desk registered without her
// authorisation accepts the terms and the data policy before anything else of the dashboard renders. The dashboard
// layout wraps every dashboard route in this gate, so no navigation goes around it; the API refuses her clinical
// record and procedures until then anyway. The step itself downloads only when it is needed.
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { permite } from '@clinica/contracts/roles';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { usePerfil } from '../../../lib/api/usuarios/get-perfil.ts';

const PasoAutorizacionDatos = lazy(() => import('./paso-autorizacion-datos.tsx'));

function Cargando() {
  return (
    <Center mih="100dvh">
      <Loader aria-label="Cargando tu cuenta…" />
    </Center>
  );
}

export function PuertaAutorizacionDatos({ children }: { children: ReactNode }) {
  const { userRole, userId } = useAuth();
  // Only patients accept for themselves; staff never wait for this request.
  const esPaciente = permite(usuariosRutas.aceptarAutorizacion.auth, userRole);
  const perfil = usePerfil(esPaciente ? userId : null);
  if (!esPaciente) return children;
  if (perfil.isPending) return <Cargando />;
  // A profile that failed to load lets the dashboard show its own errors; the server still enforces the rule.
  if (perfil.data?.autorizacion_datos_en === null)
    return (
      <Suspense fallback={<Cargando />}>
        <PasoAutorizacionDatos nombre={perfil.data.nombre} />
      </Suspense>
    );
  return children;
}
