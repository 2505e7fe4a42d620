// Identity rules: registration, sign-in with lockout, sessions, own profile and user administration
// (DOMAIN.md "People and roles"; QUALITY.md security bars). Never sees request/reply. One service for the routes,
// composed of parts by reason to change: sessions and lockouts (sesion.service.ts), the owner's account
// (cuenta.service.ts), the e-mail change (cambio-correo.service.ts) and staff administration
// (administracion.service.ts); what they share is in usuarios.reglas.ts.
import { createAdministracionService } from './administracion.service.ts';
import { createCambioCorreoService } from './cambio-correo.service.ts';
import { createCuentaService } from './cuenta.service.ts';
import { createSesionService } from './sesion.service.ts';
import { createCuentaComun, type UsuariosServiceDeps } from './usuarios.reglas.ts';

export function createUsuariosService(deps: UsuariosServiceDeps) {
  const comun = createCuentaComun(deps);
  return {
    ...createSesionService(deps, comun),
    ...createCuentaService(deps, comun),
    ...createCambioCorreoService(deps, comun),
    ...createAdministracionService(deps, comun),
  };
}
export type UsuariosService = ReturnType<typeof createUsuariosService>;
