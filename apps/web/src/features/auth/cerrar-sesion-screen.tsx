// /cerrarsesion and /dashboard/cerrarsesion (SPEC 2): revoke the session on the server (failures ignored),
// sign out here, then go to /iniciarsesion if the current path contains /dashboard, otherwise to /inicio.
import { Center, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { TOKEN_KEY } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { cerrarSesion } from '../../lib/api/usuarios/sesion.ts';

/** Never keep someone waiting on a slow server to sign out. */
const ESPERA_MAXIMA_MS = 4000;

export function destinoTrasCerrarSesion(pathname: string): string {
  return pathname.includes('/dashboard') ? paths.iniciarSesion : paths.inicio;
}

export default function CerrarSesionScreen() {
  usePageMeta({ title: 'Cerrando sesión' });
  const { logout } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const iniciado = useRef(false);

  useEffect(() => {
    if (iniciado.current) return;
    iniciado.current = true;
    const habiaSesion = !!localStorage.getItem(TOKEN_KEY);
    const revocar = habiaSesion
      ? Promise.race([cerrarSesion().catch(() => undefined), new Promise((r) => setTimeout(r, ESPERA_MAXIMA_MS))])
      : Promise.resolve();
    void revocar.then(() => {
      logout();
      // Drop cached personal data (profile, lists) so the next person on this device never sees it.
      queryClient.clear();
      if (habiaSesion) notifications.show({ color: 'green', title: 'Cerraste tu sesión', message: 'Vuelve pronto.' });
      void navigate(destinoTrasCerrarSesion(pathname), { replace: true });
    });
  }, [logout, navigate, pathname, queryClient]);

  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader aria-hidden="true" />
        <Text>Cerrando tu sesión…</Text>
      </Stack>
    </Center>
  );
}
