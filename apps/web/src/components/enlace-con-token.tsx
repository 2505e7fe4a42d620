// The pages that e-mailed links open (password reset, e-mail confirmation, issues 10.7 and 21.1): the token comes
// in the URL fragment, `#token=…`, which browsers never send to a server; without it the page says so.
import { Alert, Stack, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The token of `#token=…` (null when the link came without one). */
export function tokenDelFragmento(hash: string): string | null {
  const valor = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return valor ? valor : null;
}

/**
 * The link's token, taken off the address bar at once (so it is not left in the history or shown over a shoulder)
 * and kept here. Read from the address on every render: a link pasted over an open page changes only the fragment.
 */
export function useTokenDelEnlace(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const enFragmento = tokenDelFragmento(location.hash);
  const [token, setToken] = useState(enFragmento);
  if (enFragmento && enFragmento !== token) setToken(enFragmento);
  useEffect(() => {
    if (enFragmento)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: location.state });
  }, [enFragmento, navigate, location.pathname, location.search, location.state]);
  return token;
}

/** In place of the page's form when the link came without its token: what to do (children), and the way to it. */
export function AvisoFaltaCodigo({ accion, children }: { accion: ReactNode; children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" title="Falta el código del enlace" icon={<IconLinkOff aria-hidden="true" />}>
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        {accion}
      </Stack>
    </Alert>
  );
}
