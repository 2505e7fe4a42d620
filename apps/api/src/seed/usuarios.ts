// Demo users. The password is public (README) and never seeded in production mode.
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client.ts';
import { usuarios } from '../db/schema/index.ts';
import { ARGON2_OPTIONS, hashSinContrasena } from '../lib/passwords.ts';
import { VERSION_TERMINOS } from '@clinica/contracts/usuarios';

export const DEMO_PASSWORD = 'clinica-demo-2026';

type Semilla = Omit<typeof usuarios.$inferInsert, 'contrasena_hash' | 'id'>;

export const DEMO_USUARIOS: Semilla[] = [
  {
    nombre: 'Laura Restrepo',
    correo: 'admin@demo.test',
    rol: 'administrador',
    tipodocumento: 'CC',
    numerodocumento: '52123456',
    telefono: '3001234567',
    genero: 'femenino',
    fecha_nacimiento: '1985-03-14',
    ocupacion: 'Administradora',
    estado_civil: 'casado',
    direccion: 'Calle 93 # 14-20, Bogotá',
  },
  {
    nombre: 'Dr. Andrés Gómez',
    correo: 'doctor@demo.test',
    rol: 'doctor',
    tipodocumento: 'CC',
    numerodocumento: '80234567',
    telefono: '3109876543',
    genero: 'masculino',
    fecha_nacimiento: '1979-08-02',
    ocupacion: 'Médico estético',
    estado_civil: 'casado',
    registro_profesional: 'RM 25-118734',
    direccion: 'Carrera 11 # 82-71, Bogotá',
  },
  {
    nombre: 'Dra. Catalina Vélez',
    correo: 'doctora@demo.test',
    rol: 'doctor',
    tipodocumento: 'CC',
    numerodocumento: '43567890',
    telefono: '3157654321',
    genero: 'femenino',
    fecha_nacimiento: '1983-11-21',
    ocupacion: 'Dermatóloga',
    estado_civil: 'soltero',
    registro_profesional: 'RM 05-204519',
    direccion: 'Calle 10 # 43E-31, Medellín',
  },
  {
    nombre: 'Natalia Ospina',
    correo: 'asistente@demo.test',
    rol: 'asistente',
    tipodocumento: 'CC',
    numerodocumento: '1020345678',
    telefono: '3014567890',
    genero: 'femenino',
    fecha_nacimiento: '1995-06-30',
    ocupacion: 'Auxiliar de consultorio',
    estado_civil: 'union_libre',
  },
  {
    nombre: 'María Fernanda López',
    correo: 'paciente@demo.test',
    rol: 'paciente',
    tipodocumento: 'CC',
    numerodocumento: '1032456789',
    telefono: '3205551234',
    genero: 'femenino',
    fecha_nacimiento: '1992-01-17',
    ocupacion: 'Diseñadora',
    estado_civil: 'soltero',
    direccion: 'Carrera 7 # 45-10, Bogotá',
  },
  {
    nombre: 'Juan Camilo Rodríguez',
    correo: 'juan.rodriguez@demo.test',
    rol: 'paciente',
    tipodocumento: 'CC',
    numerodocumento: '1018765432',
    telefono: '3112223344',
    genero: 'masculino',
    fecha_nacimiento: '1988-09-05',
    ocupacion: 'Ingeniero',
    estado_civil: 'casado',
  },
  {
    nombre: 'Valentina Martínez',
    correo: 'valentina.martinez@demo.test',
    rol: 'paciente',
    tipodocumento: 'CE',
    numerodocumento: '654321',
    telefono: '3187778899',
    genero: 'femenino',
    fecha_nacimiento: '1998-04-22',
  },
  {
    nombre: 'Sofía Ramírez',
    correo: 'sofia.ramirez@demo.test',
    rol: 'paciente',
    tipodocumento: 'PPT',
    numerodocumento: 'PPT4455667',
    telefono: '3023334455',
    genero: 'femenino',
    fecha_nacimiento: '1990-12-09',
    ocupacion: 'Comerciante',
  },
  {
    nombre: 'Carlos Andrés Muñoz',
    correo: 'carlos.munoz@demo.test',
    rol: 'paciente',
    tipodocumento: 'CC',
    numerodocumento: '79876543',
    telefono: '3136667788',
    genero: 'masculino',
    fecha_nacimiento: '1975-07-11',
    estado_civil: 'divorciado',
  },
  {
    // Registered at the desk without an e-mail (issue 27.8, decision 0048): no online account, no password.
    nombre: 'Rosa Elena Cárdenas',
    correo: null,
    rol: 'paciente',
    tipodocumento: 'CC',
    numerodocumento: '41234567',
    telefono: '3209876543',
    genero: 'femenino',
    fecha_nacimiento: '1962-02-14',
  },
];

export async function seedUsuarios(db: Db): Promise<void> {
  const contrasena_hash = await hash(DEMO_PASSWORD, ARGON2_OPTIONS);
  const ahora = new Date();
  await db
    .insert(usuarios)
    .values(
      DEMO_USUARIOS.map((u) => ({
        ...u,
        contrasena_hash: u.correo ? contrasena_hash : hashSinContrasena(),
        terminos_aceptados_en: ahora,
        version_terminos: VERSION_TERMINOS,
        ip_aceptacion: '127.0.0.1',
      })),
    )
    .onConflictDoNothing();
}
