// The appointment doctor's draft of the clinical note (issue 9, items 3-4): motivo, findings, procedure done with
// the products' lots and doses, indications, the prescription and the exam orders. 'Guardar borrador' keeps it;
// 'Firmar nota' saves it and, after a confirmation, signs it for good (the server refuses any later change).
// A note records a visit that happened (issue 21.8): before the appointment's start 'Firmar nota' is disabled and
// says from when it can be signed, while the draft can still be saved. The server decides: its 409s (not started
// yet, the appointment moved to another doctor, cancelled) show above the form if they happen anyway.
// A prescription or an exam order is signed with the doctor's professional registration number (Res. 1403 de 2007,
// issue 27.16): without one on her account, 'Firmar nota' is disabled for a note that carries them, and says why.
// A procedure appointment's note carries the injection chart (issue 24, item 2): its points go with every save.
import { evolucionDatosSchema, mensajeSinRegistroProfesional } from '@clinica/contracts/evoluciones';
import { finDeFrase } from '@clinica/contracts/tiempo';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconSignature, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { AlertaFallo } from '../../../lib/forms/alerta-fallo.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { TextoLargo, type TextoLargoProps } from '../../../lib/forms/texto-largo.tsx';
import { focusFirstInvalid, showServerErrors, zodFormOptions } from '../../../lib/forms/zod-form.ts';
import { useAuth } from '../../../lib/session/auth-context.tsx';
import { formatFecha, formatHora } from '../../../lib/tiempo.ts';
import { usePerfil } from '../../../lib/api/usuarios/get-perfil.ts';
import { useFirmarEvolucion } from '../../../lib/api/evoluciones/firmar-evolucion.ts';
import { useGuardarEvolucion } from '../../../lib/api/evoluciones/guardar-evolucion.ts';
import type { EvolucionBody, EvolucionWire } from '../../../lib/api/evoluciones/tipos.ts';
import { MapaFacialEditor } from './mapa-facial/mapa-facial-editor.tsx';
import { puntoDeAplicado, type PuntoBorrador } from './mapa-facial/modelo.ts';

type Valores = {
  motivo: string;
  hallazgos: string;
  procedimiento_realizado: string;
  indicaciones: string;
  productos: { nombre: string; lote: string; dosis: string }[];
  aplicaciones: PuntoBorrador[];
  formulas: { nombre: string; dosis: string; frecuencia: string; duracion: string }[];
  ordenes: { examen: string; indicaciones: string }[];
};

/** The note's free texts: what each asks, the lines it opens with and the schema's limit. */
const TEXTOS = {
  motivo: { label: 'Motivo de consulta', required: true, filas: 2, maximo: 2000 },
  hallazgos: { label: 'Hallazgos', description: 'Examen físico y lo que encontraste', filas: 3, maximo: 5000 },
  procedimiento_realizado: { label: 'Procedimiento realizado', filas: 2, maximo: 5000 },
  indicaciones: {
    label: 'Indicaciones',
    description: 'Lo que la paciente debe hacer después de la consulta',
    filas: 3,
    maximo: 5000,
  },
} satisfies Record<string, Omit<TextoLargoProps, 'value' | 'onChange'>>;

type Lista = 'productos' | 'formulas' | 'ordenes';

/** The note's repeatable groups: their heading, what one line is called, the text while empty and a blank line. */
const LISTAS = {
  productos: {
    titulo: 'Productos aplicados',
    linea: 'Producto',
    vacia: 'Sin productos. Agrega cada producto con su lote y dosis.',
    nueva: { nombre: '', lote: '', dosis: '' },
  },
  formulas: {
    titulo: 'Fórmula médica',
    linea: 'Medicamento',
    vacia: 'Sin medicamentos.',
    nueva: { nombre: '', dosis: '', frecuencia: '', duracion: '' },
  },
  ordenes: {
    titulo: 'Orden de exámenes',
    linea: 'Examen',
    vacia: 'Sin exámenes.',
    nueva: { examen: '', indicaciones: '' },
  },
} satisfies Record<Lista, { titulo: string; linea: string; vacia: string; nueva: Valores[Lista][number] }>;

function iniciales(nota: EvolucionWire | null, motivoCita: string | null): Valores {
  if (!nota) {
    return {
      motivo: motivoCita ?? '',
      hallazgos: '',
      procedimiento_realizado: '',
      indicaciones: '',
      productos: [],
      aplicaciones: [],
      formulas: [],
      ordenes: [],
    };
  }
  return {
    motivo: nota.motivo,
    hallazgos: nota.hallazgos,
    procedimiento_realizado: nota.procedimiento_realizado,
    indicaciones: nota.indicaciones,
    productos: nota.productos.map((p) => ({ ...p })),
    aplicaciones: nota.aplicaciones.map(puntoDeAplicado),
    formulas: nota.formulas.map(({ nombre, dosis, frecuencia, duracion }) => ({ nombre, dosis, frecuencia, duracion })),
    ordenes: nota.ordenes.map(({ examen, indicaciones }) => ({ examen, indicaciones })),
  };
}

