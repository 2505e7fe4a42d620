// /inicio: the clinic's home page. Hero, featured procedures from the API, why us, how it works, hours and contact.
import { Anchor, Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBrandWhatsapp,
  IconCalendarHeart,
  IconCertificate,
  IconClock,
  IconHeartHandshake,
  IconMail,
  IconMapPin,
  IconMessageHeart,
  IconPhone,
  IconShieldCheck,
  IconSparkles,
  IconStethoscope,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { BotonWhatsApp } from '../../components/boton-whatsapp.tsx';
import { ErrorDeCarga } from '../../components/estado-error.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { SkeletonTarjetas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { clinica } from '../../lib/clinica.ts';
import { useProcedimientosDestacados } from '../../lib/api/procedimientos/get-procedimientos.ts';

/** Procedures on the home page: the first of the public list. */
const DESTACADOS = 6;
import { HeroArt } from './components/hero-art.tsx';
import { TarjetaProcedimiento } from './components/tarjeta-procedimiento.tsx';
import classes from './inicio.module.css';

const confianza = [
  { icon: IconStethoscope, texto: 'Médicos certificados' },
  { icon: IconCalendarHeart, texto: 'Valoración personalizada' },
  { icon: IconShieldCheck, texto: 'Protocolos de bioseguridad' },
];

const razones = [
  {
    icon: IconCertificate,
    titulo: 'Criterio médico',
    texto: 'Cada tratamiento lo indica y lo realiza o supervisa un médico con formación en medicina estética.',
  },
  {
    icon: IconHeartHandshake,
    titulo: 'Valoración honesta',
    texto: 'Te contamos qué puedes esperar, cuánto cuesta y también cuándo un tratamiento no es para ti.',
  },
  {
    icon: IconShieldCheck,
    titulo: 'Tecnología segura',
    texto: 'Equipos y productos con registro sanitario INVIMA, y protocolos de bioseguridad en cada sesión.',
  },
  {
    icon: IconMessageHeart,
    titulo: 'Acompañamiento',
    texto: 'Seguimiento después de cada sesión: resolvemos tus dudas por WhatsApp o en consulta de control.',
  },
];

const pasos = [
  {
    titulo: 'Crea tu cuenta',
    texto: 'Regístrate en un minuto y guarda en tu carrito los tratamientos que te interesan.',
  },
  { titulo: 'Ven a tu valoración', texto: 'Un médico revisa tu piel y tu historia, y te propone un plan a tu medida.' },
  { titulo: 'Empieza tu plan', texto: 'Agendamos tus sesiones y te acompañamos en cada paso, antes y después.' },
];

function Destacados() {
  const q = useProcedimientosDestacados(DESTACADOS);
  if (q.isPending) return <SkeletonTarjetas cantidad={6} etiqueta="Cargando tratamientos destacados…" />;
  if (q.isError) return <ErrorDeCarga consulta={q} titulo="No pudimos cargar los tratamientos" />;
  const { data } = q;
  if (data.length === 0) {
    return (
      <EstadoVacio
        titulo="Aún no hay tratamientos publicados"
        descripcion="Estamos preparando nuestro catálogo. Escríbenos y te contamos qué podemos hacer por ti."
        icono={<IconSparkles size={26} stroke={1.6} aria-hidden="true" />}
        accion={<BotonWhatsApp variant="light" />}
      />
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'lg', md: 'xl' }}>
      {data.map((p) => (
        <TarjetaProcedimiento key={p.id} procedimiento={p} />
      ))}
    </SimpleGrid>
  );
}

/** A band of the page under the hero, named by its h2; `suave` on the tinted background. */
function Seccion({ tituloId, suave = false, children }: { tituloId: string; suave?: boolean; children: ReactNode }) {
  return (
    <section
      className={suave ? `${classes.seccion} ${classes.seccionSuave}` : classes.seccion}
      aria-labelledby={tituloId}
    >
      <Container size="lg">{children}</Container>
    </section>
  );
}

