// «Cómo te contactamos» of the patient's own profile (issue 25, items 2 and 4; docs/mensajeria.md): her channels
// (e-mail, WhatsApp or both), her WhatsApp number verified by a 6-digit code sent there after she accepts the
// authorisation (its exact text is stored with her opt-in), and her opt-out. Without the clinic's WhatsApp settings,
// WhatsApp shows as unavailable and e-mail carries everything.
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Paper,
  Radio,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandWhatsapp, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  LARGO_CODIGO_WHATSAPP,
  MINUTOS_CODIGO_WHATSAPP,
  TEXTO_AUTORIZACION_WHATSAPP,
} from '@clinica/contracts/mensajeria-rutas';
import { ErrorDeCarga } from '../../../components/estado-error.tsx';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import {
  useBajaWhatsapp,
  useGuardarCanal,
  usePedirCodigo,
  usePreferenciasContacto,
  useVerificarCodigo,
  type CanalWire,
  type PreferenciasWire,
} from '../../../lib/api/mensajeria/mensajeria.ts';
import { EncabezadoTarjeta } from './encabezado-tarjeta.tsx';

const OPCIONES: { valor: CanalWire; etiqueta: string; detalle: string }[] = [
  { valor: 'correo', etiqueta: 'Solo correo', detalle: 'Todo te llega al correo electrónico.' },
  {
    valor: 'ambos',
    etiqueta: 'Correo y WhatsApp',
    detalle: 'Recordatorios, confirmaciones y ofertas también por WhatsApp.',
  },
  {
    valor: 'whatsapp',
    etiqueta: 'Solo WhatsApp',
    detalle: 'El recordatorio de tus citas solo por WhatsApp; lo demás sigue llegando al correo.',
  },
];

/** «+57 300 123 4567» from the stored digits. */
export function numeroLegible(n: string): string {
  const m = /^57(\d{3})(\d{3})(\d{4})$/.exec(n);
  return m ? `+57 ${m[1]} ${m[2]} ${m[3]}` : `+${n}`;
}

