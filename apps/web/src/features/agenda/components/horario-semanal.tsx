// A doctor's weekly hours, edited as a whole week and saved at once (PUT): franjas per day, checked before sending
// (end after start, no overlap within a day).
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ContenidoDeConsulta } from '../../../components/contenido-de-consulta.tsx';
import { SkeletonTabla } from '../../../components/skeletons.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { useHorarios } from '../../../lib/api/horarios/get-horarios.ts';
import { useReemplazarHorarios } from '../../../lib/api/horarios/reemplazar-horarios.ts';
import type { HorarioWire } from '../../../lib/api/horarios/tipos.ts';
import { AccionIcono } from '../../../components/accion-icono.tsx';

/** Monday first, as the clinic's week (dia_semana as Date#getDay: 0 = domingo). */
const DIAS = [
  { dia: 1, nombre: 'Lunes' },
  { dia: 2, nombre: 'Martes' },
  { dia: 3, nombre: 'Miércoles' },
  { dia: 4, nombre: 'Jueves' },
  { dia: 5, nombre: 'Viernes' },
  { dia: 6, nombre: 'Sábado' },
  { dia: 0, nombre: 'Domingo' },
] as const;

type Franja = HorarioWire & { clave: number };
let siguienteClave = 1;
const conClave = (h: HorarioWire): Franja => ({ ...h, clave: siguienteClave++ });

/** Errors of a week, by franja key: end after start, no overlap with another window of the same day. */
function erroresSemana(franjas: Franja[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const f of franjas) {
    if (!/^\d{2}:\d{2}$/.test(f.hora_inicio) || !/^\d{2}:\d{2}$/.test(f.hora_fin))
      out.set(f.clave, 'Escribe las dos horas.');
    else if (f.hora_fin <= f.hora_inicio) out.set(f.clave, 'La hora final debe ser posterior a la inicial.');
  }
  for (const { dia } of DIAS) {
    const delDia = franjas.filter((f) => f.dia_semana === dia && !out.has(f.clave));
    delDia.sort((a, b) => a.hora_inicio.localeCompare(b.hora_inicio));
    for (let i = 1; i < delDia.length; i++)
      if (delDia[i]!.hora_inicio < delDia[i - 1]!.hora_fin)
        out.set(delDia[i]!.clave, 'Se cruza con otra franja del mismo día.');
  }
  return out;
}

export function HorarioSemanal({ doctorId }: { doctorId: number }) {
  const q = useHorarios(doctorId);
  return (
    <ContenidoDeConsulta
      consulta={q}
      cargando={<SkeletonTabla filas={6} columnas={3} etiqueta="Cargando el horario…" />}
      tituloError="No pudimos cargar el horario"
    >
      {q.data && <EditorHorario doctorId={doctorId} guardado={q.data} />}
    </ContenidoDeConsulta>
  );
}

/** The week being edited, from the stored one (`guardado`), and again whenever that changes (saved). */
function EditorHorario({ doctorId, guardado }: { doctorId: number; guardado: HorarioWire[] }) {
  const guardar = useReemplazarHorarios(doctorId);
  const [edicion, setEdicion] = useState(() => ({ base: guardado, franjas: guardado.map(conClave) }));
  const [intento, setIntento] = useState(false);
  if (edicion.base !== guardado) setEdicion({ base: guardado, franjas: guardado.map(conClave) });
  const franjas = edicion.franjas;
  const errores = erroresSemana(franjas);
  const cambiar = (f: (xs: Franja[]) => Franja[]) => setEdicion((e) => ({ ...e, franjas: f(e.franjas) }));
  const sinGuardar = JSON.stringify(franjas.map(({ clave: _c, ...h }) => h)) !== JSON.stringify(guardado);

  /** One end of a time window; `nombre` is its weekday, `i` its place in that day. */
  const campoHora = (
    nombre: string,
    f: Franja,
    i: number,
    campo: 'hora_inicio' | 'hora_fin',
    error: string | boolean | undefined,
  ) => {
    return (
      <TimeInput
        aria-label={`${nombre}, franja ${i + 1}: ${campo === 'hora_inicio' ? 'desde' : 'hasta'}`}
        value={f[campo]}
        onChange={(e) => {
          const v = e.currentTarget.value;
          cambiar((xs) => xs.map((x) => (x.clave === f.clave ? { ...x, [campo]: v } : x)));
        }}
        w={120}
        error={error}
      />
    );
  };

  function enviar() {
    setIntento(true);
    if (errores.size > 0) return;
    guardar.mutate(
      franjas.map(({ clave: _c, ...h }) => h),
      {
        onSuccess: () => {
          setIntento(false);
          notifications.show({
            color: 'green',
            title: 'Horario guardado',
            message: 'Las horas libres ya usan el nuevo horario.',
          });
        },
        onError: (err) =>
          notifications.show({ color: 'red', title: 'No se guardó el horario', message: mensajeDeError(err) }),
      },
    );
  }

  return (
    <Stack gap="md">
      <Stack gap="xs">
        {DIAS.map(({ dia, nombre }) => {
          const delDia = franjas.filter((f) => f.dia_semana === dia);
          return (
            <Paper key={dia} withBorder p="sm" radius="md" component="fieldset" style={{ margin: 0, minWidth: 0 }}>
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Text component="legend" fw={600} w={110} style={{ float: 'left', paddingTop: 6 }}>
                  {nombre}
                </Text>
                <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
                  {delDia.length === 0 && (
                    <Text size="sm" c="dimmed" pt={6}>
                      No atiende
                    </Text>
                  )}
                  {delDia.map((f, i) => (
                    <Group key={f.clave} gap="xs" align="flex-start" wrap="wrap">
                      {campoHora(nombre, f, i, 'hora_inicio', intento && errores.get(f.clave))}
                      <Text pt={6} aria-hidden="true">
                        a
                      </Text>
                      {campoHora(nombre, f, i, 'hora_fin', intento && errores.has(f.clave))}
                      <AccionIcono
                        tooltip="Quitar franja"
                        etiqueta={`Quitar la franja ${i + 1} del ${nombre.toLowerCase()}`}
                        icono={IconTrash}
                        color="red"
                        onClick={() => cambiar((xs) => xs.filter((x) => x.clave !== f.clave))}
                      />
                    </Group>
                  ))}
                </Stack>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  mt={4}
                  leftSection={<IconPlus size={16} aria-hidden="true" />}
                  aria-label={`Agregar franja al ${nombre.toLowerCase()}`}
                  onClick={() => {
                    const ultima = delDia[delDia.length - 1];
                    cambiar((xs) => [
                      ...xs,
                      conClave(
                        ultima && ultima.hora_fin < '17:00'
                          ? {
                              dia_semana: dia,
                              hora_inicio: ultima.hora_fin < '13:00' ? '13:00' : ultima.hora_fin,
                              hora_fin: '18:00',
                            }
                          : { dia_semana: dia, hora_inicio: '08:00', hora_fin: '12:00' },
                      ),
                    ]);
                  }}
                >
                  Agregar franja
                </Button>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {intento && errores.size > 0 && (
        <Alert color="red" variant="light" role="alert">
          Revisa las franjas marcadas: {[...new Set(errores.values())].join(' ')}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          disabled={!sinGuardar || guardar.isPending}
          onClick={() => {
            setIntento(false);
            setEdicion({ base: guardado, franjas: guardado.map(conClave) });
          }}
        >
          Descartar cambios
        </Button>
        <Button
          onClick={enviar}
          loading={guardar.isPending}
          disabled={!sinGuardar}
          leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
        >
          Guardar horario
        </Button>
      </Group>
    </Stack>
  );
}
