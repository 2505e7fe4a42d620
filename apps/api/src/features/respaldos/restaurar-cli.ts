// npm run restaurar -- <archivo> [--forzar]: restores a backup (npm run respaldo, or the server's daily one) into
// the configured database and DATA_DIR, which must be empty unless --forzar; checks every table and file against
// the backup's manifest before committing (decision 0038).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { abrirBaseDeComando, configDeComando, ejecutarComando } from '../../db/abrir-para-comando.ts';
import { ARCHIVO_CLAVE_GENERADA, claveParaLeer } from '../../platform/respaldo/clave.ts';
import { ErrorRespaldo, leerCabecera } from '../../platform/respaldo/formato.ts';
import { restaurarRespaldo } from '../../platform/respaldo/restaurar.ts';
import { motivoDelFallo } from './respaldos-cli-comun.ts';

const AYUDA = `Restaura un respaldo en la base de datos y el DATA_DIR configurados (deben estar vacíos).

Uso: npm run restaurar -- <archivo.clinica> [--forzar]

  --forzar     Reemplaza lo que haya en el destino: BORRA sus datos y archivos y pone los del respaldo.
  -h, --ayuda  Muestra esta ayuda

La clave es RESPALDO_CLAVE, la misma con que se hizo el respaldo. La base de datos se elige como al arrancar
la aplicación (DATABASE_URL o DATA_DIR). Detén la aplicación antes de restaurar.`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: { forzar: { type: 'boolean' }, ayuda: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    console.error(`Opciones no válidas (${(err as Error).message}).\n\n${AYUDA}`);
    return 2;
  }
  if (args.values.ayuda) {
    console.log(AYUDA);
    return 0;
  }
  if (args.positionals.length !== 1) {
    console.error(`Indica un archivo de respaldo.\n\n${AYUDA}`);
    return 2;
  }
  // Relative to where the command was typed (npm runs workspace scripts inside the workspace).
  const archivo = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.positionals[0]!);
  const config = configDeComando();
  if (!config) return 1;

  let origen;
  try {
    origen = (await leerCabecera(archivo)).cab.origenClave;
  } catch (err) {
    if (err instanceof ErrorRespaldo) console.error(`No se restauró: ${err.message}`);
    else console.error(`No se puede leer ${archivo}: ${(err as NodeJS.ErrnoException).code ?? 'error'}`);
    return 1;
  }
  const clave = claveParaLeer(config);
  if (!clave) {
    console.error(
      origen === 'generada'
        ? `No se restauró: este respaldo se cifró sin RESPALDO_CLAVE, con la clave generada en el DATA_DIR de la máquina de origen (archivo ${ARCHIVO_CLAVE_GENERADA}). Copia ese archivo a ${config.dataDir}/ o pon su contenido en RESPALDO_CLAVE, y vuelve a intentarlo.`
        : 'No se restauró: falta RESPALDO_CLAVE. Defínela con la clave con que se hizo el respaldo (en .env o en la terminal).',
    );
    return 1;
  }

  const database = await abrirBaseDeComando(
    config,
    (err) => `${err.message}\nDetén la aplicación y vuelve a ejecutar npm run restaurar.`,
  );
  if (!database) return 1;
  try {
    console.log(
      `Verificando y restaurando ${archivo} en ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL (DATABASE_URL)'}…`,
    );
    const r = await restaurarRespaldo({
      archivo,
      clave: clave.clave,
      database,
      dataDir: config.dataDir,
      forzar: !!args.values.forzar,
      // A backup that was running when this one was taken never finishes in the restored copy.
      antesDeConfirmar: async (tx) => {
        const existe = (await tx.execute(
          sql.raw("select to_regclass('public.respaldos') is not null as existe"),
        )) as unknown as {
          rows: { existe: boolean }[];
        };
        if (existe.rows[0]?.existe) {
          await tx.execute(
            sql.raw(
              "update respaldos set estado = 'fallido', terminado_en = now(), error = 'Quedó a medias en la copia restaurada: haz un respaldo nuevo en este equipo.' where estado = 'en_curso'",
            ),
          );
        }
      },
    });
    const m = r.manifiesto;
    console.log(
      `Restaurado y verificado: ${m.tablas.length} tablas, ${r.filas.toLocaleString('es-CO')} filas y ` +
        `${r.archivos.toLocaleString('es-CO')} archivos del respaldo del ${m.creadoEn} (${m.base}).` +
        (r.migradaDespues ? '\nLa base de datos se actualizó después a la versión de esta aplicación.' : ''),
    );
    if (m.ajustes.clinicaTz !== config.clinicaTz) {
      console.log(
        `Atención: el respaldo usaba CLINICA_TZ=${m.ajustes.clinicaTz} y esta instalación ${config.clinicaTz}.`,
      );
    }
    if (m.ajustes.clinicaNombre !== config.clinicaNombre) {
      console.log(
        `Atención: el respaldo era de «${m.ajustes.clinicaNombre}»; CLINICA_NOMBRE aquí es «${config.clinicaNombre}».`,
      );
    }
    console.log('Listo. Inicia la aplicación con npm start.');
    return 0;
  } catch (err) {
    console.error(`No se restauró: ${motivoDelFallo(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

ejecutarComando(main, 'Error inesperado al restaurar:');
