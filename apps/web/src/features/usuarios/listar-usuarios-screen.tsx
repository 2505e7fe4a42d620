// /listarusuarios: server-side search and filters, pagination with total, state badge and actions
// (issue 3). Administrators see everyone and manage them; assistants and doctors see patients only, and the
// front desk registers patients and fixes their contact data (issue 11.6). The server enforces it; the screen only
// stops offering what would be refused.
import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPencil, IconUserCheck, IconUserOff, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { permite, roles, rolesVenTodosLosUsuarios, rolNombres, type Rol } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { paths } from '../../lib/paths.ts';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { CampoBusqueda } from '../../components/campo-busqueda.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { SinCoincidencias } from '../../components/sin-coincidencias.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TablaApilable } from '../../components/tabla-apilable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { etiquetasPaginacion, textoMostrando } from '../../lib/paginacion.ts';
import { useParametrosUrl } from '../../lib/parametros-url.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useEditarEstadoUsuario } from '../../lib/api/usuarios/editar-usuario.ts';
import { useListaUsuarios } from '../../lib/api/usuarios/get-usuarios.ts';
import { type FiltroUsuarios } from '../../lib/api/usuarios/claves.ts';
import { EstadoBadge } from './components/estado-badge.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import { guardarSeleccion, iniciales, nombreRol, nombreTipoDocumento, SIN_CORREO } from './usuario-textos.ts';
import { BotonEnlace } from '../../components/boton-con-icono.tsx';

export const POR_PAGINA = 10;
export const ESPERA_BUSQUEDA_MS = 350;

const opcionesRol = [
  { value: '', label: 'Todos los roles' },
  ...roles.map((r) => ({ value: r, label: rolNombres[r] })),
];
const opcionesEstado = [
  { value: '', label: 'Todos los estados' },
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Inactivos' },
];

/** Reads the filters from the URL, so going back from a user's details keeps the list as it was. */
function leerFiltros(sp: URLSearchParams, esAdmin: boolean): FiltroUsuarios {
  const rol = sp.get('rol');
  const estado = sp.get('estado');
  const pagina = Number(sp.get('pagina'));
  return {
    q: sp.get('q') ?? undefined,
    rol: esAdmin ? ((roles as readonly string[]).includes(rol ?? '') ? (rol as Rol) : undefined) : 'paciente',
    estado: estado === 'true' ? true : estado === 'false' ? false : undefined,
    pagina: Number.isInteger(pagina) && pagina > 0 ? pagina : 1,
    porPagina: POR_PAGINA,
  };
}

type Cambio = { usuario: UsuarioWire; estado: boolean };

