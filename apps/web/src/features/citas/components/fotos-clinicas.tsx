// "Fotos de antes y después" on the appointment's details (issue 9, item 6): the appointment's doctor, or the
// front desk at the doctor's request, attaches a photo labelled antes/después with its zone (and, optionally, the
// injection chart's zone, issue 24 item 5), only while the
// patient's signed consent allows photos (otherwise the reason is shown and the form is not); the patient and the
// doctor see them side by side by zone; the front desk sees that they exist. The server strips EXIF (location).
import { ACEPTA_FOTO, FOTO_MAX_BYTES, ZONA_MAX, type EtiquetaFoto } from '@clinica/contracts/adjuntos-rutas';
import { ZONAS_FACIALES, zonaFacialNombres, type ZonaFacial } from '@clinica/contracts/mapa-facial';
import { Alert, Button, FileInput, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCamera, IconLock, IconUpload } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ComparacionFotos } from '../../../components/comparacion-fotos.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { useFotos } from '../../../lib/api/adjuntos/get-fotos.ts';
import { useSubirFoto } from '../../../lib/api/adjuntos/subir-foto.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { ErrorDeCarga, SeccionCita, usePapelEnCita } from './seccion-cita.tsx';

const OPCIONES_ZONA = ZONAS_FACIALES.map((z) => ({ value: z, label: zonaFacialNombres[z] }));

function Agregar({ citaId }: { citaId: number }) {
  const subir = useSubirFoto(citaId);
  const [archivo, setArchivo] = useState<File | null>(null);
  const [etiqueta, setEtiqueta] = useState<EtiquetaFoto>('antes');
  const [zona, setZona] = useState('');
  const [zonaMapa, setZonaMapa] = useState<ZonaFacial | null>(null);
  const [errores, setErrores] = useState<{ archivo?: string; zona?: string; general?: string }>({});
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const nuevos: typeof errores = {};
    if (!archivo) nuevos.archivo = 'Elige o toma la foto.';
    else if (archivo.size > FOTO_MAX_BYTES) nuevos.archivo = 'La foto supera el máximo de 10 MB.';
    if (!zona.trim()) nuevos.zona = 'Escribe la zona del cuerpo de la foto (por ejemplo, Frente).';
    setErrores(nuevos);
    if (nuevos.archivo || nuevos.zona) return;
    subir.mutate(
      { archivo: archivo!, etiqueta, zona: zona.trim(), zonaMapa },
      {
        onSuccess: () => {
          setArchivo(null);
          notifications.show({
            color: 'green',
            message: 'Foto guardada en la historia clínica, sin datos de ubicación.',
          });
        },
        onError: (err) => setErrores({ general: mensajeDeError(err) }),
      },
    );
  };
  return (
    <form onSubmit={enviar} noValidate aria-label="Agregar una foto clínica">
      <Stack gap="sm">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="foto-etiqueta">
            Momento
          </Text>
          <SegmentedControl
            aria-labelledby="foto-etiqueta"
            value={etiqueta}
            onChange={(v) => setEtiqueta(v as EtiquetaFoto)}
            data={[
              { value: 'antes', label: 'Antes' },
              { value: 'despues', label: 'Después' },
            ]}
          />
        </Stack>
        <TextInput
          label="Zona"
          placeholder="Por ejemplo, Frente"
          value={zona}
          maxLength={ZONA_MAX}
          onChange={(e) => setZona(e.currentTarget.value)}
          error={errores.zona}
        />
        <Select
          label="Zona del mapa facial"
          description="Opcional. Con ella la historia compara esta zona de visita en visita."
          placeholder="Sin zona del mapa"
          data={OPCIONES_ZONA}
          value={zonaMapa}
          onChange={(v) => {
            const nueva = (v as ZonaFacial | null) ?? null;
            setZonaMapa(nueva);
            // The free-text zone starts as the chart zone's name; the doctor may still write her own.
            if (nueva && !zona.trim()) setZona(zonaFacialNombres[nueva]);
          }}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': 'Quitar la zona del mapa' }}
          nothingFoundMessage="Ninguna zona con ese nombre"
        />
        <FileInput
          label="Foto"
          description="JPEG, PNG o WebP, hasta 10 MB. Se guarda sin ubicación ni datos del dispositivo."
          placeholder="Elige o toma la foto"
          accept={ACEPTA_FOTO}
          value={archivo}
          onChange={setArchivo}
          clearable
          leftSection={<IconCamera size={18} aria-hidden="true" />}
          error={errores.archivo}
        />
        {errores.general && (
          <Alert color="red" variant="light" role="alert">
            {errores.general}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={subir.isPending} leftSection={<IconUpload size={18} aria-hidden="true" />}>
            Guardar foto
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Contenido({ cita, recepcion }: { cita: CitaWire; recepcion: boolean }) {
  const q = useFotos(cita.id);
  if (q.isPending) return <SkeletonLineas lineas={2} etiqueta="Cargando las fotos…" />;
  if (q.isError) return <ErrorDeCarga titulo="No se pudieron cargar las fotos" consulta={q} />;
  const datos = q.data;
  return (
    <Stack gap="md">
      {datos.fotos.length === 0 ? (
        <Text size="sm" c="dimmed">
          Aún no hay fotos de esta cita.
        </Text>
      ) : recepcion ? (
        <Text size="sm">
          {datos.fotos.length === 1 ? '1 foto guardada' : `${datos.fotos.length} fotos guardadas`}. Las imágenes las ven
          solo la paciente y su doctor.
        </Text>
      ) : (
        <ComparacionFotos fotos={datos.fotos} />
      )}
      {datos.motivo_sin_permiso && (
        <Alert color="yellow" variant="light" icon={<IconLock aria-hidden="true" />}>
          {datos.motivo_sin_permiso}
        </Alert>
      )}
      {datos.puede_subir && <Agregar citaId={cita.id} />}
    </Stack>
  );
}

export function FotosClinicas({ cita }: { cita: CitaWire }) {
  const { esPaciente, esSuDoctor, recepcion } = usePapelEnCita(cita);
  if (!esPaciente && !esSuDoctor && !recepcion) return null;
  return (
    <SeccionCita id="fotos-titulo" titulo="Fotos de antes y después">
      <Contenido cita={cita} recepcion={recepcion} />
    </SeccionCita>
  );
}
