// The clinical note of an appointment on its details screen (issue 9, items 3-4). The appointment's doctor
// writes the draft, signs it and adds dated addenda; other doctors read signed notes; the patient reads their
// own signed note with its addenda and downloads the prescription and exam order. Assistants and
// administrators never see clinical content (DOMAIN.md), so nothing is asked for them.
// Signing replaces the long form with the signed note, which takes the focus and the screen (issue 27.10).
import { Alert, Badge, Button, Divider, Group, List, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileDownload, IconLock, IconNotes, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { descargarArchivo } from '../../../lib/descargas.ts';
import { enfocarEnVista } from '../../../lib/foco.ts';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { useAgregarAdenda } from '../../../lib/api/evoluciones/agregar-adenda.ts';
import { useEvolucion } from '../../../lib/api/evoluciones/get-evolucion.ts';
import type { EvolucionWire } from '../../../lib/api/evoluciones/tipos.ts';
import classes from '../citas.module.css';
import { Dato } from '../../../components/dato.tsx';
import { NotaEvolucionForm } from './nota-evolucion-form.tsx';
import { MapaFacialLectura } from './mapa-facial/mapa-facial-lectura.tsx';
import { ErrorDeCarga, SeccionCita, usePapelEnCita } from './seccion-cita.tsx';
import { AccionesDialogo } from '../../../components/acciones-dialogo.tsx';

const MAX_ADENDA = 5000;

function Descargas({ nota }: { nota: EvolucionWire }) {
  const [descargando, setDescargando] = useState<number | null>(null);
  const documentos = [
    { doc: nota.receta, etiqueta: 'Descargar fórmula médica', nombre: `formula-medica-cita-${nota.cita_id}.pdf` },
    {
      doc: nota.orden_examenes,
      etiqueta: 'Descargar orden de exámenes',
      nombre: `orden-examenes-cita-${nota.cita_id}.pdf`,
    },
  ].filter((d) => d.doc);
  if (!documentos.length) return null;
  const bajar = async (id: number, nombre: string) => {
    setDescargando(id);
    try {
      await descargarArchivo(id, nombre);
    } catch (err) {
      notifications.show({ color: 'red', title: 'No pudimos descargar el documento', message: mensajeDeError(err) });
    } finally {
      setDescargando(null);
    }
  };
  return (
    <Group gap="sm">
      {documentos.map(({ doc, etiqueta, nombre }) => (
        <Button
          key={doc!.archivo_id}
          variant="light"
          leftSection={<IconFileDownload size={18} aria-hidden="true" />}
          loading={descargando === doc!.archivo_id}
          onClick={() => void bajar(doc!.archivo_id, nombre)}
        >
          {etiqueta}
        </Button>
      ))}
    </Group>
  );
}

/** A signed note as it was signed, its documents and its addenda; `enfocar`: it was just signed here. */
export function NotaFirmada({
  nota,
  puedeAdenda,
  enfocar = false,
}: {
  nota: EvolucionWire;
  puedeAdenda: boolean;
  enfocar?: boolean;
}) {
  const raiz = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enfocar) enfocarEnVista(raiz.current);
  }, [enfocar]);
  return (
    <Stack gap="md" ref={raiz} tabIndex={enfocar ? -1 : undefined} className={classes.enfocable}>
      <Group gap="xs">
        <Badge color="teal" variant="light" leftSection={<IconLock size={12} aria-hidden="true" />}>
          Firmada
        </Badge>
        <Text size="sm" c="dimmed">
          Por {nota.autor.nombre} el {formatFechaHora(nota.firmada_en!)}
        </Text>
      </Group>
      <Stack gap="md">
        <Dato etiqueta="Motivo de consulta">{nota.motivo}</Dato>
        {nota.hallazgos && <Dato etiqueta="Hallazgos">{nota.hallazgos}</Dato>}
        {nota.procedimiento_realizado && <Dato etiqueta="Procedimiento realizado">{nota.procedimiento_realizado}</Dato>}
        {nota.productos.length > 0 && (
          <Dato etiqueta="Productos aplicados">
            <List size="sm">
              {nota.productos.map((p, i) => (
                <List.Item key={i}>
                  {p.nombre} · lote {p.lote} · {p.dosis}
                </List.Item>
              ))}
            </List>
          </Dato>
        )}
        {nota.aplicaciones.length > 0 && (
          <Dato etiqueta="Mapa de aplicación">
            <MapaFacialLectura aplicaciones={nota.aplicaciones} />
          </Dato>
        )}
        {nota.indicaciones && <Dato etiqueta="Indicaciones">{nota.indicaciones}</Dato>}
        {nota.formulas.length > 0 && (
          <Dato etiqueta="Fórmula médica">
            <List size="sm" type="ordered">
              {nota.formulas.map((f) => (
                <List.Item key={f.id}>
                  <Text span fw={600} size="sm">
                    {f.nombre}
                  </Text>
                  : {f.dosis}, {f.frecuencia}, durante {f.duracion}
                </List.Item>
              ))}
            </List>
          </Dato>
        )}
        {nota.ordenes.length > 0 && (
          <Dato etiqueta="Exámenes ordenados">
            <List size="sm" type="ordered">
              {nota.ordenes.map((o) => (
                <List.Item key={o.id}>
                  {o.examen}
                  {o.indicaciones ? ` (${o.indicaciones})` : ''}
                </List.Item>
              ))}
            </List>
          </Dato>
        )}
      </Stack>
      <Descargas nota={nota} />
      <Adendas nota={nota} puedeAgregar={puedeAdenda} />
      <Text size="xs" c="dimmed" className={classes.dato}>
        Huella SHA-256 de la nota: {nota.hash_contenido}
      </Text>
    </Stack>
  );
}

