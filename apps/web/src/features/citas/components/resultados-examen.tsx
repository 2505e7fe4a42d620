// "Resultados de exámenes" on the appointment's details (issue 9, item 4): the patient uploads their results
// (PDF, JPEG or PNG; on a phone the picker offers the camera too) to their own appointment, answering one of the
// exams the note ordered if they want; the patient and the appointment's doctor list and download them; the front
// desk sees only how many there are. The server checks everything (the file's bytes included) and notifies the
// doctor. Results are part of the clinical record: nobody deletes them.
import { ACEPTA_RESULTADO, RESULTADO_MAX_BYTES } from '@clinica/contracts/adjuntos-rutas';
import { Alert, Badge, Button, FileInput, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconFileText, IconLock, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { FechaHora } from '../../../components/fecha-hora.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { descargarArchivo } from '../../../lib/descargas.ts';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { useResultados } from '../../../lib/api/adjuntos/get-resultados.ts';
import { useSubirResultado } from '../../../lib/api/adjuntos/subir-resultado.ts';
import type { ResultadosDeCitaWire, ResultadoWire } from '../../../lib/api/adjuntos/tipos.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import classes from '../citas.module.css';
import { ErrorDeCarga, SeccionCita, usePapelEnCita } from './seccion-cita.tsx';

const MB = 1024 * 1024;
const tamano = (bytes: number) =>
  bytes >= MB ? `${(bytes / MB).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function Subir({ datos }: { datos: ResultadosDeCitaWire }) {
  const subir = useSubirResultado(datos.cita_id);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [orden, setOrden] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!archivo) return setError('Elige el archivo de tus resultados.');
    if (archivo.size > RESULTADO_MAX_BYTES) return setError('El archivo supera el máximo de 10 MB.');
    setError(null);
    subir.mutate(
      { archivo, ordenExamenId: orden ? Number(orden) : null },
      {
        onSuccess: () => {
          setArchivo(null);
          setOrden(null);
          notifications.show({ color: 'green', message: 'Resultado cargado. Tu doctor ya recibió el aviso.' });
        },
        onError: (err) => setError(mensajeDeError(err)),
      },
    );
  };
  return (
    <form onSubmit={enviar} noValidate aria-label="Subir resultados de exámenes">
      <Stack gap="sm">
        <FileInput
          label="Archivo de resultados"
          description="PDF, JPEG o PNG, hasta 10 MB. Desde el celular puedes tomar una foto del resultado."
          placeholder="Elige un archivo o toma una foto"
          accept={ACEPTA_RESULTADO}
          value={archivo}
          onChange={(f) => {
            setArchivo(f);
            setError(null);
          }}
          clearable
          leftSection={<IconFileText size={18} aria-hidden="true" />}
          error={error}
        />
        {datos.ordenes.length > 0 && (
          <Select
            label="¿De cuál examen ordenado es? (opcional)"
            placeholder="Sin examen específico"
            data={datos.ordenes.map((o) => ({ value: String(o.id), label: o.examen }))}
            value={orden}
            onChange={setOrden}
            clearable
          />
        )}
        <Group>
          <Button type="submit" loading={subir.isPending} leftSection={<IconUpload size={18} aria-hidden="true" />}>
            Subir resultado
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Resultado({ r }: { r: ResultadoWire }) {
  const [bajando, setBajando] = useState(false);
  const bajar = async () => {
    setBajando(true);
    try {
      await descargarArchivo(r.archivo_id!, r.nombre ?? 'resultado');
    } catch (err) {
      notifications.show({ color: 'red', title: 'No pudimos descargar el resultado', message: mensajeDeError(err) });
    } finally {
      setBajando(false);
    }
  };
  return (
    <Paper withBorder p="sm" component="li" className={classes.resultado}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} className={classes.resultadoTexto}>
          <Text size="sm" fw={600} className={classes.dato}>
            {r.nombre}
          </Text>
          <Text size="xs" c="dimmed">
            {r.examen ? `${r.examen} · ` : ''}Cargado el <FechaHora valor={r.subido_en} />
            {r.tamano !== null ? ` · ${tamano(r.tamano)}` : ''}
          </Text>
        </Stack>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconFileDownload size={16} aria-hidden="true" />}
          loading={bajando}
          onClick={() => void bajar()}
          aria-label={`Descargar ${r.nombre ?? 'resultado'}`}
        >
          Descargar
        </Button>
      </Group>
    </Paper>
  );
}

function Contenido({ cita, recepcion }: { cita: CitaWire; recepcion: boolean }) {
  const q = useResultados(cita.id);
  if (q.isPending) return <SkeletonLineas lineas={2} etiqueta="Cargando los resultados…" />;
  if (q.isError) return <ErrorDeCarga titulo="No se pudieron cargar los resultados" consulta={q} />;
  const datos = q.data;
  const n = datos.resultados.length;
  if (recepcion)
    return (
      <Group gap="xs">
        <Badge color={n ? 'teal' : 'gray'} variant="light">
          {n === 0 ? 'Sin resultados' : n === 1 ? '1 resultado cargado' : `${n} resultados cargados`}
        </Badge>
        <Text size="sm" c="dimmed">
          El contenido lo ven solo la paciente y su doctor.
        </Text>
      </Group>
    );
  return (
    <Stack gap="md">
      {n === 0 ? (
        <Text size="sm" c="dimmed">
          {datos.puede_subir ? 'Aún no has cargado resultados para esta cita.' : 'Aún no hay resultados cargados.'}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" className={classes.listaLimpia} aria-label="Resultados cargados">
          {datos.resultados.map((r) => (
            <Resultado key={r.id} r={r} />
          ))}
        </Stack>
      )}
      {datos.puede_subir && <Subir datos={datos} />}
    </Stack>
  );
}

export function ResultadosExamen({ cita }: { cita: CitaWire }) {
  const { esPaciente, esSuDoctor, recepcion } = usePapelEnCita(cita);
  if (!esPaciente && !esSuDoctor && !recepcion) return null;
  return (
    <SeccionCita id="resultados-titulo" titulo="Resultados de exámenes">
      <Contenido cita={cita} recepcion={recepcion} />
      {esPaciente && (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />} p="xs">
          <Text size="xs">
            Tus resultados son privados: solo tú y tu doctor pueden verlos. Quedan en tu historia clínica y no se
            borran.
          </Text>
        </Alert>
      )}
    </SeccionCita>
  );
}
