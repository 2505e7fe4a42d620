// What the record screens show instead of a record: the address names none they can open (the id is missing,
// wrong or of a record that does not exist), the person may not edit it, or the patient has not filled it yet.
import { IconFileCheck, IconFilePlus, IconLock } from '@tabler/icons-react';
import { BotonEnlace } from '../../../components/boton-enlace.tsx';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { paths } from '../../../lib/paths.ts';

const IrAlHistorial = () => <BotonEnlace a={paths.consultarHistorialMedico}>Ir al historial médico</BotonEnlace>;

export function HistoriaNoEncontrada() {
  return (
    <EstadoVacio
      titulo="No encontramos esta historia clínica"
      descripcion="Revisa que el enlace esté completo o búscala en el historial médico."
      accion={<IrAlHistorial />}
    />
  );
}

/** The details were opened without choosing a record in the list. */
export function SinHistoriaElegida({ titulo }: { titulo: string }) {
  return (
    <EstadoVacio
      titulo={titulo}
      descripcion="Elige una en el historial médico con el botón «Ver detalles»."
      accion={<IrAlHistorial />}
    />
  );
}

/** The API refused the edit (403): the doctor updates the record. */
export function SinPermisoDeEdicion() {
  return (
    <EstadoVacio
      icono={<IconLock size={26} stroke={1.6} aria-hidden="true" />}
      titulo="No puedes editar esta historia clínica"
      descripcion="La historia clínica la actualiza el médico. Cada cambio queda registrado con su autor y su fecha."
      accion={
        <BotonEnlace a={paths.consultarHistorialMedico} variant="light">
          Volver al historial médico
        </BotonEnlace>
      }
    />
  );
}

const INVITACION_A_LLENAR =
  'Llénala antes de tu primera valoración: toma unos 5 minutos y le ayuda a tu médico a cuidarte mejor.';

/** The patient has no record yet (404): she is invited to fill the intake; anyone else is told whose it is. */
export function HistoriaSinLlenar({ esPaciente }: { esPaciente: boolean }) {
  return (
    <EstadoVacio
      icono={<IconFilePlus size={26} stroke={1.6} aria-hidden="true" />}
      titulo="Aún no has llenado tu historia clínica"
      descripcion={esPaciente ? INVITACION_A_LLENAR : 'La historia clínica es de las pacientes de la clínica.'}
      accion={esPaciente && <BotonEnlace a={paths.crearHistorialClinico}>Llenar mi historia clínica</BotonEnlace>}
    />
  );
}

/** The patient opened the intake with her record already filled. */
export function HistoriaYaLlenada({ miRuta }: { miRuta: string }) {
  return (
    <EstadoVacio
      icono={<IconFileCheck size={26} stroke={1.6} aria-hidden="true" />}
      titulo="Ya llenaste tu historia clínica"
      descripcion="Puedes revisarla cuando quieras. Si algo cambió, cuéntaselo a tu médico en tu próxima cita."
      accion={<BotonEnlace a={miRuta}>Ver mi historia clínica</BotonEnlace>}
    />
  );
}
