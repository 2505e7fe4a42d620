// /correos: the e-mails the clinic sends (issue 10.6), newest first, for administrators. Without SMTP_URL nothing
// leaves the server, and this is where the messages can be read. Recovery links are never shown: the server sends
// a placeholder in their place. "Ver el correo" shows the HTML part as the patient sees it, inside a sandboxed
// iframe (no scripts, no forms, no same origin: the markup is data, never part of this page), and the text part.
import { Alert, Badge, Button, Group, Modal, Stack, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconInfoCircle, IconMail, IconMailOff, IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { permite } from '@clinica/contracts/roles';
import { correosRutas } from '@clinica/contracts/rutas';
import { ContenidoDeConsulta } from '../../components/contenido-de-consulta.tsx';
import { EstadoVacio } from '../../components/estado-vacio.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PanelDeLista } from '../../components/panel-de-lista.tsx';
import { PieDePaginacion } from '../../components/pie-de-paginacion.tsx';
import { SinAcceso } from '../../components/sin-acceso.tsx';
import { SkeletonTabla } from '../../components/skeletons.tsx';
import { TarjetaConEstado } from '../../components/tarjeta-con-estado.tsx';
import { TextoDesplegable } from '../../components/texto-desplegable.tsx';
import { usePageMeta } from '../../components/use-page-meta.ts';
import type { Estado } from '../../app/theme.ts';
import { esProhibido } from '../../lib/api-client.ts';
import { textoMostrando } from '../../lib/paginacion.ts';
import { useAuth } from '../../lib/session/auth-context.tsx';
import { formatFechaHora } from '../../lib/tiempo.ts';
import { useBandejaCorreos, type CorreoWire } from '../../lib/api/correos/get-bandeja.ts';

/** '8:00 a. m.' in a subject stays whole when the line wraps (non-breaking spaces inside the time only). */
export const sinCorteHora = (texto: string) => texto.replace(/(\d) ([ap])\. m\./g, '$1\u00a0$2.\u00a0m.');

export const POR_PAGINA = 20;

const ESTADOS: Record<CorreoWire['estado'], { texto: string; tono: Estado }> = {
  pendiente: { texto: 'Pendiente', tono: 'warning' },
  enviado: { texto: 'Enviado', tono: 'success' },
  fallido: { texto: 'Fallido', tono: 'danger' },
};

const intentos = (n: number) => `${n} ${n === 1 ? 'intento' : 'intentos'}`;

/** The message as it was sent: its HTML part in a sandboxed frame, its text part, its attachments. */
function VistaCorreo({ correo, onClose }: { correo: CorreoWire | null; onClose: () => void }) {
  const movil = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const [ultimo, setUltimo] = useState<CorreoWire | null>(correo);
  if (correo && correo !== ultimo) setUltimo(correo);
  const c = correo ?? ultimo;
  const texto = c && (
    <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
      {c.vista_previa}
    </Text>
  );
  return (
    <Modal
      opened={!!correo}
      onClose={onClose}
      title={c?.asunto ? sinCorteHora(c.asunto) : '(sin asunto)'}
      size="xl"
      fullScreen={movil}
    >
      {c && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Para: {c.para}
          </Text>
          {c.adjuntos.length > 0 && <Adjuntos nombres={c.adjuntos} />}
          {c.html ? (
            <Tabs defaultValue="html" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="html">Como lo ve quien lo recibe</Tabs.Tab>
                <Tabs.Tab value="texto">Texto</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="html" pt="sm">
                <iframe
                  // An empty sandbox: the e-mail's markup runs no script, submits no form, opens nothing and cannot
                  // reach this page or its session.
                  sandbox=""
                  srcDoc={c.html}
                  title={`Vista previa del correo «${c.asunto}»`}
                  referrerPolicy="no-referrer"
                  style={{
                    width: '100%',
                    height: movil ? '70vh' : 560,
                    border: '1px solid var(--mantine-color-default-border)',
                    borderRadius: 'var(--mantine-radius-md)',
                    background: '#ffffff',
                  }}
                />
              </Tabs.Panel>
              <Tabs.Panel value="texto" pt="sm">
                {texto}
              </Tabs.Panel>
            </Tabs>
          ) : (
            texto
          )}
          <Text size="xs" c="dimmed">
            Los enlaces para recuperar contraseñas nunca se muestran aquí: solo los recibe la persona, en su correo.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}

function Adjuntos({ nombres }: { nombres: string[] }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" c="dimmed">
        Adjuntos:
      </Text>
      {nombres.map((n) => (
        <Badge
          key={n}
          variant="light"
          color="gray"
          radius="sm"
          tt="none"
          leftSection={<IconPaperclip size={12} aria-hidden="true" />}
        >
          {n}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Without a mail server a delivered message was written to the local mailbox, not sent (issue 27.12): its badge and
 * date say so, as the notice above the list does.
 */
const EN_BUZON = { texto: 'Guardado en el buzón local', tono: 'info' } as const;

function TarjetaCorreo({ correo, enBuzon, onVer }: { correo: CorreoWire; enBuzon: boolean; onVer: () => void }) {
  const guardado = enBuzon && correo.estado === 'enviado';
  const estado = guardado ? EN_BUZON : ESTADOS[correo.estado];
  return (
    <TarjetaConEstado
      etiqueta={`${correo.asunto}, para ${correo.para}`}
      cabecera={
        <>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {correo.asunto ? sinCorteHora(correo.asunto) : '(sin asunto)'}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Para: {correo.para}
          </Text>
        </>
      }
      estado={estado}
      detalles={[
        `Creado el ${formatFechaHora(correo.creado_en)}`,
        correo.enviado_en ? `${guardado ? 'guardado' : 'enviado'} el ${formatFechaHora(correo.enviado_en)}` : null,
        correo.intentos > 0 ? intentos(correo.intentos) : null,
      ]}
      fallo={
        correo.estado === 'fallido' &&
        correo.ultimo_error &&
        `Último error: ${correo.ultimo_error}. Se reintentará automáticamente.`
      }
    >
      <TextoDesplegable maxHeight={66} showLabel="Ver todo el texto" hideLabel="Ver menos">
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {correo.vista_previa}
        </Text>
      </TextoDesplegable>
      <Group justify="space-between" gap="xs" wrap="wrap">
        {correo.adjuntos.length > 0 ? <Adjuntos nombres={correo.adjuntos} /> : <span />}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconEye size={14} aria-hidden="true" />}
          onClick={onVer}
          aria-label={`Ver el correo «${correo.asunto || 'sin asunto'}» para ${correo.para}`}
        >
          Ver el correo
        </Button>
      </Group>
    </TarjetaConEstado>
  );
}

export default function CorreosScreen() {
  usePageMeta({ title: 'Correos salientes' });
  const { userRole } = useAuth();
  const [sp, setSp] = useSearchParams();
  const numero = Number(sp.get('pagina'));
  const pagina = Number.isInteger(numero) && numero > 0 ? numero : 1;
  const permitido = permite(correosRutas.bandeja.auth, userRole);
  const [abierto, setAbierto] = useState<CorreoWire | null>(null);
  // Roles the server would refuse never ask.
  const q = useBandejaCorreos(pagina, POR_PAGINA, permitido);

  if (!permitido || esProhibido(q.error)) {
    return (
      <SinAcceso descripcion="Los correos que envía la clínica los revisa el administrador. Si necesitas saber si llegó un mensaje, pídeselo." />
    );
  }

  const total = q.data?.total ?? 0;
  const paginas = Math.max(1, Math.ceil(total / POR_PAGINA));
  const items = q.data?.items ?? [];
  const desde = total === 0 ? 0 : (pagina - 1) * POR_PAGINA + 1;
  const hasta = Math.min(total, pagina * POR_PAGINA);

  return (
    <>
      <PageHeader
        eyebrow="Administración"
        title="Correos salientes"
        description="Lo que la clínica envía por correo, del más reciente al más antiguo, con su estado de envío."
      />
      <Stack gap="lg">
        {q.data?.modo === 'archivo' && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconInfoCircle aria-hidden="true" />}
            title="Sin servidor de correo"
          >
            No hay un servidor de correo configurado (SMTP_URL), así que los mensajes no salen de la clínica: se guardan
            en el servidor y puedes leerlos aquí. Los enlaces para recuperar contraseñas no se muestran.
          </Alert>
        )}
        <PanelDeLista icono={<IconMail size={18} aria-hidden="true" />} titulo="Bandeja de salida">
          <ContenidoDeConsulta
            consulta={q}
            cargando={<SkeletonTabla filas={5} columnas={3} etiqueta="Cargando correos…" />}
            vacio={
              items.length === 0 && (
                <EstadoVacio
                  icono={<IconMailOff size={26} stroke={1.6} aria-hidden="true" />}
                  titulo={total > 0 ? 'No hay correos en esta página' : 'Aún no se ha enviado ningún correo'}
                  descripcion="Aquí aparecen los avisos de citas, los recordatorios y los correos de cuenta que envía la clínica."
                />
              )
            }
          >
            <Stack gap="md">
              <VisuallyHidden>
                <h2>Correos, del más reciente al más antiguo</h2>
              </VisuallyHidden>
              <Stack
                component="ul"
                gap="sm"
                p={0}
                m={0}
                style={{ listStyle: 'none', opacity: q.isPlaceholderData ? 0.6 : 1 }}
                aria-busy={q.isFetching}
              >
                {items.map((c) => (
                  <TarjetaCorreo
                    key={c.id}
                    correo={c}
                    enBuzon={q.data?.modo === 'archivo'}
                    onVer={() => setAbierto(c)}
                  />
                ))}
              </Stack>
              <PieDePaginacion
                resumen={textoMostrando(desde, hasta, total, { singular: 'correo', plural: 'correos' })}
                pagina={pagina}
                paginas={paginas}
                onPagina={(p) => setSp(p > 1 ? { pagina: String(p) } : {}, { replace: true })}
              />
            </Stack>
          </ContenidoDeConsulta>
        </PanelDeLista>
      </Stack>
      <VistaCorreo correo={abierto} onClose={() => setAbierto(null)} />
    </>
  );
}
