// /crearcita (issue 8): a patient books an evaluation of what is in their cart, on a phone, in few taps: the
// cart's treatments, a doctor (or any), a day, a free time, confirm. The server books an evaluation of the cart
// and empties it in the same transaction; one Idempotency-Key per attempt keeps a double tap from booking twice.
// A 409 HORARIO_OCUPADO shows the message and the next free times. Staff book from /crearcitaasistente.
// From a service page («Reservar valoración») it arrives with ?procedimiento={id}: that treatment joins the cart
// first (once; the parameter then leaves the address), so the evaluation covers it like any other in the cart.
import { permite } from '@clinica/contracts/roles';
import { citasRutas } from '@clinica/contracts/rutas';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarCheck, IconCircleCheck, IconShoppingBag, IconStethoscope } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SkeletonLineas } from '../../components/skeletons.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { useCart } from '../../lib/carrito/cart-context.tsx';
import { ApiClientError } from '../../lib/api-client.ts';
import { PARAM_DOCTOR_CITA, PARAM_PROCEDIMIENTO_CITA, paths } from '../../lib/paths.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaLarga, formatHora } from '../../lib/tiempo.ts';
import { nuevaClaveIdempotencia, siguientesLibres, useCrearCita } from '../../lib/api/citas/crear-cita.ts';
import type { CitaWire, CrearCitaBody } from '../../lib/api/citas/tipos.ts';
import type { EspacioWire } from '../../lib/api/disponibilidad/get-disponibilidad.ts';
import { useDoctores } from '../../lib/api/doctores/get-doctores.ts';
import { AnticipoBadge, AnticipoTexto } from '../../components/citas/anticipo-cita.tsx';
import { PoliticaCancelacion } from '../../components/citas/politica-cancelacion.tsx';
import { EstadoCitaBadge, TipoCitaBadge } from '../../components/cita-badges.tsx';
import { HorariosSugeridos } from './components/horarios-sugeridos.tsx';
import { SelectorHorario } from './components/selector-horario.tsx';
import classes from './citas.module.css';
import { ErrorCarrito } from '../../components/error-carrito.tsx';
import { BotonEnlace } from '../../components/boton-enlace.tsx';

const CUALQUIERA = 'cualquiera';

