// /servicios/{id} and /reservar/{id} (SPEC 2: the same screen): gallery, description, price, duration,
// pre-treatment recommendations, required exams, minimum age, whether an evaluation comes first, «Reservar
// valoración» and 'Agregar al carrito'. «Reservar valoración» leads a patient to /crearcita with this treatment,
// which joins the cart there (the evaluation is booked from the cart and empties it, DOMAIN.md); staff book from
// the agenda instead, so they do not see it. A visitor who is not signed in is sent to sign in with state.from and
// comes back: to /crearcita with this treatment, or here to add it to the cart. That intent is the treatment's id in
// the navigation state (app/guards.tsx), kept through sign-in and registration (issue 27.5), never in the URL: a
// link from elsewhere cannot add to anyone's cart.
import type { ProcedimientoWire } from '@clinica/contracts/catalogo';
import { montoAnticipo } from '@clinica/contracts/catalogo';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowLeft,
  IconCalendarPlus,
  IconCheck,
  IconClock,
  IconFileDescription,
  IconInfoCircle,
  IconListCheck,
  IconShoppingBagPlus,
  IconStethoscope,
  IconUserCheck,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { permite } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import { intencionCarrito, type GuardState } from '../../app/guards.tsx';
import { paths } from '../../lib/paths.ts';
import { PoliticaCancelacion } from '../../components/citas/politica-cancelacion.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { formatCOP, formatDuracion } from '../../lib/format.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
// The cart is app-wide state (like the session), provided in app/providers; this page only adds to it.
import { isInCart, useCart } from '../../lib/carrito/cart-context.tsx';
import { useProcedimiento } from '../../lib/api/procedimientos/get-procedimiento.ts';
import { Galeria } from './components/galeria.tsx';
import classes from './servicios.module.css';

const MENSAJE_YA_EN_CARRITO = 'Este tratamiento ya está en tu carrito.';

