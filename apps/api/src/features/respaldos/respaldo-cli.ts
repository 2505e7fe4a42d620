// npm run respaldo: writes one encrypted, verified backup of the configured database (PGlite or PostgreSQL), the
// uploads and the private files to RESPALDO_DIR (decision 0038). The server makes one every day by itself; this is
// for "one now" with the server stopped (PGlite) or running (PostgreSQL).
import { parseArgs } from 'node:util';
import { abrirBaseDeComando, configDeComando, ejecutarComando } from '../../db/abrir-para-comando.ts';
import { tamanoLegible } from '../../platform/respaldo/respaldar.ts';
import { motivoDelFallo, respaldarDesdeCli } from './respaldos-cli-comun.ts';

const AYUDA = `Escribe un respaldo cifrado y verificado de la base de datos y los archivos en RESPALDO_DIR.

Uso: npm run respaldo

La base de datos se elige como al arrancar la aplicación (DATABASE_URL o DATA_DIR); la clave es RESPALDO_CLAVE
(obligatoria en producción). La aplicación hace un respaldo cada día a la hora RESPALDO_HORA.`;

async function main(): Promise<number> {
  try {
    if (parseArgs({ options: { ayuda: { type: 'boolean', short: 'h' } }, strict: true }).values.ayuda) {
      console.log(AYUDA);
      return 0;
    }
  } catch {
    console.error(AYUDA);
    return 2;
  }
  const config = configDeComando();
  if (!config) return 1;
  const database = await abrirBaseDeComando(
    config,
    (err) =>
      `La aplicación está en marcha con esta base de datos embebida (pid ${err.pid}) y ella misma hace los respaldos ` +
      `cada día. Para uno ahora, usa «Respaldar ahora» en la pantalla Respaldos (/respaldos) como administrador, ` +
      `o detén la aplicación y vuelve a ejecutar npm run respaldo.`,
  );
  if (!database) return 1;
  try {
    console.log(`Respaldando (${database.kind})…`);
    const r = await respaldarDesdeCli(config, database);
    console.log(
      `Respaldo verificado: ${r.ruta}\n  ${tamanoLegible(r.tamano)}; ${r.tablas} tablas, ` +
        `${r.filas.toLocaleString('es-CO')} filas, ${r.archivos.toLocaleString('es-CO')} archivos.`,
    );
    if (!r.registrado) {
      console.log(
        'La base de datos no está en la versión de esta aplicación: el respaldo no se anotó en la pantalla Respaldos.',
      );
    }
    if (r.archivoClave) {
      console.log(
        `\nSin RESPALDO_CLAVE: este respaldo se cifró con la clave generada en ${r.archivoClave}.\n` +
          'Esa clave NO va dentro del respaldo: guarda una copia fuera de este equipo, o define RESPALDO_CLAVE. ' +
          'Sin ella no se puede restaurar.',
      );
    }
    return 0;
  } catch (err) {
    console.error(`No se hizo el respaldo: ${motivoDelFallo(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

ejecutarComando(main, 'Error inesperado al respaldar:');
