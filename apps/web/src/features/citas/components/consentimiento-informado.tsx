// The informed consent on the appointment's details (issue 9, item 5): its status (pendiente, firmado on a date,
// revocado), and for the patient (or the assistant at the desk, with the patient signing) the text to read, the
// drawn signature, "He leído y entiendo…" and the photo answer. Once signed: download the PDF (patient and
// doctor) and check it against the hash recorded at signing. The patient may revoke it. The server checks all.
// Signing replaces the form with the signed consent, which takes the focus and the screen (issue 27.10); a message
// under a field goes away as soon as that field is right.
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDeviceTablet,
  IconFileDownload,
  IconLock,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EstadoError } from '../../../components/estado-error.tsx';
import { SkeletonLineas } from '../../../components/skeletons.tsx';
import { descargarArchivo } from '../../../lib/descargas.ts';
import { enfocarEnVista } from '../../../lib/foco.ts';
import { mensajeDeError } from '../../../lib/forms/field-errors.ts';
import { formatFechaHora } from '../../../lib/tiempo.ts';
import type { CitaWire } from '../../../lib/api/citas/tipos.ts';
import { useFirmarConsentimiento } from '../../../lib/api/consentimientos/firmar-consentimiento.ts';
import { useConsentimiento } from '../../../lib/api/consentimientos/get-consentimiento.ts';
import { useRevocarConsentimiento } from '../../../lib/api/consentimientos/revocar-consentimiento.ts';
import type { ConsentimientoDeCitaWire, ConsentimientoWire } from '../../../lib/api/consentimientos/tipos.ts';
import { useVerificacion } from '../../../lib/api/consentimientos/verificar-consentimiento.ts';
import classes from '../citas.module.css';
import { FirmaPad } from './firma-pad.tsx';
import { ErrorDeCarga, SeccionCita, usePapelEnCita } from './seccion-cita.tsx';

function Verificacion({ id }: { id: number }) {
  const v = useVerificacion(id);
  if (v.isPending) return <Text size="sm">Verificando el documento…</Text>;
  if (v.isError)
    return (
      <Text size="sm" c="red">
        No pudimos verificar el documento: {mensajeDeError(v.error)}
      </Text>
    );
  return v.data.integro ? (
    <Alert color="teal" variant="light" icon={<IconShieldCheck aria-hidden="true" />} role="status">
      Verificado: el documento no ha cambiado desde la firma.
    </Alert>
  ) : (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} role="alert">
      Atención: el documento guardado no coincide con el que se firmó. Avisa a la clínica.
    </Alert>
  );
}

