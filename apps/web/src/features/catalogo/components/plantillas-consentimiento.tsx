// The procedure's informed-consent text (issue 9, item 5): the version in force and the earlier ones, and a form
// for a new version (risks, alternatives, aftercare). Consents already signed keep the text they showed.
import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import { useCrearPlantilla } from '../../../lib/api/plantillas-consentimiento/crear-plantilla.ts';
import { usePlantillas } from '../../../lib/api/plantillas-consentimiento/get-plantillas.ts';
import { SeccionTarjeta } from '../../../components/seccion-tarjeta.tsx';

const MIN = 50;

export function PlantillasConsentimiento({ procedimientoId }: { procedimientoId: number }) {
  const plantillas = usePlantillas(procedimientoId);
  const crear = useCrearPlantilla(procedimientoId);
  const [abierta, setAbierta] = useState(false);
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const vigente = plantillas.data?.[0];

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (texto.trim().length < MIN) {
      setError(`Escribe el texto completo: riesgos, alternativas y cuidados (mínimo ${MIN} caracteres)`);
      return;
    }
    crear.mutate(texto.trim(), {
      onSuccess: (p) => {
        notifications.show({ color: 'green', message: `Versión ${p.version} del consentimiento guardada.` });
        setAbierta(false);
        setError(null);
      },
      onError: (err) => setError(mensajeDeError(err)),
    });
  };

  return (
    <SeccionTarjeta
      id="consentimiento-plantilla-titulo"
      titulo="Consentimiento informado"
      bg="var(--clinica-superficie)"
      accion={
        !abierta && (
          <Button
            variant="light"
            onClick={() => {
              setTexto(vigente?.texto ?? '');
              setAbierta(true);
            }}
          >
            Nueva versión
          </Button>
        )
      }
    >
      {plantillas.isPending ? (
        <Text size="sm">Cargando el texto del consentimiento…</Text>
      ) : plantillas.isError ? (
        <Text size="sm" c="red">
          No se pudo cargar el consentimiento: {mensajeDeError(plantillas.error)}
        </Text>
      ) : vigente ? (
        <Stack gap="xs">
          <Group gap="xs">
            <Badge variant="light">Versión {vigente.version}</Badge>
            <Text size="sm" c="dimmed">
              Vigente desde el {formatFechaHora(vigente.vigente_desde)}
              {plantillas.data.length > 1 ? ` · ${plantillas.data.length - 1} versiones anteriores` : ''}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {vigente.texto}
          </Text>
        </Stack>
      ) : (
        <Alert color="yellow" variant="light">
          Este procedimiento aún no tiene texto de consentimiento: sin él, las pacientes no pueden firmar y sus citas no
          se pueden marcar como realizadas.
        </Alert>
      )}
      {abierta && (
        <form onSubmit={enviar} noValidate aria-label="Nueva versión del consentimiento">
          <Stack gap="sm">
            <Textarea
              label="Texto del consentimiento"
              description="Riesgos, alternativas y cuidados. Se guarda como una versión nueva; los consentimientos ya firmados conservan el texto que mostraron."
              autosize
              minRows={8}
              maxLength={20000}
              value={texto}
              onChange={(e) => setTexto(e.currentTarget.value)}
              error={error}
            />
            <Group>
              <Button type="submit" loading={crear.isPending}>
                Guardar versión
              </Button>
              <Button variant="default" onClick={() => setAbierta(false)}>
                Cancelar
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SeccionTarjeta>
  );
}
