// An outgoing e-mail as it was sent: "Ver el correo" shows its HTML part inside a sandboxed iframe (no scripts, no
// forms, no same origin: the markup is data, never part of this page), its text part and its attachments.
import { Badge, Group, Modal, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import type { CorreoWire } from '../../../lib/api/correos/get-bandeja.ts';

/** '8:00 a. m.' in a subject stays whole when the line wraps (non-breaking spaces inside the time only). */
export const sinCorteHora = (texto: string) => texto.replace(/(\d) ([ap])\. m\./g, '$1\u00a0$2.\u00a0m.');

/** The message as it was sent: its HTML part in a sandboxed frame, its text part, its attachments. */
export function VistaCorreo({ correo, onClose }: { correo: CorreoWire | null; onClose: () => void }) {
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

export function Adjuntos({ nombres }: { nombres: string[] }) {
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