function Firmado({ c, puedeRevocar, enfocar }: { c: ConsentimientoWire; puedeRevocar: boolean; enfocar: boolean }) {
  const raiz = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enfocar) enfocarEnVista(raiz.current);
  }, [enfocar]);
  const [verificando, setVerificando] = useState(false);
  const [descargando, setDescargando] = useState(false);
  const revocar = useRevocarConsentimiento(c.cita_id);
  const bajar = async () => {
    setDescargando(true);
    try {
      await descargarArchivo(c.pdf!.archivo_id, `consentimiento-informado-cita-${c.cita_id}.pdf`);
    } catch (err) {
      notifications.show({ color: 'red', title: 'No pudimos descargar el documento', message: mensajeDeError(err) });
    } finally {
      setDescargando(false);
    }
  };
  const confirmarRevocacion = () => {
    let motivo = '';
    modals.openConfirmModal({
      title: '¿Revocar tu consentimiento?',
      children: (
        <Stack gap="sm">
          <Text size="sm">
            El consentimiento firmado queda guardado y se registra la fecha de tu revocación. Sin un consentimiento
            vigente no se puede realizar el procedimiento.
          </Text>
          <Textarea label="Motivo (opcional)" maxLength={1000} onChange={(e) => (motivo = e.currentTarget.value)} />
        </Stack>
      ),
      labels: { confirm: 'Revocar consentimiento', cancel: 'Volver' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revocar.mutate(
          { id: c.id, motivo },
          {
            onSuccess: () => notifications.show({ color: 'green', message: 'Tu consentimiento quedó revocado.' }),
            onError: (err) =>
              notifications.show({ color: 'red', title: 'No pudimos revocarlo', message: mensajeDeError(err) }),
          },
        ),
    });
  };
  return (
    <Stack gap="sm" ref={raiz} tabIndex={enfocar ? -1 : undefined} className={classes.enfocable}>
      <Group gap="xs">
        {c.estado === 'firmado' ? (
          <Badge color="teal" variant="light" leftSection={<IconLock size={12} aria-hidden="true" />}>
            Firmado
          </Badge>
        ) : (
          <Badge color="red" variant="light">
            Revocado
          </Badge>
        )}
        {c.otro_procedimiento && (
          <Badge color="orange" variant="light">
            De otro procedimiento
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          Firmado el {formatFechaHora(c.firmado_en)} · versión {c.plantilla_version}
          {c.acepta_fotos !== null && (c.acepta_fotos ? ' · autoriza fotos' : ' · no autoriza fotos')}
        </Text>
      </Group>
      {c.revocado_en && (
        <Text size="sm">
          Revocado el {formatFechaHora(c.revocado_en)}
          {c.motivo_revocacion ? `: ${c.motivo_revocacion}` : '.'}
        </Text>
      )}
      {c.otro_procedimiento && (
        <Text size="sm">
          Se firmó para el procedimiento que tenía antes la cita. Como el procedimiento cambió, hace falta firmar el
          consentimiento del procedimiento actual.
        </Text>
      )}
      {/* DOMAIN.md: the assistant never reads clinical content, so the signed PDF is not theirs to download. */}
      {!c.pdf && (
        <Text size="sm" c="dimmed">
          El PDF firmado es parte de la historia clínica: lo descargan la paciente desde su cuenta y el doctor de la
          cita.
        </Text>
      )}
      {c.pdf && (
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileDownload size={18} aria-hidden="true" />}
            loading={descargando}
            onClick={() => void bajar()}
          >
            Descargar PDF del consentimiento
          </Button>
          {!verificando && (
            <Button
              variant="default"
              leftSection={<IconShieldCheck size={18} aria-hidden="true" />}
              onClick={() => setVerificando(true)}
            >
              Verificar documento
            </Button>
          )}
          {puedeRevocar && c.estado === 'firmado' && (
            <Button variant="subtle" color="red" onClick={confirmarRevocacion} loading={revocar.isPending}>
              Revocar consentimiento
            </Button>
          )}
        </Group>
      )}
      {verificando && <Verificacion id={c.id} />}
      {c.pdf && (
        <Text size="xs" c="dimmed" className={classes.dato}>
          Huella SHA-256 del PDF: {c.pdf.sha256}
        </Text>
      )}
    </Stack>
  );
}

/**
 * How the consent is signed: in the patient's own session, at the desk in the assistant's session, or on the tablet
 * her doctor hands her (issue 27.9): the patient signs in all three; the record says who presented it.
 */
type ModoFirma = 'propio' | 'recepcion' | 'tableta';

function Firmar({
  datos,
  modo,
  onFirmado,
}: {
  datos: ConsentimientoDeCitaWire;
  modo: ModoFirma;
  onFirmado?: (id: number) => void;
}) {
  const plantilla = datos.plantilla!;
  const firmar = useFirmarConsentimiento(datos.cita_id);
  const [firma, setFirma] = useState<string | null>(null);
  const [entiende, setEntiende] = useState(false);
  const [fotos, setFotos] = useState(false);
  const [errores, setErrores] = useState<{ firma?: string; entiende?: string; general?: string }>({});

  const enviar = (e: FormEvent) => {
    e.preventDefault();
    const nuevos: typeof errores = {};
    if (!firma) nuevos.firma = 'Dibuja tu firma en el recuadro';
    if (!entiende) nuevos.entiende = 'Confirma que leíste y entiendes el consentimiento';
    setErrores(nuevos);
    if (nuevos.firma || nuevos.entiende) return;
    firmar.mutate(
      { plantilla_version: plantilla.version, firma: firma!, entiende: true, acepta_fotos: fotos },
      {
        onSuccess: (c) => {
          notifications.show({ color: 'green', message: 'Consentimiento firmado.' });
          onFirmado?.(c.id);
        },
        onError: (err) => setErrores({ general: mensajeDeError(err) }),
      },
    );
  };

  return (
    <form onSubmit={enviar} noValidate aria-label="Firmar el consentimiento informado">
      <Stack gap="md">
        {modo === 'recepcion' && (
          <Alert color="blue" variant="light">
            Entrega el dispositivo a la paciente o al paciente: debe leer el texto y firmar con su propia mano.
          </Alert>
        )}
        {modo === 'tableta' && (
          <Text size="sm">
            Lee con calma el texto. Si tienes preguntas, hazlas a tu doctor antes de firmar. Cuando termines, devuelve
            la tableta.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {datos.procedimiento?.nombre} · versión {plantilla.version} del texto
        </Text>
        <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
          <Text size="sm" className={classes.textoConsentimiento} tabIndex={0} aria-label="Texto del consentimiento">
            {plantilla.texto}
          </Text>
        </ScrollArea.Autosize>
        <FirmaPad
          onChange={(f) => {
            setFirma(f);
            if (f) setErrores((e) => ({ ...e, firma: undefined }));
          }}
          error={errores.firma ?? null}
          disabled={firmar.isPending}
        />
        <Checkbox
          label="He leído y entiendo este consentimiento: sus riesgos, alternativas y cuidados. Pude hacer preguntas y acepto el procedimiento."
          checked={entiende}
          onChange={(e) => {
            const marcado = e.currentTarget.checked;
            setEntiende(marcado);
            if (marcado) setErrores((e) => ({ ...e, entiende: undefined }));
          }}
          error={errores.entiende}
        />
        <Checkbox
          label="Autorizo fotografías clínicas (antes y después) de la zona tratada, de uso privado en mi historia clínica."
          checked={fotos}
          onChange={(e) => setFotos(e.currentTarget.checked)}
        />
        {errores.general && (
          <Alert color="red" variant="light" role="alert">
            {errores.general}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={firmar.isPending}
            leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
          >
            Firmar consentimiento
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The doctor's tablet handed to the patient (issue 27.9): the text, the signature pad and the answers, full screen,
 * with nothing else of the doctor's screen in view. The patient signs; the doctor's session presents it.
 */
export function FirmaEnTableta({ cita, abierta, onClose }: { cita: CitaWire; abierta: boolean; onClose: () => void }) {
  const q = useConsentimiento(cita.id, abierta);
  const datos = q.data;
  let cuerpo;
  if (q.isPending) cuerpo = <SkeletonLineas lineas={4} etiqueta="Cargando el consentimiento…" />;
  else if (q.isError) cuerpo = <EstadoError mensaje={q.error.message} onRetry={() => void q.refetch()} />;
  else if (!datos?.plantilla)
    cuerpo = (
      <Alert color="yellow" variant="light">
        Este procedimiento aún no tiene texto de consentimiento. Pide a la clínica que lo agregue.
      </Alert>
    );
  else cuerpo = <Firmar datos={datos} modo="tableta" onFirmado={onClose} />;
  return (
    <Modal
      opened={abierta}
      onClose={onClose}
      fullScreen
      title={
        <Stack gap={2}>
          <Text fw={700} fz="h3" ff="heading">
            Consentimiento informado
          </Text>
          <Text size="sm" c="dimmed">
            {cita.usuario.nombre} · {cita.procedimiento?.nombre ?? 'Procedimiento'}
          </Text>
        </Stack>
      }
      closeButtonProps={{ 'aria-label': 'Cerrar y volver a la cita' }}
    >
      <Container size="md" px={0}>
        {cuerpo}
      </Container>
    </Modal>
  );
}

function Contenido({
  cita,
  esPaciente,
  enRecepcion,
  esSuDoctor,
  onEntregarTableta,
}: {
  cita: CitaWire;
  esPaciente: boolean;
  enRecepcion: boolean;
  esSuDoctor: boolean;
  /** Her doctor, on the appointment's day only (the server refuses the tablet on any other). */
  onEntregarTableta?: (() => void) | undefined;
}) {
  const q = useConsentimiento(cita.id);
  // The consent signed on this screen: it takes the focus once it shows.
  const [recien, setRecien] = useState<number | null>(null);
  if (q.isPending) return <SkeletonLineas lineas={3} etiqueta="Cargando el consentimiento…" />;
  if (q.isError) return <ErrorDeCarga titulo="No se pudo cargar el consentimiento" consulta={q} />;
  const datos = q.data;
  const vigente = datos.consentimientos.find((c) => c.estado === 'firmado' && !c.otro_procedimiento);
  const abierta = cita.estado === 'pendiente' || cita.estado === 'confirmada';
  const puedeFirmar = (esPaciente || enRecepcion) && abierta && !vigente;
  return (
    <Stack gap="md">
      {!vigente && (
        <Group gap="xs">
          <Badge color="yellow" variant="light">
            Pendiente
          </Badge>
          <Text size="sm" c="dimmed">
            Falta la firma del consentimiento informado antes del procedimiento.
          </Text>
        </Group>
      )}
      {datos.consentimientos.map((c) => (
        <Firmado key={c.id} c={c} puedeRevocar={esPaciente} enfocar={c.id === recien} />
      ))}
      {/* Issue 27.9: her doctor hands the patient the tablet (the doctor's own session presents it). */}
      {onEntregarTableta && abierta && !vigente && datos.plantilla && (
        <Group gap="sm">
          <Button leftSection={<IconDeviceTablet size={18} aria-hidden="true" />} onClick={onEntregarTableta}>
            Firmar en esta tableta
          </Button>
          <Text size="sm" c="dimmed">
            Entrégale la tableta a la paciente: lee y firma con su propia mano; queda registrado que tú lo presentaste.
          </Text>
        </Group>
      )}
      {esSuDoctor && !onEntregarTableta && abierta && !vigente && datos.plantilla && (
        <Text size="sm" c="dimmed">
          El día de la cita podrás entregarle tu tableta para que lo firme. Antes, puede firmarlo desde su cuenta o en
          recepción.
        </Text>
      )}
      {puedeFirmar &&
        (datos.plantilla ? (
          <Firmar datos={datos} modo={enRecepcion ? 'recepcion' : 'propio'} onFirmado={setRecien} />
        ) : (
          <Alert color="yellow" variant="light">
            Este procedimiento aún no tiene texto de consentimiento. Pide a la clínica que lo agregue.
          </Alert>
        ))}
    </Stack>
  );
}

/** Shown only on procedure appointments: evaluations and controls need no consent. */
export function ConsentimientoInformado({
  cita,
  onEntregarTableta,
}: {
  cita: CitaWire;
  /** Her doctor's screen: opens the signing on this device for the patient (FirmaEnTableta). */
  onEntregarTableta?: () => void;
}) {
  const { esPaciente, esSuDoctor, recepcion: enRecepcion } = usePapelEnCita(cita);
  if (cita.tipo !== 'procedimiento') return null;
  return (
    <SeccionCita id="consentimiento-titulo" titulo="Consentimiento informado">
      {esPaciente || esSuDoctor || enRecepcion ? (
        <Contenido
          cita={cita}
          esPaciente={esPaciente}
          enRecepcion={enRecepcion}
          esSuDoctor={esSuDoctor}
          onEntregarTableta={esSuDoctor ? onEntregarTableta : undefined}
        />
      ) : (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />}>
          El consentimiento informado lo ven la paciente, su doctor y recepción.
        </Alert>
      )}
    </SeccionCita>
  );
}
