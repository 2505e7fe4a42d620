// /dashboard: a home per role (issue 3). It greets the person by name and puts first what each role does
// most, with real counts from the API where they exist (nothing is invented: a count that fails to load
// is simply not shown).
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowRight,
  IconCalendarHeart,
  IconCalendarPlus,
  IconCategory,
  IconClipboardHeart,
  IconPackage,
  IconReceipt,
  IconShoppingBag,
  IconSparkles,
  IconUserCircle,
  IconUserPlus,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { normalizarRol, permite, roles, rolesVenTodosLosUsuarios, type Rol } from '@clinica/contracts/roles';
import { usuariosRutas } from '@clinica/contracts/rutas';
import { insumosRutas } from '@clinica/contracts/insumos-rutas';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SeccionConTitulo } from '../../components/seccion-con-titulo.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import classes from './dashboard.module.css';
import { AgendaHoy } from './components/agenda-hoy.tsx';
import { AlertasInsumos } from './components/alertas-insumos.tsx';
import { primerNombre } from '../../lib/format.ts';
import { formatFechaLarga, formatHora } from '../../lib/tiempo.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { useProximaCita } from '../../lib/api/citas/get-mis-citas.ts';
import { useConteoCarrito } from '../../lib/api/carrito/get-carrito.ts';
import { useConteoCategorias } from '../../lib/api/categorias/get-categorias.ts';
import { useConteoProcedimientos } from '../../lib/api/procedimientos/get-procedimientos.ts';
import { usePerfil } from '../../lib/api/usuarios/get-perfil.ts';
import { useConteoPacientes, useConteoUsuarios } from '../../lib/api/usuarios/get-usuarios.ts';

const numero = new Intl.NumberFormat('es-CO');

type Conteo = { valor: number | null | undefined; cargando: boolean; etiqueta: (n: number) => string };

type Atajo = {
  titulo: string;
  descripcion: string;
  to: string;
  icono: Icon;
  conteo?: Conteo;
};

function ValorConteo({ conteo }: { conteo: Conteo }) {
  if (conteo.cargando) return <Skeleton height={22} width={90} radius="xl" aria-hidden="true" />;
  if (conteo.valor === null || conteo.valor === undefined) return null;
  return (
    <Badge size="lg" variant="light" radius="sm" tt="none" fw={600}>
      {conteo.etiqueta(conteo.valor)}
    </Badge>
  );
}

function TarjetaAtajo({ atajo }: { atajo: Atajo }) {
  const Icono = atajo.icono;
  return (
    <Card component={Link} to={atajo.to} padding="lg" shadow="xs" className={classes.tarjeta}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
            <Icono size={24} stroke={1.6} />
          </ThemeIcon>
          {atajo.conteo && <ValorConteo conteo={atajo.conteo} />}
        </Group>
        <div>
          <Text fw={600} fz="lg">
            {atajo.titulo}
          </Text>
          <Text size="sm" c="dimmed">
            {atajo.descripcion}
          </Text>
        </div>
        <Group gap={4} mt="auto" c="var(--mantine-color-anchor)">
          <Text size="sm" fw={600} c="inherit">
            Abrir
          </Text>
          <IconArrowRight size={16} aria-hidden="true" />
        </Group>
      </Stack>
    </Card>
  );
}

function Atajos({ atajos }: { atajos: Atajo[] }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, lg: atajos.length === 4 ? 2 : 3, xl: atajos.length === 4 ? 4 : 3 }}
      spacing="lg"
    >
      {atajos.map((a) => (
        <TarjetaAtajo key={a.to} atajo={a} />
      ))}
    </SimpleGrid>
  );
}

const rolesPlural: Record<Rol, string> = {
  administrador: 'Administradores',
  doctor: 'Doctores',
  asistente: 'Asistentes',
  paciente: 'Pacientes',
};

const plural = (n: number, uno: string, varios: string) => `${numero.format(n)} ${n === 1 ? uno : varios}`;

const conteoDe = (
  q: { data: number | null | undefined; isPending: boolean },
  etiqueta: Conteo['etiqueta'],
): Conteo => ({
  valor: q.data,
  cargando: q.isPending,
  etiqueta,
});

function ResumenUsuarios() {
  const conteo = useConteoUsuarios(true);
  return (
    <SeccionConTitulo
      id="resumen-usuarios"
      titulo="Personas registradas"
      accion={
        <UnstyledButton component={Link} to={paths.listarUsuarios} c="var(--mantine-color-anchor)" fw={600} fz="sm">
          Ver la lista de usuarios
        </UnstyledButton>
      }
    >
      {conteo.error ? (
        <Text size="sm" c="dimmed">
          No pudimos cargar los totales en este momento.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          {[
            { etiqueta: 'Activos', valor: conteo.data?.activos, to: `${paths.listarUsuarios}?estado=true` },
            { etiqueta: 'Inactivos', valor: conteo.data?.inactivos, to: `${paths.listarUsuarios}?estado=false` },
            ...roles.map((rol: Rol) => ({
              etiqueta: rolesPlural[rol],
              valor: conteo.data?.porRol[rol],
              to: `${paths.listarUsuarios}?rol=${rol}`,
            })),
          ].map((x) => (
            <UnstyledButton key={x.etiqueta} component={Link} to={x.to} className={classes.cifra}>
              <Text size="xs" c="dimmed" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {x.etiqueta}
              </Text>
              {conteo.pending ? (
                <Skeleton height={28} width={48} mt={6} radius="sm" aria-hidden="true" />
              ) : (
                <Text fz={28} fw={600} lh={1.3} ff="heading">
                  {numero.format(x.valor ?? 0)}
                </Text>
              )}
            </UnstyledButton>
          ))}
        </SimpleGrid>
      )}
      {conteo.data && (
        <Text size="sm" c="dimmed">
          {plural(conteo.data.total, 'persona tiene cuenta', 'personas tienen cuenta')} en la clínica.
        </Text>
      )}
    </SeccionConTitulo>
  );
}