/** setTimeout holds at most 2^31 - 1 ms (about 24.8 days); a longer wait is checked again then. */
const ESPERA_MAXIMA = 2 ** 31 - 1;

/** Whether `instante` is still ahead; turns false by itself when it arrives (a form left open until the start). */
function useAntesDe(instante: string): boolean {
  const objetivo = Date.parse(instante);
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    const falta = objetivo - ahora;
    if (!(falta > 0)) return;
    const t = setTimeout(() => setAhora(Date.now()), Math.min(falta, ESPERA_MAXIMA));
    return () => clearTimeout(t);
  }, [objetivo, ahora]);
  return ahora < objetivo;
}

/** 'dd/mm/aaaa h:mm a. m.' in the clinic's zone, as the server writes it in its 409. */
const fechaYHora = (instante: string) => `${formatFecha(instante)} ${formatHora(instante)}`;

/** A removable group of fields (one product, medication or exam). */
function Linea({ titulo, onQuitar, children }: { titulo: string; onQuitar: () => void; children: ReactNode }) {
  return (
    <Fieldset legend={titulo} p="sm">
      <Stack gap="xs">
        {children}
        <Group justify="flex-end">
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} aria-hidden="true" />}
            onClick={onQuitar}
          >
            Quitar
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * A repeatable group of the note (products, prescriptions, exam orders): its lines, each with the fields `campos`
 * draws for it and a 'Quitar' button, and the button that adds one.
 */
function ListaDeLineas({
  form,
  lista,
  campos,
}: {
  form: Pick<UseFormReturnType<Valores>, 'values' | 'insertListItem' | 'removeListItem'>;
  lista: Lista;
  campos: (i: number) => ReactNode;
}) {
  const { titulo, linea, vacia, nueva } = LISTAS[lista];
  const lineas = form.values[lista];
  return (
    <Stack gap="xs">
      <Text fw={600}>{titulo}</Text>
      {lineas.length === 0 && (
        <Text size="sm" c="dimmed">
          {vacia}
        </Text>
      )}
      {lineas.map((_, i) => (
        <Linea key={i} titulo={`${linea} ${i + 1}`} onQuitar={() => form.removeListItem(lista, i)}>
          {campos(i)}
        </Linea>
      ))}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => form.insertListItem(lista, { ...nueva })}
        >
          {`Agregar ${linea.toLowerCase()}`}
        </Button>
      </Group>
    </Stack>
  );
}

