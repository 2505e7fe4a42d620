// npm run crear-admin: creates an administrator on the configured database (embedded PGlite or
// PostgreSQL), so a production install never has a default password (issue 3).
//
//   npm run crear-admin                                  (asks for every missing value)
//   npm run crear-admin -w @clinica/api -- --nombre "Ana Pérez" --correo ana@clinica.co \
//        --tipodocumento CC --numerodocumento 52123456   (asks only for the password, without echo)
//
// Values come from flags, then from ADMIN_NOMBRE, ADMIN_CORREO, ADMIN_TIPODOCUMENTO,
// ADMIN_NUMERODOCUMENTO, ADMIN_CONTRASENA, then from prompts. These variables are this command's own
// input, not application configuration, which is why they are read here and not in config.ts.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  contrasenaSchema,
  correoSchema,
  tipoDocumentoNombres,
  tiposDocumento,
  validarDocumento,
  type TipoDocumento,
} from '@clinica/contracts/usuarios';
import { abrirBaseDeComando, configDeComando, ejecutarComando } from '../../db/abrir-para-comando.ts';
import { AppError } from '../../lib/app-error.ts';
import { problemaContrasena } from '../../lib/passwords.ts';
import { createServices, type Services } from '../../services.ts';

/** The CLI prints its own messages; the services' warnings would only repeat them. */
const silencioso = { warn: () => {}, error: () => {} };

const AYUDA = `Crea un usuario administrador en la base de datos configurada (PGlite o PostgreSQL).

Uso: npm run crear-admin                         (pregunta lo que falte)
     npm run crear-admin -w @clinica/api -- [opciones]

  --nombre           Nombre completo
  --correo           Correo electrónico (será el usuario para iniciar sesión)
  --tipodocumento    ${tiposDocumento.join(', ')}
  --numerodocumento  Número de documento
  --contrasena       Contraseña (mejor no pasarla aquí: queda en el historial de la terminal;
                     si falta, se pide sin mostrarla)
  -h, --ayuda        Muestra esta ayuda

También se leen ADMIN_NOMBRE, ADMIN_CORREO, ADMIN_TIPODOCUMENTO, ADMIN_NUMERODOCUMENTO y
ADMIN_CONTRASENA. La base de datos se elige como al arrancar la aplicación (DATABASE_URL o DATA_DIR).`;

class EntradaTerminada extends Error {}

type Campo = 'nombre' | 'correo' | 'tipodocumento' | 'numerodocumento' | 'contrasena';
type Datos = Record<Campo, string>;

const nombreSchema = z
  .string()
  .trim()
  .min(3, 'Escribe el nombre completo (mínimo 3 caracteres)')
  .max(120, 'Máximo 120 caracteres');
const tipoSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(tiposDocumento, { message: `Usa uno de: ${tiposDocumento.join(', ')}` }));

/** Checks one value; returns the normalised value or a Spanish problem. */
function revisar(
  campo: Campo,
  valor: string,
  datos: Partial<Datos>,
  clinicaNombre: string,
): { ok: string } | { error: string } {
  const parse = (s: z.ZodType<string>) => {
    const r = s.safeParse(valor);
    return r.success ? { ok: r.data } : { error: r.error.issues[0]?.message ?? 'Valor inválido' };
  };
  switch (campo) {
    case 'nombre':
      return parse(nombreSchema);
    case 'correo':
      return parse(correoSchema);
    case 'tipodocumento':
      return parse(tipoSchema);
    case 'numerodocumento': {
      const numero = valor.trim().toUpperCase();
      const problema = validarDocumento((datos.tipodocumento ?? 'CC') as TipoDocumento, numero);
      return problema ? { error: problema } : { ok: numero };
    }
    case 'contrasena': {
      const r = parse(contrasenaSchema);
      if ('error' in r) return r;
      const problema = problemaContrasena(valor, {
        clinicaNombre,
        correo: datos.correo ?? null,
        numerodocumento: datos.numerodocumento ?? null,
        nombre: datos.nombre ?? null,
      });
      return problema ? { error: problema } : { ok: valor };
    }
  }
}

