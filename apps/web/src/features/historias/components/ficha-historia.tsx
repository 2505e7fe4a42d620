// The clinical record in readable sections (issue 9): alerts first (what a doctor must see before any procedure),
// then antecedentes as lists, the yes/no questions (the answer in words, not only a colour), contraceptives with
// their details, the Fitzpatrick phototype and other conditions. Used by the staff details and the patient's own.
import { Badge, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { AlertasClinicas, SinAlertasClinicas } from '../../../components/alertas-clinicas.tsx';
import type { ReactNode } from 'react';
import type { HistoriaWire } from '../../../lib/api/historias/get-historia.ts';
import { alertasDe, ANTECEDENTES, BANDERAS, BANDERAS_ALERTA, textoFototipo } from '../historia-textos.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';

function Seccion({ id, titulo, children }: { id: string; titulo: string; children: ReactNode }) {
  return (
    <SeccionTarjeta id={id} titulo={titulo} relleno="lg" bg="var(--clinica-superficie)">
      {children}
    </SeccionTarjeta>
  );
}

export function AlertasHistoria({ h }: { h: HistoriaWire }) {
  const alertas = alertasDe(h);
  if (!alertas.length) return <SinAlertasClinicas titulo="Sin alertas clínicas" />;
  return <AlertasClinicas titulo="Alertas clínicas" alertas={alertas} />;
}

/** The answer in words; a "sí" that needs care before a procedure is red, any other "sí" blue. */
function SiNo({ valor, alerta = false }: { valor: boolean; alerta?: boolean }) {
  return (
    <Badge
      color={valor ? (alerta ? 'red' : 'blue') : 'gray'}
      variant={valor ? 'light' : 'default'}
      style={{ flex: 'none' }}
    >
      {valor ? 'Sí' : 'No'}
    </Badge>
  );
}

export function FichaHistoria({ h }: { h: HistoriaWire }) {
  return (
    <Stack gap="lg">
      <AlertasHistoria h={h} />
      <Seccion id="antecedentes" titulo="Antecedentes">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {ANTECEDENTES.map(({ campo, etiqueta }) => {
            const items = h.antecedentes[campo];
            return (
              <div key={campo}>
                <Text size="sm" fw={600} c="dimmed" mb={4} id={`ant-${campo}`}>
                  {etiqueta}
                </Text>
                {items.length ? (
                  <List spacing={2} size="sm" aria-labelledby={`ant-${campo}`}>
                    {items.map((item, i) => (
                      <List.Item key={`${i}-${item}`}>{item}</List.Item>
                    ))}
                  </List>
                ) : (
                  <Text size="sm">Ninguno registrado</Text>
                )}
              </div>
            );
          })}
        </SimpleGrid>
      </Seccion>
      <Seccion id="condiciones" titulo="Condiciones y hábitos">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs" verticalSpacing="xs">
          {BANDERAS.filter((b) => b.campo !== 'usa_anticonceptivos').map(({ campo, etiqueta }) => (
            <Group key={campo} justify="space-between" wrap="nowrap" gap="sm" py={4}>
              <Text size="sm">{etiqueta}</Text>
              <SiNo valor={h[campo]} alerta={BANDERAS_ALERTA.includes(campo)} />
            </Group>
          ))}
        </SimpleGrid>
      </Seccion>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Seccion id="anticonceptivos" titulo="Anticonceptivos">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">Usa algún método anticonceptivo</Text>
            <SiNo valor={h.usa_anticonceptivos} />
          </Group>
          {h.usa_anticonceptivos && (
            <Text size="sm">
              <Text span fw={600}>
                Método:{' '}
              </Text>
              {h.detalles_anticonceptivos || 'Sin detalle'}
            </Text>
          )}
        </Seccion>
        <Seccion id="fototipo" titulo="Fototipo (Fitzpatrick)">
          <Text size="sm">{textoFototipo(h.fototipo)}</Text>
        </Seccion>
      </SimpleGrid>
      <Seccion id="otras" titulo="Otras condiciones">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {h.otras_condiciones?.trim() || 'Ninguna registrada'}
        </Text>
      </Seccion>
    </Stack>
  );
}