function Adendas({ nota, puedeAgregar }: { nota: EvolucionWire; puedeAgregar: boolean }) {
  const [texto, setTexto] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [abierta, setAbierta] = useState(false);
  const agregar = useAgregarAdenda(nota.cita_id);
  const enviar = (e: FormEvent) => {
    e.preventDefault();
    if (!texto.trim()) {
      setError('Escribe la adenda');
      return;
    }
    agregar.mutate(
      { id: nota.id, texto: texto.trim() },
      {
        onSuccess: () => {
          setTexto('');
          setError(null);
          setAbierta(false);
          notifications.show({ color: 'green', message: 'Adenda agregada.' });
        },
        onError: (err) => setError(mensajeDeError(err)),
      },
    );
  };
  if (!nota.adendas.length && !puedeAgregar) return null;
  return (
    <Stack gap="sm">
      <Divider />
      <Title order={4} fz="h5">
        Adendas
      </Title>
      {nota.adendas.length === 0 ? (
        <Text size="sm" c="dimmed">
          Sin adendas. Si necesitas corregir o completar la nota, agrégalas aquí; la nota firmada no cambia.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {nota.adendas.map((a) => (
            <Timeline.Item key={a.id} title={formatFechaHora(a.creada_en)}>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} className={classes.dato}>
                {a.texto}
              </Text>
              <Text size="xs" c="dimmed">
                {a.autor.nombre}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {puedeAgregar &&
        (abierta ? (
          <form onSubmit={enviar} noValidate aria-label="Agregar adenda">
            <Stack gap="xs">
              <Textarea
                label="Adenda"
                description="Queda con la fecha y la hora de hoy, debajo de la nota original."
                required
                autosize
                minRows={3}
                maxLength={MAX_ADENDA}
                value={texto}
                error={error}
                onChange={(e) => {
                  setTexto(e.currentTarget.value);
                  if (error) setError(null);
                }}
              />
              <AccionesDialogo volver="Cancelar" onVolver={() => setAbierta(false)} ocupado={agregar.isPending}>
                <Button type="submit" loading={agregar.isPending}>
                  Guardar adenda
                </Button>
              </AccionesDialogo>
            </Stack>
          </form>
        ) : (
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden="true" />}
              onClick={() => setAbierta(true)}
            >
              Agregar adenda
            </Button>
          </Group>
        ))}
    </Stack>
  );
}

function Contenido({ cita, esSuDoctor, esPaciente }: { cita: CitaWire; esSuDoctor: boolean; esPaciente: boolean }) {
  const consulta = useEvolucion(cita.id);
  const [escribiendo, setEscribiendo] = useState(false);
  const [firmadaAqui, setFirmadaAqui] = useState(false);
  if (consulta.isPending) return <SkeletonLineas lineas={3} etiqueta="Cargando la nota de evolución…" />;
  if (consulta.isError) return <ErrorDeCarga titulo="No se pudo cargar la nota de evolución" consulta={consulta} />;
  const nota = consulta.data.evolucion;
  if (nota?.estado === 'firmada') return <NotaFirmada nota={nota} puedeAdenda={esSuDoctor} enfocar={firmadaAqui} />;
  if (esSuDoctor && cita.estado !== 'cancelada') {
    if (nota || escribiendo) {
      return (
        <Stack gap="sm">
          {nota && (
            <Badge color="yellow" variant="light">
              Borrador: solo tú lo ves hasta que lo firmes
            </Badge>
          )}
          <NotaEvolucionForm
            citaId={cita.id}
            inicioCita={cita.inicio}
            nota={nota}
            motivoCita={cita.motivo}
            conMapa={cita.tipo === 'procedimiento'}
            onCancelar={() => setEscribiendo(false)}
            onFirmada={() => setFirmadaAqui(true)}
          />
        </Stack>
      );
    }
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm" c="dimmed">
          Esta cita aún no tiene nota de evolución. Para marcarla como realizada, escribe y firma su nota.
        </Text>
        <Button leftSection={<IconNotes size={18} aria-hidden="true" />} onClick={() => setEscribiendo(true)}>
          Escribir nota de evolución
        </Button>
      </Stack>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {esPaciente
        ? 'Cuando tu doctor firme la nota de esta cita, la verás aquí con tus indicaciones y tu fórmula.'
        : 'Esta cita aún no tiene una nota de evolución firmada.'}
    </Text>
  );
}

/** The section, for whoever may see clinical content of this appointment. */
export function NotaEvolucion({ cita }: { cita: CitaWire }) {
  const { rol, esSuDoctor, esPaciente } = usePapelEnCita(cita);
  const lee = rol === 'doctor' || esPaciente;
  return (
    <SeccionCita id="nota-evolucion-titulo" titulo="Nota de evolución">
      {lee ? (
        <Contenido cita={cita} esSuDoctor={esSuDoctor} esPaciente={esPaciente} />
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />}>
          La nota de evolución es información clínica: solo la ven los doctores y la paciente.
        </Alert>
      )}
    </SeccionCita>
  );
}
