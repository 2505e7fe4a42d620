// What the record screens show when the address names no record they can open: the id is missing, wrong or of a
// record that does not exist. Both point back to the staff's list of records.
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EstadoVacio } from '../../../components/estado-vacio.tsx';
import { paths } from '../../../lib/paths.ts';

function IrAlHistorial() {
  return (
    <Button component={Link} to={paths.consultarHistorialMedico}>
      Ir al historial médico
    </Button>
  );
}

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