function PanelAdministrador() {
  const { userRole } = useAuth();
  const procedimientos = useConteoProcedimientos(true);
  const categorias = useConteoCategorias(true);
  return (
    <Stack gap="xl">
      <ResumenUsuarios />
      {permite(insumosRutas.alertas.auth, userRole) && <AlertasInsumos />}
      <Atajos
        atajos={[
          {
            titulo: 'Usuarios',
            descripcion: 'Busca personas, revisa sus datos y activa o desactiva cuentas.',
            to: paths.listarUsuarios,
            icono: IconUsers,
          },
          {
            titulo: 'Crear usuario',
            descripcion: 'Registra a un paciente o a alguien del equipo con su rol.',
            to: paths.crearUsuario,
            icono: IconUserPlus,
          },
          {
            titulo: 'Procedimientos',
            descripcion: 'El catálogo de tratamientos: precios, duración y recomendaciones.',
            to: paths.consultarProcedimientos,
            icono: IconSparkles,
            conteo: conteoDe(procedimientos, (n) => plural(n, 'procedimiento', 'procedimientos')),
          },
          {
            titulo: 'Categorías',
            descripcion: 'Agrupa los procedimientos como los ven los pacientes.',
            to: paths.categorias,
            icono: IconCategory,
            conteo: conteoDe(categorias, (n) => plural(n, 'categoría', 'categorías')),
          },
        ]}
      />
    </Stack>
  );
}

function PanelPersonal() {
  const pacientes = useConteoPacientes(true);
  const procedimientos = useConteoProcedimientos(true);
  const categorias = useConteoCategorias(true);
  // Today's agenda first: a doctor's own (the API filters), every doctor's for the front desk.
  const { userRole } = useAuth();
  return (
    <Stack gap="xl">
      <AgendaHoy conDoctor={normalizarRol(userRole) !== 'doctor'} />
      {permite(insumosRutas.alertas.auth, userRole) && <AlertasInsumos />}
      <Atajos
        atajos={[
          {
            titulo: 'Pacientes',
            descripcion: 'Busca pacientes por nombre, documento o correo y consulta sus datos.',
            to: paths.listarUsuarios,
            icono: IconUsers,
            conteo: conteoDe(pacientes, (n) => plural(n, 'activo', 'activos')),
          },
          {
            titulo: 'Procedimientos',
            descripcion: 'Consulta y actualiza los tratamientos, precios y recomendaciones previas.',
            to: paths.consultarProcedimientos,
            icono: IconSparkles,
            conteo: conteoDe(procedimientos, (n) => plural(n, 'procedimiento', 'procedimientos')),
          },
          {
            titulo: 'Historial médico',
            descripcion: 'Las historias clínicas de las pacientes: antecedentes, alertas y versiones.',
            to: paths.consultarHistorialMedico,
            icono: IconClipboardHeart,
          },
          {
            titulo: 'Categorías',
            descripcion: 'Organiza los procedimientos por tipo de tratamiento.',
            to: paths.categorias,
            icono: IconCategory,
            conteo: conteoDe(categorias, (n) => plural(n, 'categoría', 'categorías')),
          },
        ]}
      />
    </Stack>
  );
}

// Statuses as the appointment screens spell them.
const estadoProxima = { confirmada: 'Confirmada', pendiente: 'Pendiente' } as const;

