// /respondercita#token=…: the page the reminder's «Confirmar mi cita» and «Cancelar mi cita» links open (issue 25.3).
// No sign-in: the signed link is the credential. As for password recovery, the token comes in the URL fragment, which
// browsers never send to a server; it is taken off the address bar at once and goes to the API only in JSON bodies.
// Opening the page only shows what the link does (the appointment, the policy, what happens to a deposit): mail
// scanners open links, and must not confirm or cancel anything. The patient's press does it, once.
import { Alert, Anchor, Button, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { IconCalendarCheck, IconCalendarX, IconInfoCircle, IconLinkOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MENSAJES_CITAS, type DestinoAnticipo } from '@clinica/contracts/citas';
import type { EnlaceCita, enlaceCitaSchema, resultadoEnlaceCitaSchema } from '@clinica/contracts/enlaces-cita';
import type { z } from 'zod';
import { AvisoEnfocado } from '../../components/aviso-enfocado.tsx';
import { BotonEnlace } from '../../components/boton-con-icono.tsx';
import { Dato } from '../../components/dato.tsx';
import { AvisoFaltaCodigo, useTokenDelEnlace } from '../../components/enlace-con-token.tsx';
import { TarjetaAcceso } from '../../components/tarjeta-acceso.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import { ApiClientError } from '../../lib/api-client.ts';
import { usarEnlaceCita, verEnlaceCita } from '../../lib/api/citas/enlace-cita.ts';
import { AlertaFallo } from '../../lib/forms/alerta-fallo.tsx';
import { mensajeDeError } from '../../lib/forms/field-errors.ts';
import { formatCOP } from '../../lib/format.ts';
import { paths } from '../../lib/paths.ts';
import { formatFechaLarga, formatHora } from '../../lib/tiempo.ts';

type Vista = z.input<typeof enlaceCitaSchema>;
type Resultado = z.input<typeof resultadoEnlaceCitaSchema>;

const NOMBRE_TIPO: Record<EnlaceCita['cita']['tipo'], string> = {
  evaluacion: 'Evaluación',
  procedimiento: 'Procedimiento',
  control: 'Control',
};

/** An amount that never breaks between «$» and its digits. */
function Pesos({ monto }: { monto: number }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatCOP(monto)}</span>;
}

/** A link that can no longer be used (forged, expired, used, its appointment changed): why, and where to go. */
function EnlaceMuerto({ titulo, mensaje }: { titulo: string; mensaje: string }) {
  const enlace = { size: 'sm', fw: 600, c: 'inherit', underline: 'always' } as const;
  return (
    <AvisoEnfocado color="red" title={titulo} icon={<IconLinkOff aria-hidden="true" />} role="alert">
      <Stack gap="sm">
        <Text size="sm">{mensaje}</Text>
        <Anchor component={Link} to={paths.misCitas} {...enlace}>
          Ver mis citas
        </Anchor>
      </Stack>
    </AvisoEnfocado>
  );
}

/** What the link's appointment is. */
function ResumenCita({ cita }: { cita: Vista['cita'] }) {
  return (
    <Stack gap="sm">
      <Dato etiqueta="Fecha">{formatFechaLarga(cita.inicio)}</Dato>
      <Dato etiqueta="Hora">
        {formatHora(cita.inicio)} a {formatHora(cita.fin)}
      </Dato>
      <Dato etiqueta={cita.procedimiento ? 'Procedimiento' : 'Tipo de cita'}>
        {cita.procedimiento ?? NOMBRE_TIPO[cita.tipo]}
      </Dato>
      <Dato etiqueta="Profesional">{cita.doctor}</Dato>
    </Stack>
  );
}

