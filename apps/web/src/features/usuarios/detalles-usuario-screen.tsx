// /DetallesListarUsuarios (SPEC 2): read-only details of the user selected in the list (sessionStorage
// 'usuarioSeleccionado'), or of `?id=` so a link can be shared or opened in a new tab (issue 11.8), with the
// spec's default texts for missing data.
import { Button, DataList, Group, Paper, Stack, useMatches } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconMailForward, IconPackage, IconPencil, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { permite, rolesVenTodosLosUsuarios } from '@clinica/contracts/roles';
import { paquetesRutas } from '@clinica/contracts/paquetes-rutas';
import { usuariosRutas } from '@clinica/contracts/rutas';
import type { UsuarioWire } from '@clinica/contracts/usuarios';
import { paths } from '../../lib/paths.ts';
import { BotonEnlace } from '../../components/boton-con-icono.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { formatFecha } from '../../lib/tiempo.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { useInvitarPaciente } from '../../lib/api/usuarios/invitar-paciente.ts';
import { useUsuario } from '../../lib/api/usuarios/get-usuario.ts';
import { AutorizacionDatosEstado } from './components/autorizacion-datos-estado.tsx';
import { AvatarUsuario } from './components/avatar-usuario.tsx';
import { ErrorCargaUsuario } from './components/error-carga-usuario.tsx';
import { EstadoBadge } from './components/estado-badge.tsx';
import { SoloAdministradores } from './components/solo-administradores.tsx';
import {
  leerSeleccion,
  nombreEstadoCivil,
  nombreGenero,
  nombreRol,
  nombreTipoDocumento,
  SIN_CORREO,
  textoEstado,
} from './usuario-textos.ts';

export const SIN_SELECCION = 'Selecciona un Usuarios para ver los detalles';