function resumen(texto: string, max = 155): string {
  const limpio = texto.replace(/\s+/g, ' ').trim();
  return limpio.length <= max ? limpio : `${limpio.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function Seccion({ titulo, children }: { titulo: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="h4">
        {titulo}
      </Title>
      {children}
    </Stack>
  );
}

function Preparacion({ icono, titulo, children }: { icono: ReactNode; titulo: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size="md" aria-hidden="true" mt={2}>
        {icono}
      </ThemeIcon>
      <div>
        <Text fw={600}>{titulo}</Text>
        <Text className={classes.texto}>{children}</Text>
      </div>
    </Group>
  );
}

function Dato({ icono, etiqueta, valor }: { icono: ReactNode; etiqueta: string; valor: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden="true">
        {icono}
      </ThemeIcon>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.08em' }}>
          {etiqueta}
        </Text>
        <Text fw={500}>{valor}</Text>
      </div>
    </Group>
  );
}

type Aviso = 'agregado' | 'ya-en-carrito' | null;

function Detalle({ servicio }: { servicio: ProcedimientoWire }) {
  const { isAuthenticated, userRole } = useAuth();
  // Staff book for patients from the agenda; everyone else (and visitors, who sign in first) books here.
  const puedeReservar = !isAuthenticated || !permite(citasRutas.listar.auth, userRole);
  const { addToCart, items } = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const [agregando, setAgregando] = useState(false);
  const [aviso, setAviso] = useState<Aviso>(null);
  const enCarrito = isInCart(items, servicio.id);

  // Sent to sign in by «Agregar al carrito», the visitor comes back here with the intent and the add happens then.
  const irAIniciarSesion = () => {
    const state: GuardState = {
      from: { pathname: location.pathname, search: location.search, hash: location.hash },
      agregarAlCarrito: servicio.id,
    };
    void navigate(paths.iniciarSesion, { state });
  };
  // «Reservar valoración»: /crearcita with this treatment; a visitor signs in first and lands there.
  const reservar = () => {
    const destino = paths.crearCitaPara(servicio.id);
    if (isAuthenticated) {
      void navigate(destino);
      return;
    }
    const [pathname, search] = destino.split('?');
    void navigate(paths.iniciarSesion, { state: { from: { pathname, search: `?${search}`, hash: '' } } });
  };
  // Back from signing in or registering with this treatment's intent (another id is not this page's to add).
  const pendiente = intencionCarrito(location.state) === servicio.id;
  const agregarPendiente = useRef(false);

  const agregar = async () => {
    if (!isAuthenticated) {
      irAIniciarSesion();
      return;
    }
    setAgregando(true);
    const r = await addToCart(servicio.id);
    setAgregando(false);
    if (r.added) {
      setAviso('agregado');
      notifications.show({
        color: 'green',
        icon: <IconCheck size={18} aria-hidden="true" />,
        title: 'Agregado a tu carrito',
        message: (
          <>
            {servicio.nombre} quedó en tu carrito.{' '}
            <Anchor component={Link} to={paths.carrito} fw={600}>
              Ver carrito
            </Anchor>
          </>
        ),
      });
    } else if (r.reason === 'already-in-cart') {
      setAviso('ya-en-carrito');
    } else if (r.error instanceof ApiClientError && r.error.status === 401) {
      // The session ended on the server: sign in again and come back here.
      irAIniciarSesion();
    } else {
      setAviso(null);
      notifications.show({
        color: 'red',
        title: 'No pudimos agregarlo a tu carrito',
        message: r.error instanceof ApiClientError ? r.error.message : 'Inténtalo de nuevo en unos segundos.',
      });
    }
  };

  useEffect(() => {
    if (!pendiente || !isAuthenticated || agregarPendiente.current) return;
    agregarPendiente.current = true;
    // Spent: a reload or Back to this entry does not add it again.
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
    void agregar();
    // Runs once, when the visitor is back from signing in; `agregar` is recreated on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendiente, isAuthenticated]);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={paths.servicios} size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Todos los servicios
        </Group>
      </Anchor>

      <Grid gap={{ base: 'lg', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 1 }}>
          <Galeria imagenes={servicio.imagenes} nombre={servicio.nombre} />
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 2 }}>
          <Paper withBorder p={{ base: 'lg', sm: 'xl' }} bg="var(--clinica-superficie)">
            <Stack gap="md">
              <Group gap="xs">
                <Anchor
                  component={Link}
                  to={`${paths.servicios}?categoria=${servicio.categoria.id}`}
                  size="sm"
                  fw={600}
                >
                  {servicio.categoria.nombre}
                </Anchor>
                {!servicio.activo && (
                  <Badge color="gray" variant="light">
                    No disponible al público
                  </Badge>
                )}
              </Group>
              <Title order={1} fz="h2">
                {servicio.nombre}
              </Title>
              <Text fz={28} fw={700} c="var(--clinica-titulo)" lh={1.1}>
                {formatCOP(servicio.precio)}
              </Text>
              {/* Issue 23.2: what booking it asks, and the cancellation policy. */}
              {montoAnticipo(servicio.anticipo, servicio.precio) !== null && (
                <div>
                  {/* «el tratamiento»: when an evaluation comes first the button books it, and this is not its amount. */}
                  <Text fw={600}>
                    Anticipo de {formatCOP(montoAnticipo(servicio.anticipo, servicio.precio) ?? 0)} al reservar el
                    tratamiento
                  </Text>
                  <PoliticaCancelacion size="sm" c="dimmed" conReserva />
                </div>
              )}
              <Stack gap="sm">
                <Dato
                  icono={<IconClock size={18} />}
                  etiqueta="Duración"
                  valor={formatDuracion(servicio.duracion_minutos)}
                />
                <Dato
                  icono={<IconUserCheck size={18} />}
                  etiqueta="Edad mínima"
                  valor={`${servicio.edad_minima} años`}
                />
                <Dato
                  icono={<IconStethoscope size={18} />}
                  etiqueta="Valoración previa"
                  valor={
                    servicio.requiere_evaluacion
                      ? 'Sí: antes del tratamiento tendrás una valoración con el médico'
                      : 'No se necesita una valoración previa'
                  }
                />
              </Stack>

              {puedeReservar && (
                <Button
                  size="md"
                  fullWidth
                  leftSection={<IconCalendarPlus size={20} aria-hidden="true" />}
                  onClick={reservar}
                  aria-describedby="nota-reservar"
                >
                  Reservar valoración
                </Button>
              )}
              {puedeReservar && (
                <Text size="sm" c="dimmed" ta="center" id="nota-reservar" mt={-8}>
                  {servicio.requiere_evaluacion
                    ? 'Una valoración de 30 minutos con el médico, el primer paso de este tratamiento.'
                    : 'Una valoración de 30 minutos con el médico para planear tu tratamiento.'}
                  {!isAuthenticated && ' Inicia sesión y luego eliges el día y la hora.'}
                </Text>
              )}
              {/* Once it is in the cart the button says so (and a second press explains it is already there). */}
              <Button
                size="md"
                fullWidth
                variant={enCarrito || puedeReservar ? 'light' : 'filled'}
                leftSection={
                  enCarrito ? (
                    <IconCheck size={20} aria-hidden="true" />
                  ) : (
                    <IconShoppingBagPlus size={20} aria-hidden="true" />
                  )
                }
                loading={agregando}
                onClick={() => void agregar()}
                aria-describedby={enCarrito ? 'estado-carrito' : undefined}
              >
                {enCarrito ? 'En tu carrito' : 'Agregar al carrito'}
              </Button>
              {!isAuthenticated && (
                <Text size="sm" c="dimmed" ta="center">
                  Para guardarlo en tu carrito te pediremos iniciar sesión y volverás a esta página.
                </Text>
              )}

              <div aria-live="polite" id="estado-carrito">
                {aviso === 'agregado' && (
                  <Alert
                    color="green"
                    variant="light"
                    icon={<IconCheck size={18} aria-hidden="true" />}
                    title="Agregado a tu carrito"
                  >
                    <Group justify="space-between" gap="xs">
                      <Text size="sm">Puedes seguir explorando o revisar tu carrito.</Text>
                      <Button component={Link} to={paths.carrito} size="xs" variant="light">
                        Ver carrito
                      </Button>
                    </Group>
                  </Alert>
                )}
                {aviso === 'ya-en-carrito' && (
                  <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
                    <Group justify="space-between" gap="xs">
                      <Text size="sm" fw={500}>
                        {MENSAJE_YA_EN_CARRITO}
                      </Text>
                      <Button component={Link} to={paths.carrito} size="xs" variant="light">
                        Ver carrito
                      </Button>
                    </Group>
                  </Alert>
                )}
                {aviso === null && enCarrito && (
                  <Text size="sm" c="dimmed" ta="center">
                    Ya está en tu carrito.{' '}
                    <Anchor component={Link} to={paths.carrito}>
                      Ver carrito
                    </Anchor>
                  </Text>
                )}
              </div>
            </Stack>
          </Paper>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 3 }}>
          <Stack gap="xl">
            <Seccion titulo="Descripción">
              <Text className={classes.texto}>{servicio.descripcion}</Text>
            </Seccion>
            <Divider />
            <Seccion titulo="Antes de tu tratamiento">
              <Stack gap="md">
                <Preparacion icono={<IconListCheck size={18} />} titulo="Recomendaciones previas">
                  {servicio.recomendaciones_previas?.trim() ||
                    'No hay recomendaciones especiales para este tratamiento.'}
                </Preparacion>
                <Preparacion icono={<IconFileDescription size={18} />} titulo="Exámenes requeridos">
                  {servicio.examenes_requeridos?.trim() || 'No se requieren exámenes previos.'}
                </Preparacion>
                {servicio.requiere_evaluacion && (
                  <Preparacion icono={<IconStethoscope size={18} />} titulo="Valoración médica">
                    Este tratamiento empieza con una valoración con el médico, que la clínica agenda contigo antes del
                    procedimiento.
                  </Preparacion>
                )}
              </Stack>
            </Seccion>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export function ServicioDetalleScreen() {
  const { id } = useParams();
  const idNum = id && /^\d{1,9}$/.test(id) ? Number(id) : NaN;
  const servicio = useProcedimiento(idNum);
  const noExiste =
    !Number.isInteger(idNum) ||
    idNum <= 0 ||
    (servicio.error instanceof ApiClientError && [400, 404].includes(servicio.error.status));

  usePageMeta({
    title: servicio.data?.nombre ?? (noExiste ? 'Tratamiento no disponible' : 'Servicio'),
    description: servicio.data ? resumen(servicio.data.descripcion) : undefined,
  });

  if (noExiste) {
    return (
      <EstadoVacio
        titulo="Este tratamiento no está disponible"
        descripcion="Puede que ya no se ofrezca o que el enlace esté incompleto. Revisa los demás tratamientos de la clínica."
        accion={
          <Button component={Link} to={paths.servicios}>
            Ver todos los servicios
          </Button>
        }
      />
    );
  }
  if (servicio.isPending) {
    return (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <div className={classes.galeriaPrincipal} aria-hidden="true" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SkeletonLineas lineas={6} etiqueta="Cargando tratamiento…" />
        </Grid.Col>
      </Grid>
    );
  }
  if (servicio.isError) {
    return <ErrorDeCarga consulta={servicio} titulo="No pudimos cargar este tratamiento" />;
  }
  return <Detalle key={servicio.data.id} servicio={servicio.data} />;
}

export default ServicioDetalleScreen;