function ConfirmarEstado({ cambio, onClose }: { cambio: Cambio | null; onClose: () => void }) {
  const mutation = useEditarEstadoUsuario();
  // Keep the last change while the modal animates out.
  const [ultimo, setUltimo] = useState<Cambio | null>(cambio);
  if (cambio && cambio !== ultimo) setUltimo(cambio);
  const c = cambio ?? ultimo;
  const nombre = c?.usuario.nombre ?? '';
  const desactivar = c ? !c.estado : false;

  function confirmar() {
    if (!c) return;
    mutation.mutate(
      { id: c.usuario.id, estado: c.estado },
      {
        onSuccess: (u) => {
          notifications.show({
            color: 'green',
            title: u.estado ? 'Cuenta activada' : 'Cuenta desactivada',
            message: u.estado
              ? `${u.nombre} ya puede iniciar sesión.`
              : `${u.nombre} ya no puede iniciar sesión y sus sesiones se cerraron.`,
          });
          onClose();
        },
        onError: (err) => {
          notifications.show({
            color: 'red',
            title: desactivar ? 'No pudimos desactivar al usuario' : 'No pudimos activar al usuario',
            message: mensajeDeError(err, 'Inténtalo de nuevo.'),
          });
        },
      },
    );
  }

  return (
    <Modal
      opened={!!cambio}
      onClose={() => !mutation.isPending && onClose()}
      title={desactivar ? `¿Desactivar a ${nombre}?` : `¿Activar a ${nombre}?`}
    >
      <Stack gap="md">
        {desactivar ? (
          <Text>
            {nombre} no podrá iniciar sesión y sus sesiones abiertas se cerrarán de inmediato. Sus datos, citas e
            historia clínica se conservan, y puedes volver a activar su cuenta cuando quieras.
          </Text>
        ) : (
          <Text>{nombre} podrá volver a iniciar sesión con su correo y su contraseña.</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
            Cancelar
          </Button>
          <Button
            color={desactivar ? 'red' : 'green'}
            onClick={confirmar}
            loading={mutation.isPending}
            leftSection={
              desactivar ? <IconUserOff size={18} aria-hidden="true" /> : <IconUserCheck size={18} aria-hidden="true" />
            }
          >
            {desactivar ? 'Desactivar' : 'Activar'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ListaUsuarios() {
  const { userRole, userId } = useAuth();
  // Who sees every role (the others see patients only) and which actions the API accepts from this role.
  const esAdmin = permite(rolesVenTodosLosUsuarios, userRole);
  const puede = {
    crear: permite(usuariosRutas.crearAdmin.auth, userRole),
    editar: permite(usuariosRutas.editar.auth, userRole),
    cambiarEstado: permite(usuariosRutas.editarEstado.auth, userRole),
  };
  const titulo = esAdmin ? 'Usuarios' : 'Pacientes';
  usePageMeta({ title: titulo });
  const navigate = useNavigate();
  const { sp, actualizar, limpiar: limpiarUrl } = useParametrosUrl();
  const filtro = leerFiltros(sp, esAdmin);
  const [busqueda, setBusqueda] = useState(filtro.q ?? '');
  const [debounced] = useDebouncedValue(busqueda, ESPERA_BUSQUEDA_MS);
  const [cambio, setCambio] = useState<Cambio | null>(null);

  // The search box writes to the URL after the person stops typing.
  const qUrl = sp.get('q') ?? '';
  useEffect(() => {
    if (debounced.trim() !== qUrl) actualizar({ q: debounced.trim() || null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  const q = useListaUsuarios(filtro);
  const total = q.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const items = q.data?.items ?? [];
  const desde = total === 0 ? 0 : (filtro.pagina - 1) * POR_PAGINA + 1;
  const hasta = Math.min(total, filtro.pagina * POR_PAGINA);
  const hayFiltros = !!(filtro.q || (esAdmin && filtro.rol) || filtro.estado !== undefined);

  function verDetalles(u: UsuarioWire) {
    guardarSeleccion(u.id);
    // The id also goes in the address, so the details can be reloaded, shared or opened in a new tab.
    void navigate(`${paths.detallesUsuario}?id=${u.id}`);
  }

  function limpiar() {
    setBusqueda('');
    limpiarUrl();
  }

  let contenido;
  if (q.isPending) {
    contenido = <SkeletonTabla filas={6} columnas={esAdmin ? 5 : 4} etiqueta="Cargando usuarios…" />;
  } else if (q.isError) {
    contenido = <ErrorDeCarga consulta={q} />;
  } else if (items.length === 0) {
    contenido = hayFiltros ? (
      <SinCoincidencias
        titulo="No encontramos coincidencias"
        descripcion={
          filtro.q
            ? `Nada coincide con «${filtro.q}» y los filtros elegidos.`
            : 'Nada coincide con los filtros elegidos.'
        }
        onLimpiar={limpiar}
      />
    ) : (
      <EstadoVacio
        icono={<IconUsers size={26} stroke={1.6} aria-hidden="true" />}
        titulo={esAdmin ? 'Aún no hay usuarios' : 'Aún no hay pacientes registrados'}
        descripcion={
          esAdmin
            ? 'Crea el primero con el botón «Crear usuario».'
            : puede.crear
              ? 'Registra el primero con el botón «Registrar paciente».'
              : 'Los pacientes aparecen aquí cuando se registran.'
        }
      />
    );
  } else {
    contenido = (
      <Stack gap="md">
        <TablaApilable apilarBajo={esAdmin ? 820 : 720}>
          <Table
            verticalSpacing="sm"
            highlightOnHover
            aria-busy={q.isFetching}
            style={{ opacity: q.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Caption>
              <VisuallyHidden>
                {titulo}: mostrando {desde} a {hasta} de {total}
              </VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Nombre</Table.Th>
                <Table.Th scope="col">Documento</Table.Th>
                {esAdmin && <Table.Th scope="col">Rol</Table.Th>}
                <Table.Th scope="col">Estado</Table.Th>
                <Table.Th scope="col" ta="right">
                  Acciones
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((u) => {
                const propio = u.id === userId;
                return (
                  <Table.Tr key={u.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar size="md" radius="xl" color="rosa" aria-hidden="true">
                          {iniciales(u.nombre)}
                        </Avatar>
                        <div style={{ minWidth: 0 }}>
                          <Text fw={600} size="sm" truncate>
                            {u.nombre}
                            {propio && (
                              <Text span c="dimmed" size="xs" fw={400}>
                                {' '}
                                (tú)
                              </Text>
                            )}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {u.correo ?? SIN_CORREO}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td data-label="Documento">
                      <div>
                        <Text size="sm">{u.numerodocumento}</Text>
                        <Text size="xs" c="dimmed">
                          {nombreTipoDocumento(u.tipodocumento)}
                        </Text>
                      </div>
                    </Table.Td>
                    {esAdmin && (
                      <Table.Td data-label="Rol">
                        <Text size="sm">{nombreRol(u.rol)}</Text>
                      </Table.Td>
                    )}
                    <Table.Td data-label="Estado">
                      <EstadoBadge estado={u.estado} size="sm" />
                    </Table.Td>
                    <Table.Td data-acciones>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label="Ver detalles">
                          <ActionIcon
                            variant="subtle"
                            size="lg"
                            onClick={() => verDetalles(u)}
                            aria-label={`Ver detalles de ${u.nombre}`}
                          >
                            <IconEye size={18} aria-hidden="true" />
                          </ActionIcon>
                        </Tooltip>
                        {puede.editar && (
                          <Tooltip label={esAdmin ? 'Editar' : 'Editar contacto'}>
                            <ActionIcon
                              component={Link}
                              to={paths.editarUsuarioAdmin(u.id)}
                              variant="subtle"
                              size="lg"
                              aria-label={esAdmin ? `Editar a ${u.nombre}` : `Editar el contacto de ${u.nombre}`}
                            >
                              <IconPencil size={18} aria-hidden="true" />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {puede.cambiarEstado && (
                          <Tooltip
                            label={
                              propio ? 'No puedes desactivar tu propia cuenta' : u.estado ? 'Desactivar' : 'Activar'
                            }
                          >
                            <ActionIcon
                              variant="subtle"
                              size="lg"
                              color={u.estado ? 'red' : 'green'}
                              disabled={propio}
                              onClick={() => setCambio({ usuario: u, estado: !u.estado })}
                              aria-label={u.estado ? `Desactivar a ${u.nombre}` : `Activar a ${u.nombre}`}
                            >
                              {u.estado ? (
                                <IconUserOff size={18} aria-hidden="true" />
                              ) : (
                                <IconUserCheck size={18} aria-hidden="true" />
                              )}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TablaApilable>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {textoMostrando(
              desde,
              hasta,
              total,
              esAdmin ? { singular: 'usuario', plural: 'usuarios' } : { singular: 'paciente', plural: 'pacientes' },
            )}
          </Text>
          {paginas > 1 && (
            <Pagination
              total={paginas}
              value={Math.min(filtro.pagina, paginas)}
              onChange={(p) => actualizar({ pagina: String(p) })}
              {...etiquetasPaginacion}
            />
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        eyebrow="Usuarios"
        title={titulo}
        description={
          esAdmin
            ? 'Busca, revisa y administra a pacientes y personal de la clínica.'
            : 'Busca pacientes por nombre, documento o correo y consulta sus datos.'
        }
        actions={
          puede.crear && (
            <BotonEnlace to={paths.crearUsuario} icono={IconUserPlus}>
              {esAdmin ? 'Crear usuario' : 'Registrar paciente'}
            </BotonEnlace>
          )
        }
      />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <SimpleGrid
            cols={{ base: 1, sm: esAdmin ? 3 : 2 }}
            spacing="md"
            role="search"
            aria-label={`Buscar ${titulo.toLowerCase()}`}
          >
            <CampoBusqueda placeholder="Nombre, documento o correo" value={busqueda} onChange={setBusqueda} />
            {esAdmin && (
              <Select
                label="Rol"
                data={opcionesRol}
                value={filtro.rol ?? ''}
                onChange={(v) => actualizar({ rol: v || null })}
                allowDeselect={false}
              />
            )}
            <Select
              label="Estado"
              data={opcionesEstado}
              value={filtro.estado === undefined ? '' : String(filtro.estado)}
              onChange={(v) => actualizar({ estado: v || null })}
              allowDeselect={false}
            />
          </SimpleGrid>
          {contenido}
        </Stack>
      </Paper>
      {puede.cambiarEstado && <ConfirmarEstado cambio={cambio} onClose={() => setCambio(null)} />}
    </>
  );
}

/** A role the API refuses the list (a patient) sees the one no-access screen, not a failed load to retry. */
export default function ListarUsuariosScreen() {
  const { userRole } = useAuth();
  if (!permite(usuariosRutas.listar.auth, userRole)) return <SoloAdministradores />;
  return <ListaUsuarios />;
}