function CitaAgendada({ cita }: { cita: CitaWire }) {
  const tituloRef = useRef<HTMLHeadingElement>(null);
  // The form (and the button that had focus) went away: the page opens at the message, which gets the focus
  // (issue 27.7: after a long list of times it was left below the screen).
  useEffect(() => {
    window.scrollTo({ top: 0 });
    tituloRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} maw={620} className={classes.exito}>
      <Stack gap="md" align="flex-start">
        <ThemeIcon size={56} radius="xl" color="green" variant="light" aria-hidden="true">
          <IconCircleCheck size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="h3" ref={tituloRef} tabIndex={-1} className={classes.enfocable}>
          ¡Tu cita quedó agendada!
        </Title>
        <Text>
          Te esperamos el <strong>{formatFechaLarga(cita.inicio)}</strong> a las{' '}
          <strong>{formatHora(cita.inicio)}</strong> con {cita.doctor.nombre}.
        </Text>
        <Group gap="xs">
          <TipoCitaBadge tipo={cita.tipo} />
          <EstadoCitaBadge estado={cita.estado} />
          <AnticipoBadge anticipo={cita.anticipo} />
        </Group>
        {cita.anticipo && (
          <Alert color="orange" variant="light" title="Anticipo para reservar">
            <Stack gap={6}>
              <AnticipoTexto anticipo={cita.anticipo} />
              <PoliticaCancelacion size="xs" />
            </Stack>
          </Alert>
        )}
        {cita.procedimientos_solicitados.length > 0 && (
          <div>
            <Text size="sm" fw={600}>
              Se evaluará:
            </Text>
            <List size="sm">
              {cita.procedimientos_solicitados.map((p) => (
                <List.Item key={p.id}>{p.nombre}</List.Item>
              ))}
            </List>
          </div>
        )}
        <Text size="sm" c="dimmed">
          La clínica confirmará tu cita. Si necesitas cambiarla, hazlo desde Mis citas hasta 24 horas antes.
        </Text>
        <Group gap="sm">
          <Button component={Link} to={paths.misCitas} leftSection={<IconCalendarCheck size={18} aria-hidden="true" />}>
            Ver mis citas
          </Button>
          <Button component={Link} to={paths.detallesCita(cita.id)} variant="default">
            Ver detalle
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function FormularioCita({ conCarrito, onAgendada }: { conCarrito: boolean; onAgendada: (cita: CitaWire) => void }) {
  const { reload } = useCart();
  const doctores = useDoctores();
  const crear = useCrearCita();
  // A retreatment reminder's link (issue 24, item 4) asks for the doctor who applied it: ?doctor=<id>.
  const [sp] = useSearchParams();
  const pedido = sp.get(PARAM_DOCTOR_CITA) ?? '';
  const [doctor, setDoctor] = useState<string>(/^[1-9]\d{0,8}$/.test(pedido) ? pedido : CUALQUIERA);
  const [espacio, setEspacio] = useState<EspacioWire | null>(null);
  const [motivo, setMotivo] = useState('');
  // One key per attempt (same body): a double tap or a retry answers with the same appointment.
  const intento = useRef<{ huella: string; clave: string } | null>(null);

  const nombreDoctor = (id: number) => doctores.data?.find((d) => d.id === id)?.nombre;
  const doctorId = doctor === CUALQUIERA ? null : Number(doctor);

  const confirmar = (e: EspacioWire | null = espacio) => {
    if (!e || crear.isPending) return;
    const body: CrearCitaBody = { doctor_id: e.doctor_id, inicio: e.inicio, motivo: motivo.trim() || undefined };
    const huella = JSON.stringify(body);
    if (intento.current?.huella !== huella) intento.current = { huella, clave: nuevaClaveIdempotencia() };
    crear.mutate(
      { body, clave: intento.current.clave },
      {
        onSuccess: (cita) => {
          intento.current = null;
          onAgendada(cita);
          // The server emptied the cart with the booking.
          if (cita.procedimientos_solicitados.length > 0) void reload();
          notifications.show({ color: 'green', message: 'Tu cita quedó agendada.' });
        },
        onError: (err) => {
          if (siguientesLibres(err) === null)
            notifications.show({ color: 'red', title: 'No pudimos agendar tu cita', message: err.message });
        },
      },
    );
  };

  const sugeridos = siguientesLibres(crear.error);

  return (
    <Stack gap="lg">
      <Select
        label="Doctor"
        description="Si te da igual, te mostramos los horarios de todos."
        data={[
          { value: CUALQUIERA, label: 'Cualquier doctor' },
          ...(doctores.data ?? []).map((d) => ({ value: String(d.id), label: d.nombre })),
        ]}
        value={doctor}
        onChange={(v) => {
          setDoctor(v ?? CUALQUIERA);
          crear.reset();
        }}
        allowDeselect={false}
        maw={420}
        size="md"
        error={
          doctores.isError ? 'No pudimos cargar la lista de doctores; puedes seguir con «Cualquier doctor».' : null
        }
      />

      <SelectorHorario
        doctorId={doctorId}
        tipo="evaluacion"
        value={espacio}
        onChange={(e) => {
          setEspacio(e);
          crear.reset();
        }}
        nombreDoctor={nombreDoctor}
        mostrarEleccion={false}
      />

      <Textarea
        label="¿Algo que quieras contarle al doctor?"
        description="Opcional: tus dudas o lo que te gustaría mejorar."
        autosize
        minRows={2}
        maxLength={1000}
        value={motivo}
        onChange={(e) => setMotivo(e.currentTarget.value)}
        maw={620}
      />

      {crear.error && sugeridos !== null && (
        <HorariosSugeridos
          mensaje={crear.error.message}
          siguientes={sugeridos}
          nombreDoctor={nombreDoctor}
          onElegir={(e) => {
            setEspacio(e);
            if (doctorId !== null && e.doctor_id !== doctorId) setDoctor(CUALQUIERA);
            confirmar(e);
          }}
        />
      )}
      {crear.error && sugeridos === null && (
        <Alert color="red" variant="light" role="alert" title="No pudimos agendar tu cita">
          {crear.error.message}
        </Alert>
      )}

      {/* Sticky once a time is chosen, at every width: confirming never means scrolling past all the times. Not
          before: with nothing to confirm it only covered the calendar on a phone's first view (issue 27.7). */}
      <Paper
        withBorder
        p={{ base: 'sm', sm: 'md' }}
        className={`${classes.confirmar} ${classes.confirmarFijo}`}
        data-fijo={espacio ? true : undefined}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" fw={espacio ? 600 : 400} c={espacio ? undefined : 'dimmed'}>
            {espacio
              ? `${conCarrito ? 'Valoración' : 'Valoración general'}: ${formatFechaLarga(espacio.inicio)}, ${formatHora(espacio.inicio)}${nombreDoctor(espacio.doctor_id) ? ` con ${nombreDoctor(espacio.doctor_id)}` : ''}`
              : 'Elige un día y una hora para continuar.'}
          </Text>
          <Button
            size="md"
            onClick={() => confirmar()}
            disabled={!espacio}
            loading={crear.isPending}
            leftSection={<IconCalendarCheck size={20} aria-hidden="true" />}
          >
            Confirmar cita
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

export default function CrearCitaScreen() {
  usePageMeta({ title: 'Agendar una cita' });
  const { userRole } = useAuth();
  const { items, status, addToCart } = useCart();
  const [sinCarrito, setSinCarrito] = useState(false);

  // Kept here: booking empties the cart, which must not take the success screen away.
  const [agendada, setAgendada] = useState<CitaWire | null>(null);
  const esPersonal = permite(citasRutas.listar.auth, userRole);

  // «Reservar valoración» from a service page: put that treatment in the cart, once, then drop the parameter.
  const [params, setParams] = useSearchParams();
  const valor = params.get(PARAM_PROCEDIMIENTO_CITA) ?? '';
  const procedimientoPedido = /^\d{1,9}$/.test(valor) && Number(valor) > 0 ? Number(valor) : null;
  const [agregando, setAgregando] = useState(procedimientoPedido !== null && !esPersonal);
  const [errorAgregar, setErrorAgregar] = useState<string | null>(null);
  const pedidoAtendido = useRef(false);
  useEffect(() => {
    // Without a treatment in the address there is nothing to add (`agregando` started false).
    if (esPersonal || status !== 'ready' || procedimientoPedido === null || pedidoAtendido.current) return;
    pedidoAtendido.current = true;
    void addToCart(procedimientoPedido).then((r) => {
      if (!r.added && r.reason === 'error') {
        setErrorAgregar(
          r.error instanceof ApiClientError && r.error.status !== 401
            ? r.error.message
            : 'No pudimos agregar el tratamiento a tu valoración. Puedes agendarla igual o elegirlo de nuevo en Servicios.',
        );
      }
      setAgregando(false);
      setParams(
        (p) => {
          p.delete(PARAM_PROCEDIMIENTO_CITA);
          return p;
        },
        { replace: true },
      );
    });
  }, [esPersonal, status, procedimientoPedido, addToCart, setParams]);

  if (esPersonal) {
    const agendaDelPersonal =
      procedimientoPedido === null ? paths.crearCitaAsistente : paths.crearCitaAsistentePara(procedimientoPedido);
    return (
      <>
        <PageHeader title="Agendar una cita" />
        <EstadoVacio
          icono={<IconCalendarCheck size={26} stroke={1.6} aria-hidden="true" />}
          titulo="Esta pantalla es para pacientes"
          descripcion="Para agendar a nombre de un paciente, usa la agenda de la clínica."
          accion={<BotonEnlace a={agendaDelPersonal}>Agendar para un paciente</BotonEnlace>}
        />
      </>
    );
  }

  if (agendada)
    return (
      <Stack gap="lg">
        <PageHeader title="Agendar una cita" />
        <CitaAgendada cita={agendada} />
      </Stack>
    );

  let intro;
  if (status === 'loading') intro = <SkeletonLineas lineas={3} etiqueta="Cargando tu carrito…" />;
  else if (status === 'error')
    intro = <ErrorCarrito mensaje="Lo necesitamos para saber qué tratamientos evaluará el doctor." />;
  else if (agregando) intro = <SkeletonLineas lineas={3} etiqueta="Agregando el tratamiento a tu valoración…" />;
  else if (items.length > 0)
    intro = (
      <Paper withBorder p="md" className={classes.evaluar} component="section" aria-labelledby="que-se-evalua">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
            <IconStethoscope size={22} stroke={1.6} />
          </ThemeIcon>
          <div>
            <Title order={2} fz="h5" id="que-se-evalua">
              En tu valoración, el doctor revisará:
            </Title>
            <List size="sm" mt={4}>
              {items.map((i) => (
                <List.Item key={i.id}>{i.procedimiento?.nombre ?? `Tratamiento ${i.id_procedimiento}`}</List.Item>
              ))}
            </List>
            <Text size="xs" c="dimmed" mt={6}>
              La valoración dura 30 minutos. Al agendarla, tu carrito queda vacío.
            </Text>
          </div>
        </Group>
      </Paper>
    );
  else if (!sinCarrito)
    intro = (
      <EstadoVacio
        icono={<IconShoppingBag size={26} stroke={1.6} aria-hidden="true" />}
        titulo="Tu carrito está vacío"
        descripcion="Agrega los tratamientos que te interesan y el doctor los revisará contigo en tu valoración."
        accion={
          <Group gap="sm" justify="center">
            <BotonEnlace a={paths.servicios}>Ver servicios</BotonEnlace>
            <Button variant="default" onClick={() => setSinCarrito(true)}>
              Agendar una valoración general
            </Button>
          </Group>
        }
      />
    );

  const listo = status === 'ready' && !agregando && (items.length > 0 || sinCarrito);
  return (
    <Stack gap="lg">
      <PageHeader
        title="Agendar una cita"
        description="Elige doctor, día y hora para tu valoración. Solo toma un minuto."
      />
      {errorAgregar && (
        <Alert color="red" variant="light" role="alert" title="No agregamos el tratamiento">
          {errorAgregar}
        </Alert>
      )}
      {intro}
      {listo && <FormularioCita conCarrito={items.length > 0} onAgendada={setAgendada} />}
      {status === 'ready' && items.length > 0 && (
        <Anchor component={Link} to={paths.carrito} size="sm">
          Volver a mi carrito
        </Anchor>
      )}
    </Stack>
  );
}