function Canales({ p }: { p: PreferenciasWire }) {
  const guardar = useGuardarCanal();
  const [canal, setCanal] = useState<CanalWire>(p.canal);
  const conWhatsapp = p.whatsapp_disponible && p.whatsapp_autorizado;

  function enviar(e: FormEvent) {
    e.preventDefault();
    guardar.mutate(canal, {
      onSuccess: () =>
        notifications.show({ color: 'green', title: 'Listo', message: 'Guardamos cómo quieres que te contactemos.' }),
    });
  }

  return (
    <form onSubmit={enviar} aria-label="Canales de contacto">
      <Stack gap="sm">
        <AlertaFallo
          titulo="No pudimos guardar tu elección"
          mensaje={guardar.isError ? mensajeDeError(guardar.error) : null}
        />
        <Radio.Group
          label="¿Por dónde te escribimos?"
          description={
            conWhatsapp || !p.whatsapp_disponible
              ? undefined
              : 'Para elegir WhatsApp, primero verifica tu número aquí abajo.'
          }
          value={canal}
          onChange={(v) => setCanal(v as CanalWire)}
        >
          <Stack gap="xs" mt="xs">
            {OPCIONES.map((o) => (
              <Radio
                key={o.valor}
                value={o.valor}
                label={o.etiqueta}
                description={o.detalle}
                disabled={o.valor !== 'correo' && !conWhatsapp}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={guardar.isPending} disabled={canal === p.canal}>
            Guardar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PedirCodigo({ onEnviado, onCancelar }: { onEnviado: () => void; onCancelar?: () => void }) {
  const pedir = usePedirCodigo();
  const [numero, setNumero] = useState('');
  const [acepta, setAcepta] = useState(false);
  const [faltaAcepta, setFaltaAcepta] = useState(false);

  function enviar(e: FormEvent) {
    e.preventDefault();
    if (!acepta) {
      setFaltaAcepta(true);
      return;
    }
    pedir.mutate(numero, { onSuccess: onEnviado });
  }

  return (
    <form onSubmit={enviar} aria-label="Verificar número de WhatsApp">
      <Stack gap="sm">
        <AlertaFallo
          titulo="No pudimos enviar el código"
          mensaje={pedir.isError ? mensajeDeError(pedir.error) : null}
        />
        <TextInput
          label="Tu número de WhatsApp"
          description="Celular de Colombia (300 123 4567) o con el indicativo del país (+57 300 123 4567)."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          required
          value={numero}
          onChange={(e) => setNumero(e.currentTarget.value)}
        />
        <Checkbox
          checked={acepta}
          onChange={(e) => {
            setAcepta(e.currentTarget.checked);
            setFaltaAcepta(false);
          }}
          label={TEXTO_AUTORIZACION_WHATSAPP}
          error={faltaAcepta ? 'Para continuar, acepta la autorización.' : undefined}
        />
        <Group justify="flex-end" gap="sm">
          {onCancelar && (
            <Button variant="default" onClick={onCancelar} disabled={pedir.isPending}>
              Cancelar
            </Button>
          )}
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden="true" />} loading={pedir.isPending}>
            Enviar código por WhatsApp
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EscribirCodigo({ numero, onOtroNumero }: { numero: string; onOtroNumero: () => void }) {
  const verificar = useVerificarCodigo();
  const [codigo, setCodigo] = useState('');

  function enviar(e: FormEvent) {
    e.preventDefault();
    verificar.mutate(codigo, {
      onSuccess: () =>
        notifications.show({
          color: 'green',
          title: 'Número verificado',
          message: 'Ya te podemos escribir por WhatsApp.',
        }),
      onError: () => setCodigo(''),
    });
  }

  return (
    <form onSubmit={enviar} aria-label="Escribir el código de WhatsApp">
      <Stack gap="sm">
        <Text size="sm">
          Te enviamos un código de {LARGO_CODIGO_WHATSAPP} dígitos por WhatsApp al <b>{numeroLegible(numero)}</b>. Vence
          en {MINUTOS_CODIGO_WHATSAPP} minutos.
        </Text>
        <AlertaFallo
          titulo="No pudimos verificar el número"
          mensaje={verificar.isError ? mensajeDeError(verificar.error) : null}
        />
        <TextInput
          label={`Código de ${LARGO_CODIGO_WHATSAPP} dígitos`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={LARGO_CODIGO_WHATSAPP}
          required
          w={{ base: '100%', xs: 200 }}
          value={codigo}
          onChange={(e) => setCodigo(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Group justify="space-between" gap="sm">
          <Button variant="subtle" onClick={onOtroNumero}>
            Usar otro número
          </Button>
          <Button type="submit" loading={verificar.isPending} disabled={codigo.length !== LARGO_CODIGO_WHATSAPP}>
            Verificar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Whatsapp({ p }: { p: PreferenciasWire }) {
  const baja = useBajaWhatsapp();
  const [otroNumero, setOtroNumero] = useState(false);

  // A code just asked for (a first number, or another one) waits to be typed; a stale one lapses in 10 minutes.
  if (p.numero_pendiente && !otroNumero)
    return <EscribirCodigo numero={p.numero_pendiente} onOtroNumero={() => setOtroNumero(true)} />;
  if (p.whatsapp_autorizado && p.whatsapp_numero && !otroNumero) {
    return (
      <Stack gap="sm">
        <Group justify="space-between" gap="md">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" color="green" size="lg" radius="xl" aria-hidden="true">
              <IconBrandWhatsapp size={18} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                WhatsApp verificado
              </Text>
              <Text fw={600}>{numeroLegible(p.whatsapp_numero)}</Text>
            </div>
          </Group>
          <Group gap="xs">
            <Button variant="default" size="sm" onClick={() => setOtroNumero(true)}>
              Cambiar número
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="sm"
              loading={baja.isPending}
              onClick={() =>
                baja.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'blue',
                      title: 'WhatsApp desactivado',
                      message: 'Ya no te escribiremos por WhatsApp. Te seguimos escribiendo al correo.',
                    }),
                })
              }
            >
              Dejar de recibir por WhatsApp
            </Button>
          </Group>
        </Group>
        <AlertaFallo
          titulo="No pudimos desactivar WhatsApp"
          mensaje={baja.isError ? mensajeDeError(baja.error) : null}
        />
        <Text size="xs" c="dimmed">
          También puedes responder BAJA a cualquiera de nuestros mensajes.
        </Text>
      </Stack>
    );
  }
  return (
    <PedirCodigo
      onEnviado={() => setOtroNumero(false)}
      // Changing a verified number: she may go back to it.
      {...(p.whatsapp_autorizado ? { onCancelar: () => setOtroNumero(false) } : {})}
    />
  );
}

export function ComoTeContactamos() {
  const q = usePreferenciasContacto();
  let contenido;
  if (q.isPending) contenido = <Skeleton h={160} aria-label="Cargando tus canales de contacto…" />;
  else if (q.isError) contenido = <ErrorDeCarga consulta={q} />;
  else
    contenido = (
      <Stack gap="lg">
        {!q.data.whatsapp_disponible && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle aria-hidden="true" />}
            title="WhatsApp no disponible"
          >
            La clínica todavía no envía mensajes por WhatsApp: te escribimos al correo.
          </Alert>
        )}
        {/* Keyed on the saved choice: after a change the form starts from it. */}
        <Canales key={q.data.canal} p={q.data} />
        {q.data.whatsapp_disponible && (
          <>
            <Divider />
            <Whatsapp p={q.data} />
          </>
        )}
      </Stack>
    );
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="perfil-contacto-titulo">
      <Stack gap="lg">
        <EncabezadoTarjeta
          id="perfil-contacto-titulo"
          titulo="Cómo te contactamos"
          descripcion="Elige por dónde te llegan los recordatorios y avisos de tus citas."
        />
        {contenido}
      </Stack>
    </Paper>
  );
}