/** What cancelling now does with the deposit, as the policy says; the choice when it is hers. */
function AnticipoAlCancelar({
  vista,
  destino,
  setDestino,
  sinElegir,
}: {
  vista: Vista;
  destino: DestinoAnticipo | undefined;
  setDestino: (d: DestinoAnticipo) => void;
  sinElegir: boolean;
}) {
  const a = vista.anticipo;
  const horas = vista.politica.cancelacion_horas_aviso;
  if (!a) return null;
  if (a.al_cancelar === 'sin_pagar')
    return (
      <Text size="sm">
        Tu anticipo de <Pesos monto={a.monto} /> no está pagado: si cancelas, no hay nada que cobrarte ni que
        devolverte.
      </Text>
    );
  if (a.al_cancelar === 'retenido')
    return (
      <Alert
        variant="light"
        color="orange"
        title="Tu anticipo no se devuelve"
        icon={<IconInfoCircle size={18} aria-hidden="true" />}
      >
        Faltan menos de {horas} horas para la cita. Según la política de cancelación, si cancelas, la clínica conserva
        el anticipo de <Pesos monto={a.monto} />.
      </Alert>
    );
  return (
    <Radio.Group
      label={
        <>
          ¿Qué hacemos con tu anticipo de <Pesos monto={a.monto} />?
        </>
      }
      description={`Como cancelas con ${horas} horas o más de anticipación, no pierdes tu anticipo. Elige qué prefieres:`}
      value={destino ?? null}
      onChange={(v) => setDestino(v as DestinoAnticipo)}
      error={sinElegir ? MENSAJES_CITAS.eligeDestinoAnticipo : undefined}
      required
    >
      <Stack gap="sm" mt="xs">
        <Radio
          value="devolucion"
          label="Quiero que me lo devuelvan"
          description="La recepción de la clínica te devuelve el dinero y te avisamos cuando la devolución esté hecha."
        />
        <Radio
          value="saldo_a_favor"
          label="Dejarlo como saldo a favor"
          description="Queda a tu nombre en la clínica y lo puedes usar para pagar tu próxima cita."
        />
      </Stack>
    </Radio.Group>
  );
}

/** The result of the press: what happened, and what next. */
function Hecho({ resultado }: { resultado: Resultado }) {
  const confirma = resultado.accion === 'confirmar';
  const titulo = confirma
    ? resultado.cambio
      ? 'Cita confirmada'
      : 'Tu cita ya estaba confirmada'
    : resultado.cambio
      ? 'Cita cancelada'
      : 'Tu cita ya estaba cancelada';
  return (
    <Stack gap="md">
      <AvisoEnfocado
        color={confirma ? 'green' : 'blue'}
        title={titulo}
        icon={confirma ? <IconCalendarCheck aria-hidden="true" /> : <IconCalendarX aria-hidden="true" />}
        role="status"
      >
        {resultado.mensaje}
      </AvisoEnfocado>
      {confirma ? (
        <BotonEnlace to={paths.misCitas} size="md" variant="light" icono={IconCalendarCheck}>
          Ver mis citas
        </BotonEnlace>
      ) : (
        <BotonEnlace to={paths.crearCita} size="md" variant="light" icono={IconCalendarCheck}>
          Agendar una nueva cita
        </BotonEnlace>
      )}
    </Stack>
  );
}

/** Status codes of a link that can no longer be used: a new press cannot help. */
const ENLACE_MUERTO = new Set([400, 404, 409, 410]);