/** The patient's next appointment, with a link to it; or an invitation to book one. */
function ProximaCita() {
  const proxima = useProximaCita(true);
  let cuerpo;
  if (proxima.isPending) cuerpo = <Skeleton height={48} radius="md" aria-label="Cargando tu próxima cita" />;
  else if (proxima.isError)
    cuerpo = (
      <Text size="sm" c="dimmed">
        No pudimos cargar tus citas en este momento.{' '}
        <Anchor component={Link} to={paths.misCitas}>
          Ir a Mis citas
        </Anchor>
      </Text>
    );
  else if (!proxima.data)
    cuerpo = (
      <Group justify="space-between" gap="sm">
        <Text c="dimmed">No tienes citas próximas. Agenda tu valoración en un minuto.</Text>
        <Button component={Link} to={paths.crearCita} leftSection={<IconCalendarPlus size={18} aria-hidden="true" />}>
          Agendar una cita
        </Button>
      </Group>
    );
  else {
    const c = proxima.data;
    const fecha = formatFechaLarga(c.inicio);
    cuerpo = (
      <Group justify="space-between" gap="sm" align="flex-end">
        <div>
          <Text fw={600} fz="lg">
            {fecha.charAt(0).toUpperCase() + fecha.slice(1)}, {formatHora(c.inicio)}
          </Text>
          <Group gap="xs" mt={4}>
            <Text size="sm" c="dimmed">
              {c.tipo === 'evaluacion' ? 'Valoración' : c.tipo === 'control' ? 'Control' : 'Procedimiento'} con{' '}
              {c.doctor.nombre}
            </Text>
            {/* Neutral badge: the text says the status (the coloured SPEC badges live in the appointment screens). */}
            <Badge variant="default" style={{ minWidth: 'max-content' }}>
              {estadoProxima[c.estado as keyof typeof estadoProxima] ?? c.estado}
            </Badge>
          </Group>
        </div>
        <Group gap="sm">
          <Button component={Link} to={paths.detallesCita(c.id)} variant="light">
            Ver detalle
          </Button>
          <Button component={Link} to={paths.misCitas} variant="subtle">
            Mis citas
          </Button>
        </Group>
      </Group>
    );
  }
  return (
    <SeccionConTitulo id="proxima-cita" titulo="Tu próxima cita" icono={IconCalendarHeart} className={classes.proxima}>
      {cuerpo}
    </SeccionConTitulo>
  );
}

function PanelPaciente({ userId }: { userId: number | null }) {
  const carrito = useConteoCarrito(true);
  return (
    <Stack gap="xl">
      <ProximaCita />
      <Atajos
        atajos={[
          {
            titulo: 'Servicios',
            descripcion: 'Conoce los tratamientos faciales y corporales de la clínica y sus precios.',
            to: paths.servicios,
            icono: IconSparkles,
          },
          {
            titulo: 'Mi carrito',
            descripcion: 'Los tratamientos que te interesan, listos para tu valoración.',
            to: paths.carrito,
            icono: IconShoppingBag,
            conteo: conteoDe(carrito, (n) => (n === 0 ? 'Vacío' : plural(n, 'tratamiento', 'tratamientos'))),
          },
          {
            titulo: 'Mi historia clínica',
            descripcion: 'Tus antecedentes de salud y quién del personal los ha consultado.',
            to: userId !== null ? paths.miHistorialClinico(userId) : paths.crearHistorialClinico,
            icono: IconClipboardHeart,
          },
          // Her money (issue 23): in the menu only, a phone's first screen did not lead to them.
          {
            titulo: 'Mis pagos',
            descripcion: 'Lo que has pagado en la clínica y el recibo de caja de cada pago.',
            to: paths.misPagos,
            icono: IconReceipt,
          },
          {
            titulo: 'Mis paquetes',
            descripcion: 'Tus paquetes de sesiones: cuántas te quedan y hasta cuándo valen.',
            to: userId !== null ? paths.paquetesPaciente(userId) : paths.dashboard,
            icono: IconPackage,
          },
          {
            titulo: 'Mi perfil',
            descripcion: 'Actualiza tus datos de contacto y cambia tu contraseña.',
            to: userId !== null ? paths.editarUsuario(userId) : paths.dashboard,
            icono: IconUserCircle,
          },
        ]}
      />
    </Stack>
  );
}

const descripciones: Record<Rol, string> = {
  administrador: 'Así va la clínica hoy. Desde aquí administras las cuentas y el catálogo.',
  doctor: 'Tus pacientes y el catálogo de procedimientos, a un clic.',
  asistente: 'Encuentra pacientes y mantén al día el catálogo de procedimientos.',
  paciente: 'Qué bueno verte. Explora tratamientos, revisa tu carrito y mantén tus datos al día.',
};

export default function DashboardScreen() {
  usePageMeta({ title: 'Panel' });
  const { userRole, userId } = useAuth();
  const perfil = usePerfil(userId);
  const nombre = perfil.data ? primerNombre(perfil.data.nombre) : undefined;

  // Each panel shows counts the API lets the role read: every user, patients only, or the own cart.
  let panel;
  if (permite(rolesVenTodosLosUsuarios, userRole)) panel = <PanelAdministrador />;
  else if (permite(usuariosRutas.listar.auth, userRole)) panel = <PanelPersonal />;
  else panel = <PanelPaciente userId={userId} />;

  const hoy = formatFechaLarga(new Date());
  return (
    <>
      <PageHeader
        eyebrow={hoy.charAt(0).toUpperCase() + hoy.slice(1)}
        title={
          perfil.isPending && userId !== null ? (
            <Skeleton
              height={36}
              width={260}
              radius="xl"
              component="span"
              display="inline-block"
              aria-label="Cargando tu nombre"
            />
          ) : nombre ? (
            `Hola, ${nombre}`
          ) : (
            'Hola'
          )
        }
        description={descripciones[normalizarRol(userRole) ?? 'paciente']}
      />
      {panel}
    </>
  );
}
