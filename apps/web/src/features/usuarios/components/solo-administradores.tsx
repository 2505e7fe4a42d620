// Shown instead of a user administration screen to a role that cannot use it (the server would refuse them anyway).
import { SinAcceso } from '../../../components/sin-acceso.tsx';

export function SoloAdministradores() {
  return (
    <SinAcceso descripcion="Las cuentas de la clínica las administra el administrador. Si necesitas crear o modificar una, pídeselo." />
  );
}