export default function InicioScreen() {
  usePageMeta({
    title: 'Medicina estética en Bogotá',
    description:
      'Tratamientos faciales, corporales, láser e inyectables con médicos certificados en Bogotá. Conoce nuestros servicios y reserva tu valoración.',
  });

  return (
    <>
      {/* Hero */}
      <section className={classes.hero} aria-labelledby="inicio-titulo">
        <Container size="lg" className={classes.heroGrid}>
          <Stack gap="lg" className={classes.heroTexto}>
            <Text className={classes.eyebrow}>Medicina estética en Bogotá</Text>
            <Title order={1} id="inicio-titulo" className={classes.heroTitulo}>
              Tu mejor versión, <em>con criterio médico</em>
            </Title>
            <Text className={classes.heroCopia}>
              Tratamientos faciales y corporales con médicos certificados, tecnología segura y una valoración honesta:
              te recomendamos solo lo que de verdad necesitas, para resultados que se ven naturales.
            </Text>
            <div className={classes.heroCtas}>
              <Button
                component={Link}
                to={paths.servicios}
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden="true" />}
              >
                Ver servicios
              </Button>
              <Button component={Link} to={paths.registrar} size="md" variant="default">
                Crear mi cuenta
              </Button>
            </div>
            <ul className={classes.confianza}>
              {confianza.map(({ icon: Icon, texto }) => (
                <li key={texto}>
                  <Icon size={18} stroke={1.7} aria-hidden="true" />
                  {texto}
                </li>
              ))}
            </ul>
          </Stack>
          <div className={classes.heroArte}>
            <HeroArt />
            <div className={`${classes.heroChip} ${classes.heroChipArriba}`} aria-hidden="true">
              <span className={classes.heroChipIcono}>
                <IconSparkles size={16} stroke={1.8} />
              </span>
              Resultados naturales
            </div>
            <div className={`${classes.heroChip} ${classes.heroChipAbajo}`} aria-hidden="true">
              <span className={classes.heroChipIcono}>
                <IconStethoscope size={16} stroke={1.8} />
              </span>
              Valoración médica
            </div>
          </div>
        </Container>
      </section>

      {/* Featured procedures */}
      <Seccion tituloId="destacados-titulo">
        <Group justify="space-between" align="flex-end" mb={{ base: 'lg', sm: 'xl' }} gap="md">
          <Stack gap={8} maw={620}>
            <Text className={classes.eyebrow}>Tratamientos</Text>
            <Title order={2} id="destacados-titulo">
              Tratamientos destacados
            </Title>
            <Text c="dimmed">
              Una selección de lo que más nos piden. Cada plan empieza con una valoración para saber si es para ti.
            </Text>
          </Stack>
          <Anchor component={Link} to={paths.servicios} fw={600} className={classes.verTodos}>
            Ver todos los servicios <IconArrowRight size={16} aria-hidden="true" />
          </Anchor>
        </Group>
        <Destacados />
      </Seccion>

      {/* Why us / about */}
      <Seccion tituloId="nosotros-titulo" suave>
        <div className={classes.nosotrosGrid}>
          <Stack gap="md">
            <Text className={classes.eyebrow}>Por qué elegirnos</Text>
            <Title order={2} id="nosotros-titulo">
              Una clínica pequeña, con tiempo para ti
            </Title>
            <Text c="dimmed">
              En {clinica.nombre} creemos en la medicina estética que cuida: consultas sin afán, planes realistas y un
              equipo que te conoce por tu nombre. Trabajamos desde el barrio Chicó, en el norte de Bogotá.
            </Text>
            <blockquote className={classes.cita}>
              «Los mejores resultados son los que se notan, pero no te cambian.»
            </blockquote>
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            {razones.map(({ icon: Icon, titulo, texto }) => (
              <div key={titulo} className={classes.razon}>
                <ThemeIcon size={44} radius="xl" variant="light" color="salvia" aria-hidden="true">
                  <Icon size={22} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} fz="h4" mt="md" mb={6}>
                  {titulo}
                </Title>
                <Text size="sm" c="dimmed">
                  {texto}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </div>
      </Seccion>

      {/* How it works */}
      <Seccion tituloId="pasos-titulo">
        <Stack gap={8} mb="xl" maw={620}>
          <Text className={classes.eyebrow}>Cómo funciona</Text>
          <Title order={2} id="pasos-titulo">
            Tres pasos para empezar
          </Title>
        </Stack>
        <ol className={classes.pasos}>
          {pasos.map((paso, i) => (
            <li key={paso.titulo} className={classes.paso}>
              <span className={classes.pasoNumero} aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <Title order={3} fz="h3" mb={6}>
                {paso.titulo}
              </Title>
              <Text c="dimmed" size="sm">
                {paso.texto}
              </Text>
            </li>
          ))}
        </ol>
      </Seccion>

      {/* Hours and contact */}
      <Seccion tituloId="visitanos-titulo">
        <div className={classes.visitanos}>
          <Stack gap="md" className={classes.visitanosTexto}>
            <Text className={classes.eyebrowClaro}>Visítanos</Text>
            <Title order={2} id="visitanos-titulo" c="inherit">
              Te esperamos en Chicó
            </Title>
            <Text className={classes.visitanosCopia}>
              Agenda tu valoración por WhatsApp o crea tu cuenta para guardar los tratamientos que te interesan.
            </Text>
            <Group gap="sm" mt="xs">
              <BotonWhatsApp size="md" variant="white" color="rosa">
                Escríbenos por WhatsApp
              </BotonWhatsApp>
              <Button component={Link} to={paths.registrar} size="md" variant="outline" className={classes.botonClaro}>
                Crear mi cuenta
              </Button>
            </Group>
          </Stack>

          <div className={classes.visitanosDatos}>
            <div>
              <h3 className={classes.datoTitulo}>
                <IconClock size={18} aria-hidden="true" /> Horario
              </h3>
              <dl className={classes.horario}>
                {clinica.horario.map((h) => (
                  <div key={h.dias}>
                    <dt>{h.dias}</dt>
                    <dd>{h.horas}</dd>
                  </div>
                ))}
              </dl>
            </div>
            <div>
              <h3 className={classes.datoTitulo}>
                <IconMapPin size={18} aria-hidden="true" /> Contacto
              </h3>
              <address className={classes.contacto}>
                <span>
                  {clinica.direccion}, {clinica.barrio}
                </span>
                <a href={clinica.telefonoHref}>
                  <IconPhone size={16} aria-hidden="true" /> {clinica.telefono}
                </a>
                <a href={clinica.whatsappHref} target="_blank" rel="noopener noreferrer">
                  <IconBrandWhatsapp size={16} aria-hidden="true" /> WhatsApp {clinica.whatsapp}
                </a>
                <a href={`mailto:${clinica.correo}`}>
                  <IconMail size={16} aria-hidden="true" /> {clinica.correo}
                </a>
              </address>
            </div>
          </div>
        </div>
      </Seccion>
    </>
  );
}