export function NotaEvolucionForm({
  citaId,
  inicioCita,
  nota,
  motivoCita,
  conMapa = false,
  onCancelar,
  onFirmada,
}: {
  citaId: number;
  /** The appointment's start (ISO instant): the note is signed from then on. */
  inicioCita: string;
  nota: EvolucionWire | null;
  motivoCita: string | null;
  /** A procedure appointment: the note carries the injection chart. */
  conMapa?: boolean;
  onCancelar?: () => void;
  /** After the note is signed (the signed note then replaces this form). */
  onFirmada?: () => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fallo, setFallo] = useState<{ titulo: string; mensaje: string } | null>(null);
  const antesDeLaCita = useAntesDe(inicioCita);
  const guardar = useGuardarEvolucion(citaId);
  const firmar = useFirmarEvolucion(citaId);
  const perfil = usePerfil(useAuth().userId);
  const form = useForm({
    initialValues: iniciales(nota, motivoCita),
    ...zodFormOptions({ schema: evolucionDatosSchema }),
  });
  const documentos = { formula: form.values.formulas.length > 0, orden: form.values.ordenes.length > 0 };
  // Known only once the account loaded; until then the server still refuses it with the same text.
  const sinRegistro =
    (documentos.formula || documentos.orden) && perfil.data !== undefined && !perfil.data.registro_profesional;

  const alertaRef = useRef<HTMLDivElement>(null);
  const alFallar = (titulo: string) => (err: unknown) => {
    if (Object.keys(showServerErrors(form, err)).length) focusFirstInvalid(formRef.current);
    // Otherwise the message (e.g. the chart's «Punto 3: …» or a lot short at signing) may be far above the buttons.
    else setTimeout(() => alertaRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }), 0);
    setFallo({ titulo, mensaje: mensajeDeError(err) });
  };
  const revisarMapa = Object.keys(form.errors).some((k) => k.startsWith('aplicaciones'));

  const guardarBorrador = (body: EvolucionBody) => {
    setFallo(null);
    guardar.mutate(
      { id: nota?.id ?? null, body },
      {
        onSuccess: () => {
          form.resetDirty();
          notifications.show({ color: 'green', message: 'Borrador guardado.' });
        },
        onError: alFallar('No pudimos guardar la nota'),
      },
    );
  };

  const firmarAhora = async (body: EvolucionBody) => {
    setFallo(null);
    let guardada: EvolucionWire;
    try {
      guardada = await guardar.mutateAsync({ id: nota?.id ?? null, body });
    } catch (err) {
      alFallar('No pudimos guardar la nota')(err);
      return;
    }
    try {
      await firmar.mutateAsync(guardada.id);
      notifications.show({ color: 'green', message: 'Nota firmada.' });
      onFirmada?.();
    } catch (err) {
      // The draft was saved; only the signature was refused (e.g. the appointment has not started).
      form.resetDirty();
      alFallar('No pudimos firmar la nota')(err);
    }
  };

  const pedirFirma = () => {
    const revision = form.validate();
    if (revision.hasErrors) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const body = form.getTransformedValues();
    modals.openConfirmModal({
      title: '¿Firmar la nota de evolución?',
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            Una vez firmada no se puede modificar.
          </Text>
          <Text size="sm">
            Si después necesitas corregir algo, lo agregas como una adenda con su fecha; la nota original sigue visible.
            La fórmula y la orden de exámenes se generan en PDF al firmar.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Firmar nota', cancel: 'Volver' },
      onConfirm: () => void firmarAhora(body),
    });
  };

  const enviando = guardar.isPending || firmar.isPending;

  // The fields of line i of each list.
  const camposProducto = (i: number) => (
    <>
      <TextInput label="Producto" required {...form.getInputProps(`productos.${i}.nombre`)} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" verticalSpacing="xs">
        <TextInput label="Lote" required {...form.getInputProps(`productos.${i}.lote`)} />
        <TextInput label="Dosis" required {...form.getInputProps(`productos.${i}.dosis`)} />
      </SimpleGrid>
    </>
  );
  const camposOrden = (i: number) => (
    <>
      <TextInput label="Examen" required {...form.getInputProps(`ordenes.${i}.examen`)} />
      <TextInput label="Indicaciones del examen" {...form.getInputProps(`ordenes.${i}.indicaciones`)} />
    </>
  );

  const camposFormula = (i: number) => (
    <>
      <TextInput label="Medicamento" required {...form.getInputProps(`formulas.${i}.nombre`)} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" verticalSpacing="xs">
        <TextInput label="Dosis" required {...form.getInputProps(`formulas.${i}.dosis`)} />
        <TextInput label="Frecuencia" required {...form.getInputProps(`formulas.${i}.frecuencia`)} />
        <TextInput label="Duración" required {...form.getInputProps(`formulas.${i}.duracion`)} />
      </SimpleGrid>
    </>
  );
  return (
    <form
      ref={formRef}
      onSubmit={(e) => form.onSubmit(guardarBorrador, () => focusFirstInvalid(formRef.current))(e)}
      noValidate
      aria-label="Nota de evolución"
    >
      <Stack gap="md">
        <div ref={alertaRef}>
          <AlertaFallo titulo={fallo?.titulo} mensaje={fallo?.mensaje} />
        </div>
        <TextoLargo {...TEXTOS.motivo} {...form.getInputProps('motivo')} />
        <TextoLargo {...TEXTOS.hallazgos} {...form.getInputProps('hallazgos')} />
        <TextoLargo {...TEXTOS.procedimiento_realizado} {...form.getInputProps('procedimiento_realizado')} />

        {conMapa && (
          <MapaFacialEditor
            puntos={form.values.aplicaciones}
            onChange={(puntos) => form.setFieldValue('aplicaciones', puntos)}
            guardados={nota?.aplicaciones ?? []}
            revisar={revisarMapa}
          />
        )}

        <ListaDeLineas form={form} lista="productos" campos={camposProducto} />

        <TextoLargo {...TEXTOS.indicaciones} {...form.getInputProps('indicaciones')} />

        <ListaDeLineas form={form} lista="formulas" campos={camposFormula} />

        <ListaDeLineas form={form} lista="ordenes" campos={camposOrden} />

        <Stack gap={6} align="flex-end">
          <Group justify="flex-end" gap="sm">
            {onCancelar && !nota && (
              <Button variant="default" onClick={onCancelar} disabled={enviando}>
                Cancelar
              </Button>
            )}
            <Button
              type="submit"
              variant="default"
              loading={guardar.isPending && !firmar.isPending}
              disabled={enviando}
              leftSection={<IconDeviceFloppy size={18} aria-hidden="true" />}
            >
              Guardar borrador
            </Button>
            <Button
              onClick={pedirFirma}
              loading={firmar.isPending}
              disabled={enviando || antesDeLaCita || sinRegistro}
              aria-describedby={
                [antesDeLaCita && `firma-desde-${citaId}`, sinRegistro && `sin-registro-${citaId}`]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              leftSection={<IconSignature size={18} aria-hidden="true" />}
            >
              Firmar nota
            </Button>
          </Group>
          {sinRegistro && (
            <Alert
              color="yellow"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden="true" />}
              title="Aún no puedes firmar esta nota"
              id={`sin-registro-${citaId}`}
              w="100%"
            >
              {mensajeSinRegistroProfesional(documentos)}
            </Alert>
          )}
          {antesDeLaCita && (
            <Text size="sm" c="dimmed" ta="right" id={`firma-desde-${citaId}`}>
              {finDeFrase(`Podrás firmarla desde el ${fechaYHora(inicioCita)}`)} Mientras tanto, guarda el borrador.
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
