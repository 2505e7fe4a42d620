// /seguridad: the sign-in lockouts and bursts of the last 7 days (issue 11.1), newest first, for administrators.
// Each row comes from the audit trail: when, from which address, what happened and which account it named.
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { IconShieldCheck, IconShieldLock } from '@tabler/icons-react';
import { permite } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { CitaBadge } from '../../components/cita-badges.tsx';
import { ContenidoDeConsulta } from '../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PanelDeLista } from '../../components/panel-de-lista.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import type { Estado } from '../../app/theme.ts';
import { esProhibido } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { useBloqueosRecientes, type BloqueoWire } from '../../lib/api/usuarios/get-bloqueos-recientes.ts';

const TITULO = 'Bloqueos de inicio de sesión recientes';

const TIPOS: Record<BloqueoWire['tipo'], { texto: string; tono: Estado }> = {
  bloqueo: { texto: 'Bloqueo', tono: 'danger' },
  rafaga: { texto: 'Ráfaga de intentos', tono: 'warning' },
  intento_bloqueado: { texto: 'Intento durante un bloqueo', tono: 'info' },
};

function FilaBloqueo({ b }: { b: BloqueoWire }) {
  const tipo = TIPOS[b.tipo];
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{formatFechaHora(b.cuando)}</Text>
      </Table.Td>
      <Table.Td data-label="Tipo">
        <CitaBadge tono={tipo.tono} texto={tipo.texto} size="sm" />
      </Table.Td>
      <Table.Td data-label="Cuenta">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {b.correo ?? 'Sin cuenta (solo la dirección)'}
        </Text>
      </Table.Td>
      <Table.Td data-label="Dirección IP">
        <Text size="sm" ff="monospace">
          {b.ip ?? 'Desconocida'}
        </Text>
      </Table.Td>
      <Table.Td data-label="Detalle">
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {b.detalle ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export default function BloqueosScreen() {
  usePageMeta({ title: TITULO });
  const { userRole } = useAuth();
  const permitido = permite(usuariosRutas.bloqueosRecientes.auth, userRole);
  // Roles the server would refuse never ask.
  const q = useBloqueosRecientes(permitido);

  if (!permitido || esProhibido(q.error)) {
    return (
      <SinAcceso descripcion="Los bloqueos de inicio de sesión los revisa el administrador. Si no puedes entrar a tu cuenta, pídele ayuda." />
    );
  }

  const items = q.data?.items ?? [];
  return (
    <>
      <PageHeader
        eyebrow="Administración"
        title={TITULO}
        description="Bloqueos y ráfagas de intentos fallidos de los últimos 7 días, del más reciente al más antiguo (hasta 100)."
      />
      <PanelDeLista icono={<IconShieldLock size={18} aria-hidden="true" />} titulo="Últimos 7 días">
        <ContenidoDeConsulta
          consulta={q}
          cargando={<SkeletonTabla filas={5} columnas={4} etiqueta="Cargando bloqueos…" />}
          vacio={
            items.length === 0 && (
              <EstadoVacio
                icono={<IconShieldCheck size={26} stroke={1.6} aria-hidden="true" />}
                titulo="No hubo bloqueos en los últimos 7 días"
                descripcion="Aquí aparecen las cuentas y direcciones bloqueadas por intentos fallidos y las ráfagas de intentos contra una cuenta."
              />
            )
          }
        >
          <TablaApilable apilarBajo={720}>
            <Table verticalSpacing="sm" aria-busy={q.isFetching}>
              <Table.Caption>
                <VisuallyHidden>
                  {TITULO}, del más reciente al más antiguo: {items.length}
                </VisuallyHidden>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Cuándo</Table.Th>
                  <Table.Th scope="col">Tipo</Table.Th>
                  <Table.Th scope="col">Cuenta</Table.Th>
                  <Table.Th scope="col">Dirección IP</Table.Th>
                  <Table.Th scope="col">Detalle</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((b, i) => (
                  <FilaBloqueo key={`${b.cuando}-${i}`} b={b} />
                ))}
              </Table.Tbody>
            </Table>
          </TablaApilable>
        </ContenidoDeConsulta>
      </PanelDeLista>
    </>
  );
}