/** Line reader over stdin that can hide what is typed (passwords) and works with piped input too. */
function crearLector() {
  let silencio = false;
  const salida = new Writable({
    write(chunk, _enc, cb) {
      if (!silencio) process.stdout.write(chunk);
      cb();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output: salida, terminal: !!process.stdin.isTTY });
  // The iterator buffers lines that arrive before they are asked for (piped input).
  const lineas = rl[Symbol.asyncIterator]();
  return {
    async preguntar(texto: string, oculto = false): Promise<string> {
      process.stdout.write(texto);
      silencio = oculto;
      try {
        const r = await lineas.next();
        if (r.done) throw new EntradaTerminada();
        return r.value;
      } finally {
        if (oculto) {
          silencio = false;
          process.stdout.write('\n');
        }
      }
    },
    cerrar: () => rl.close(),
  };
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        nombre: { type: 'string' },
        correo: { type: 'string' },
        tipodocumento: { type: 'string' },
        numerodocumento: { type: 'string' },
        contrasena: { type: 'string' },
        ayuda: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (err) {
    // npm swallows flags given after `npm run crear-admin --` at the repository root (the root script
    // forwards them without a second `--`), which leaves only their values here.
    console.error(
      `Opciones no válidas (${(err as Error).message}).\n` +
        'Desde la raíz del repositorio usa: npm run crear-admin -w @clinica/api -- --nombre "..." --correo ...\n' +
        'o define ADMIN_NOMBRE, ADMIN_CORREO... o ejecuta npm run crear-admin sin opciones para responder las preguntas.\n\n' +
        AYUDA,
    );
    return 2;
  }
  if (args.ayuda) {
    console.log(AYUDA);
    return 0;
  }

  // A relative DATA_DIR is resolved from where the command was typed (INIT_CWD), see config.ts.
  const config = configDeComando();
  if (!config) return 1;

  const orden: Campo[] = ['nombre', 'correo', 'tipodocumento', 'numerodocumento', 'contrasena'];
  const entorno: Record<Campo, string | undefined> = {
    nombre: process.env.ADMIN_NOMBRE,
    correo: process.env.ADMIN_CORREO,
    tipodocumento: process.env.ADMIN_TIPODOCUMENTO,
    numerodocumento: process.env.ADMIN_NUMERODOCUMENTO,
    contrasena: process.env.ADMIN_CONTRASENA,
  };
  const datos: Partial<Datos> = {};
  const faltan: Campo[] = [];
  const problemas: string[] = [];
  for (const campo of orden) {
    const valor = args[campo] ?? entorno[campo];
    if (valor === undefined || valor === '') {
      faltan.push(campo);
      continue;
    }
    const r = revisar(campo, valor, datos, config.clinicaNombre);
    if ('error' in r) problemas.push(`--${campo}: ${r.error}`);
    else datos[campo] = r.ok;
  }
  if (problemas.length) {
    console.error(`No se creó el administrador:\n${problemas.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }

  if (faltan.length) {
    const lector = crearLector();
    if (faltan.includes('tipodocumento'))
      console.log(`Tipos de documento: ${tiposDocumento.map((t) => `${t} (${tipoDocumentoNombres[t]})`).join(', ')}.`);
    const preguntas: Record<Campo, string> = {
      nombre: 'Nombre completo: ',
      correo: 'Correo electrónico: ',
      tipodocumento: `Tipo de documento (${tiposDocumento.join(', ')}): `,
      numerodocumento: 'Número de documento: ',
      contrasena: 'Contraseña (8 a 128 caracteres; no se muestra): ',
    };
    try {
      for (const campo of faltan) {
        for (let intento = 1; ; intento++) {
          const oculto = campo === 'contrasena';
          const valor = await lector.preguntar(preguntas[campo], oculto);
          const r = revisar(campo, valor, datos, config.clinicaNombre);
          if ('ok' in r && oculto && (await lector.preguntar('Repite la contraseña: ', true)) !== valor) {
            console.error('Las contraseñas no coinciden.');
          } else if ('ok' in r) {
            datos[campo] = r.ok;
            break;
          } else {
            console.error(r.error);
          }
          if (intento >= 3) {
            console.error('Demasiados intentos. No se creó el administrador.');
            return 1;
          }
        }
      }
    } catch (err) {
      if (err instanceof EntradaTerminada) {
        console.error(
          `\nFaltan datos (${faltan.filter((c) => !datos[c]).join(', ')}). Usa las opciones o responde las preguntas.\n\n${AYUDA}`,
        );
        return 1;
      }
      throw err;
    } finally {
      lector.cerrar();
    }
  }

  const database = await abrirBaseDeComando(
    config,
    (err) => `${err.message}\nDetén la aplicación y vuelve a ejecutar npm run crear-admin.`,
  );
  if (!database) return 1;
  let services: Services | undefined;
  try {
    await database.migrate();
    // The same composition root as the server; no background work (nothing here writes to the outbox).
    services = await createServices({ config, database, log: silencioso, intervaloBandejaMs: 0 });
    const d = datos as Datos;
    const u = await services.usuarios.crearUsuario(
      null,
      {
        nombre: d.nombre,
        correo: d.correo,
        tipodocumento: d.tipodocumento as TipoDocumento,
        numerodocumento: d.numerodocumento,
        contrasena: d.contrasena,
        rol: 'administrador',
      },
      { ip: 'cli', agente: 'npm run crear-admin' },
      'usuarios.crear_admin_cli',
    );
    console.log(`Administrador creado: ${u.nombre} <${u.correo}> (id ${u.id}, base de datos ${database.kind}).`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(`No se creó el administrador: ${err.message}`);
      return 1;
    }
    // Never print the driver's error: it carries the query values, including the new password hash.
    const code =
      (err as { code?: unknown; cause?: { code?: unknown } }).cause?.code ?? (err as { code?: unknown }).code;
    console.error(
      `No se creó el administrador: error de la base de datos${typeof code === 'string' ? ` (${code})` : ''}.`,
    );
    return 1;
  } finally {
    await services?.cerrar();
    await database.close();
  }
}

ejecutarComando(main, 'Error inesperado al crear el administrador:', (err) => err.message);