function Respuesta({ token }: { token: string }) {
  const vista = useQuery({
    queryKey: ['enlace-cita', token],
    queryFn: () => verEnlaceCita(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const [destino, setDestino] = useState<DestinoAnticipo | undefined>();
  const [intento, setIntento] = useState(false);
  const usar = useMutation({ mutationFn: usarEnlaceCita });

  if (vista.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Revisando el enlace…</Text>
      </Group>
    );
  if (vista.isError) {
    const err = vista.error;
    if (err instanceof ApiClientError && err.status === 429)
      return <AlertaFallo titulo="Espera un momento" mensaje={mensajeDeError(err)} />;
    if (err instanceof ApiClientError && ENLACE_MUERTO.has(err.status))
      return <EnlaceMuerto titulo="Este enlace ya no sirve" mensaje={mensajeDeError(err)} />;
    return (
      <Stack gap="sm">
        <AlertaFallo titulo="No pudimos revisar el enlace" mensaje={mensajeDeError(err)} />
        <Button variant="light" onClick={() => void vista.refetch()}>
          Intentar de nuevo
        </Button>
      </Stack>
    );
  }
  if (usar.isSuccess) return <Hecho resultado={usar.data} />;
  const errorUso = usar.error;
  if (errorUso instanceof ApiClientError && ENLACE_MUERTO.has(errorUso.status) && errorUso.code !== 'VALIDACION')
    return <EnlaceMuerto titulo="Este enlace ya no sirve" mensaje={mensajeDeError(errorUso)} />;

  const v = vista.data;
  const cancela = v.accion === 'cancelar';
  const eligeDestino = cancela && v.anticipo?.al_cancelar === 'elegir';
  const sinElegir = intento && eligeDestino && !destino;

  function enviar() {
    setIntento(true);
    if (eligeDestino && !destino) return;
    usar.mutate({ token, ...(eligeDestino && destino ? { anticipo: destino } : {}) });
  }

  return (
    <Stack gap="lg">
      <ResumenCita cita={v.cita} />
      {cancela ? (
        <Stack gap="sm">
          <AnticipoAlCancelar vista={v} destino={destino} setDestino={setDestino} sinElegir={sinElegir} />
          {/* The policy is about deposits: stated when there is one, not to a patient who owes none. */}
          <Text size="sm" c="dimmed">
            {v.anticipo ? `${v.politica.texto} ` : 'Esta cita no tiene anticipo: cancelarla no tiene ningún costo. '}
            Al cancelar, liberamos el horario para otra persona.
          </Text>
        </Stack>
      ) : (
        <Text>¿Vas a asistir? Confírmalo y la clínica sabrá que te espera.</Text>
      )}
      {errorUso && (
        <AlertaFallo
          titulo={cancela ? 'No se canceló la cita' : 'No se confirmó la cita'}
          mensaje={mensajeDeError(errorUso)}
        />
      )}
      <Button
        size="md"
        color={cancela ? 'red.9' : undefined}
        loading={usar.isPending}
        leftSection={
          cancela ? <IconCalendarX size={18} aria-hidden="true" /> : <IconCalendarCheck size={18} aria-hidden="true" />
        }
        onClick={enviar}
      >
        {cancela ? 'Cancelar mi cita' : 'Confirmar mi cita'}
      </Button>
    </Stack>
  );
}

export default function ResponderCitaScreen() {
  usePageMeta({ title: 'Tu cita', description: 'Confirma o cancela tu cita desde el recordatorio.' });
  const token = useTokenDelEnlace();

  const accion = token ? /^e1\.\d+\.(confirmar|cancelar)\./.exec(token)?.[1] : undefined;
  const titulo = accion === 'cancelar' ? 'Cancelar tu cita' : accion === 'confirmar' ? 'Confirmar tu cita' : 'Tu cita';

  return (
    <TarjetaAcceso titulo={titulo}>
      {token ? (
        // A new link starts over (its own reads and result).
        <Respuesta key={token} token={token} />
      ) : (
        <AvisoFaltaCodigo
          accion={
            <Anchor component={Link} to={paths.misCitas} size="sm" fw={600} c="inherit" underline="always">
              Ver mis citas
            </Anchor>
          }
        >
          Abre el enlace completo del correo de recordatorio. Si no lo tienes, puedes ver y cancelar tus citas desde
          «Mis citas» o comunicarte con la clínica.
        </AvisoFaltaCodigo>
      )}
      <Anchor component={Link} to={paths.inicio} size="sm" ta="center">
        Ir al inicio
      </Anchor>
    </TarjetaAcceso>
  );
}
