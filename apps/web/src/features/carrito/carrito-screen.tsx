// /carrito: the treatments the signed-in person picked, their total in COP, remove and clear (with
// confirmation), and the way forward: book an evaluation of them online (/crearcita, issue 8), or reach the
// clinic by WhatsApp or phone.
import { Anchor, Button, Grid, Stack } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { ErrorCarrito } from '../../components/error-carrito.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCart } from '../../lib/carrito/cart-context.tsx';
import { ItemCarrito } from './components/item-carrito.tsx';
import { ResumenCarrito } from './components/resumen-carrito.tsx';
import classes from './carrito.module.css';

/** No treatment to show (signed out, or an empty cart), and the one way forward. */
function SinTratamientos({
  titulo,
  descripcion,
  accion,
  to,
  state,
}: {
  titulo: string;
  descripcion: string;
  accion: string;
  to: string;
  state?: unknown;
}) {
  return (
    <EstadoVacio
      icono={<IconShoppingBag size={26} stroke={1.6} aria-hidden="true" />}
      titulo={titulo}
      descripcion={descripcion}
      accion={
        <Button component={Link} to={to} state={state}>
          {accion}
        </Button>
      }
    />
  );
}

export function CarritoScreen() {
  usePageMeta({ title: 'Tu carrito', description: 'Los tratamientos que elegiste y cómo agendarlos con la clínica.' });
  const { items, status } = useCart();

  let contenido;
  if (status === 'loading') {
    contenido = <SkeletonTabla filas={3} columnas={3} etiqueta="Cargando tu carrito…" />;
  } else if (status === 'idle') {
    // A stored token that is no longer valid: the cart needs a fresh sign-in.
    contenido = (
      <SinTratamientos
        titulo="Inicia sesión para ver tu carrito"
        descripcion="Tu sesión terminó. Vuelve a iniciar sesión y encontrarás aquí los tratamientos que elegiste."
        accion="Iniciar sesión"
        to={paths.iniciarSesion}
        state={{ from: { pathname: paths.carrito, search: '', hash: '' } }}
      />
    );
  } else if (status === 'error') {
    contenido = <ErrorCarrito mensaje="Revisa tu conexión e inténtalo de nuevo." />;
  } else if (items.length === 0) {
    contenido = (
      <SinTratamientos
        titulo="Tu carrito está vacío"
        descripcion="Explora los tratamientos de la clínica y agrega los que te interesen."
        accion="Ver servicios"
        to={paths.servicios}
      />
    );
  } else {
    contenido = (
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Stack gap="sm" component="ul" className={classes.lista} aria-label="Tratamientos en tu carrito">
            {items.map((item) => (
              <ItemCarrito key={item.id} item={item} />
            ))}
          </Stack>
          <Anchor component={Link} to={paths.servicios} size="sm" mt="md" display="inline-block">
            Seguir explorando servicios
          </Anchor>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <ResumenCarrito items={items} />
        </Grid.Col>
      </Grid>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title="Tu carrito"
        description="Los tratamientos que te interesan, listos para agendar con la clínica."
      />
      {contenido}
    </Stack>
  );
}

export default CarritoScreen;