/** A positive integer `?id=`, else null. */
export function idDeConsulta(valor: string | null): number | null {
  if (!valor || !/^\d+$/.test(valor)) return null;
  const n = Number(valor);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The rows of the details card, with SPEC 2's defaults for missing data. */
export function filasDetalle(u: UsuarioWire): { etiqueta: string; valor: string }[] {
  const texto = (v: string | null | undefined) => (v && v.trim() ? v : null);
  return [
    { etiqueta: 'Nombre', valor: u.nombre },
    { etiqueta: 'Estado', valor: textoEstado(u.estado) },
    { etiqueta: 'Tipo de documento', valor: nombreTipoDocumento(u.tipodocumento) },
    { etiqueta: 'Número de documento', valor: u.numerodocumento },
    { etiqueta: 'Correo electrónico', valor: u.correo ?? SIN_CORREO },
    { etiqueta: 'Rol', valor: nombreRol(u.rol) },
    { etiqueta: 'Género', valor: nombreGenero(u.genero) },
    {
      etiqueta: 'Fecha de nacimiento',
      valor: u.fecha_nacimiento ? formatFecha(u.fecha_nacimiento) : 'Sin fecha de nacimiento',
    },
    { etiqueta: 'Teléfono', valor: texto(u.telefono) ?? 'Sin numero de telefono' },
    { etiqueta: 'Dirección', valor: texto(u.direccion) ?? 'Sin Dirección' },
    { etiqueta: 'Ocupación', valor: texto(u.ocupacion) ?? 'Sin Definir' },
    { etiqueta: 'Estado civil', valor: nombreEstadoCivil(texto(u.estado_civil)) ?? 'No Definido' },
    {
      etiqueta: 'Fecha de registro',
      valor: u.fecha_registro ? formatFecha(u.fecha_registro) : 'Sin fecha de registro',
    },
  ];
}

function Detalle({ id }: { id: number }) {
  const { userRole } = useAuth();
  const q = useUsuario(id);
  // Label beside value needs room; on phones the label goes above its value (issue 11.7).
  const orientacion = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  if (q.isPending) return <SkeletonLineas lineas={8} etiqueta="Cargando los datos del usuario…" />;
  if (q.isError) return <ErrorCargaUsuario q={q} />;
  const u = q.data;
  const puedeEditar = permite(usuariosRutas.editar.auth, userRole);
  const soloContacto = !permite(rolesVenTodosLosUsuarios, userRole);
  return (
    <Paper withBorder p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="md">
          <AvatarUsuario u={u} tamano="h3" />
          <EstadoBadge estado={u.estado} size="lg" />
        </Group>
        <DataList orientation={orientacion} withDivider labelWidth={200}>
          {filasDetalle(u).map((f) => (
            <DataList.Item key={f.etiqueta}>
              <DataList.ItemLabel>{f.etiqueta}</DataList.ItemLabel>
              <DataList.ItemValue>{f.valor}</DataList.ItemValue>
            </DataList.Item>
          ))}
          {u.rol === 'paciente' && (
            // Ley 1581 de 2012 (issue 21.4): without it no clinical record or procedure is opened for her.
            <DataList.Item>
              <DataList.ItemLabel>Autorización de datos</DataList.ItemLabel>
              <DataList.ItemValue>
                <AutorizacionDatosEstado
                  usuario={u}
                  puedeRegistrar={permite(usuariosRutas.registrarAutorizacion.auth, userRole)}
                />
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList>
        {puedeEditar && (
          <Group justify="flex-end" gap="sm">
            {u.rol === 'paciente' && u.correo && permite(usuariosRutas.invitar.auth, userRole) && (
              <BotonInvitar id={u.id} />
            )}
            {u.rol === 'paciente' && permite(paquetesRutas.vender.auth, userRole) && (
              <BotonEnlace to={paths.paquetesPaciente(u.id)} icono={IconPackage} variant="default">
                Paquetes
              </BotonEnlace>
            )}
            <BotonEnlace to={paths.editarUsuarioAdmin(u.id)} icono={IconPencil}>
              {soloContacto ? 'Editar contacto' : 'Editar usuario'}
            </BotonEnlace>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Sends (again) the invitation to choose her password to a patient the desk registered without one (issue 27.8);
 * the API answers in Spanish when she already chose it.
 */
function BotonInvitar({ id }: { id: number }) {
  const invitar = useInvitarPaciente();
  return (
    <Button
      variant="default"
      loading={invitar.isPending}
      leftSection={<IconMailForward size={18} aria-hidden="true" />}
      onClick={() =>
        invitar.mutate(id, {
          onSuccess: (r) => notifications.show({ color: 'green', title: 'Invitación enviada', message: r.mensaje }),
          onError: (err) =>
            notifications.show({ color: 'red', title: 'No enviamos la invitación', message: mensajeDeError(err) }),
        })
      }
    >
      Enviar invitación
    </Button>
  );
}

export default function DetallesUsuarioScreen() {
  usePageMeta({ title: 'Detalles del usuario' });
  const [sp] = useSearchParams();
  const [guardado] = useState(leerSeleccion);
  const id = idDeConsulta(sp.get('id')) ?? guardado;
  // A role that cannot open users sees the one no-access screen, alone, whether or not a user was chosen.
  if (!permite(usuariosRutas.buscar.auth, useAuth().userRole)) return <SoloAdministradores />;
  return (
    <>
      <PageHeader
        eyebrow="Usuarios"
        title="Detalles del usuario"
        actions={
          <BotonEnlace to={paths.listarUsuarios} variant="default" icono={IconArrowLeft}>
            Volver a la lista
          </BotonEnlace>
        }
      />
      {id === null ? (
        <EstadoVacio
          icono={<IconUserSearch size={26} stroke={1.6} aria-hidden="true" />}
          titulo={SIN_SELECCION}
          descripcion="Elige a alguien en la lista de usuarios y pulsa «Ver detalles»."
          accion={
            <Button component={Link} to={paths.listarUsuarios}>
              Ir a la lista de usuarios
            </Button>
          }
        />
      ) : (
        <Detalle key={id} id={id} />
      )}
    </>
  );
}
