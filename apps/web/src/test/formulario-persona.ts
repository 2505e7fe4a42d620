// Filling the person forms in web tests (sign-up, an administrator's or the desk's create forms) by their labels.
import { fireEvent, screen } from '@testing-library/react';

export function escribir(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** Género is a Mantine Select: the option is picked from its dropdown. */
export function elegirGenero(nombre = 'Femenino') {
  fireEvent.click(screen.getByRole('combobox', { name: /^Género/ }));
  fireEvent.click(screen.getByRole('option', { name: nombre }));
}

type Persona = {
  nombre: string;
  fecha_nacimiento: string;
  numerodocumento: string;
  correo: string;
  telefono: string;
};

/** The create form's required fields, with an initial password, and Género «Femenino». */
export function llenarCrearUsuario(p: Persona) {
  escribir(/^Nombre completo/, p.nombre);
  escribir(/^Fecha de nacimiento/, p.fecha_nacimiento);
  escribir(/^Número de documento/, p.numerodocumento);
  escribir(/^Correo electrónico/, p.correo);
  escribir(/^Teléfono/, p.telefono);
  escribir(/^Contraseña inicial/, 'una frase larga y mía');
  elegirGenero();
}

/** Marta Ríos as the desk registers her in the create form's tests. */
export const MARTA_NUEVA: Persona = {
  nombre: 'Marta Ríos',
  fecha_nacimiento: '1985-06-01',
  numerodocumento: '52123456',
  correo: 'marta@demo.test',
  telefono: '3001112233',
};
