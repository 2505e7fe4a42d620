// The composition root: every repository and service of the API is built here, once, from the config and
// the database. buildApp hands route plugins the services (never the database); the admin CLI and the
// demo seed use the same root. Adding a feature: its repository in createRepositories, its service in
// createServices, its routes in app.ts (docs/arquitectura.md).
import type { Config } from './config.ts';
import type { Database, Executor } from './db/client.ts';
import { conReintentos, perezoso, type Transaccion } from './db/transacciones.ts';
import { createAdjuntosRepository } from './features/adjuntos/adjuntos.repository.ts';
import { createAdjuntosService } from './features/adjuntos/adjuntos.service.ts';
import { crearCarritoCache } from './features/carrito/carrito-cache.ts';
import { createCarritoRepository } from './features/carrito/carrito.repository.ts';
import { createCarritoService } from './features/carrito/carrito.service.ts';
import { createCitasRepository } from './features/citas/citas.repository.ts';
import { createCorreosCitas } from './features/citas/citas-correos.ts';
import { createCitasService } from './features/citas/citas.service.ts';
import { createEnlacesCitaRepository } from './features/citas/enlaces.repository.ts';
import { createEnlacesCitaService } from './features/citas/enlaces.service.ts';
import { createHorariosRepository } from './features/citas/horarios.repository.ts';
import { createReservasRepository } from './features/citas/reserva.repository.ts';
import { createConsentimientosRepository } from './features/consentimientos/consentimientos.repository.ts';
import { createConsentimientosService } from './features/consentimientos/consentimientos.service.ts';
import { createCorreosRepository } from './features/correos/correos.repository.ts';
import { createCorreosService } from './features/correos/correos.service.ts';
import { createEsperaRepository } from './features/espera/espera.repository.ts';
import { createEsperaService } from './features/espera/espera.service.ts';
import { createEvolucionesRepository } from './features/evoluciones/evoluciones.repository.ts';
import { createEvolucionesService } from './features/evoluciones/evoluciones.service.ts';
import { createPlanesRepository } from './features/evoluciones/planes.repository.ts';
import { createPlanesService } from './features/evoluciones/planes.service.ts';
import { createAuditoriaConsultaRepository } from './features/auditoria/auditoria.repository.ts';
import { createAuditoriaConsultaService } from './features/auditoria/auditoria.service.ts';
import { createRespaldosRepository } from './features/respaldos/respaldos.repository.ts';
import { createRespaldosService } from './features/respaldos/respaldos.service.ts';
import { createCopiaHistoriaService } from './features/historias/copia.service.ts';
import { createHistoriasRepository } from './features/historias/historias.repository.ts';
import { createHistoriasService } from './features/historias/historias.service.ts';
import { createProductosAplicadosService } from './features/historias/productos-aplicados.service.ts';
import { createCajaRepository } from './features/pagos/caja.repository.ts';
import { createPagosRepository } from './features/pagos/pagos.repository.ts';
import { createPagosService } from './features/pagos/pagos.service.ts';
import { createPagosEnLineaRepository } from './features/pagos/en-linea/en-linea.repository.ts';
import { createPagosEnLineaService } from './features/pagos/en-linea/en-linea.service.ts';
import { createWompi } from './features/pagos/en-linea/wompi.ts';
import { createMensajeriaRepository } from './features/mensajeria/mensajeria.repository.ts';
import { createMensajeriaService } from './features/mensajeria/mensajeria.service.ts';
import { createCloudApi, type ProveedorWhatsapp } from './features/mensajeria/whatsapp.ts';
import { createInsumosRepository } from './features/insumos/insumos.repository.ts';
import { createInsumosService } from './features/insumos/insumos.service.ts';
import { createTrazabilidadRepository } from './features/trazabilidad/trazabilidad.repository.ts';
import { createTrazabilidadService, registrarRetratamientos } from './features/trazabilidad/trazabilidad.service.ts';
import { createPaquetesRepository } from './features/paquetes/paquetes.repository.ts';
import { createPaquetesService } from './features/paquetes/paquetes.service.ts';
import { createReportesRepository } from './features/reportes/reportes.repository.ts';
import { createReportesService } from './features/reportes/reportes.service.ts';
import { createResumenRepository } from './features/reportes/resumen.repository.ts';
import { createResumenReportes } from './features/reportes/resumen.service.ts';
import { createNotificacionesRepository } from './features/notificaciones/notificaciones.repository.ts';
import type { NuevaNotificacion } from './features/notificaciones/notificaciones.repository.ts';
import {
  createNotificacionesService,
  efectosDeAvisos,
  notificar,
} from './features/notificaciones/notificaciones.service.ts';
import { createCategoriasRepository } from './features/catalogo/categorias.repository.ts';
import { crearCatalogoCache } from './features/catalogo/catalogo-cache.ts';
import { createCategoriasService } from './features/catalogo/categorias.service.ts';
import { createProcedimientosRepository } from './features/catalogo/procedimientos.repository.ts';
import { createProcedimientosService } from './features/catalogo/procedimientos.service.ts';
import { createAutenticacion } from './features/usuarios/autenticacion.service.ts';
import { createBloqueosRepository } from './features/usuarios/bloqueos.repository.ts';
import { createRecuperacionRepository } from './features/usuarios/recuperacion.repository.ts';
import { createRecuperacionService } from './features/usuarios/recuperacion.service.ts';
import { crearSesiones } from './features/usuarios/sesiones-cache.ts';
import { createSesionesRepository } from './features/usuarios/sesiones.repository.ts';
import { createCorreosCuenta } from './features/usuarios/usuarios-correos.ts';
import { createUsuariosRepository } from './features/usuarios/usuarios.repository.ts';
import { createUsuariosService } from './features/usuarios/usuarios.service.ts';
import { createCalendario } from './lib/calendario.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import { createLocalStorage, privadoDir, uploadsDir, type Storage } from './lib/storage.ts';
import { createTokensCambioCorreo } from './lib/token-cambio-correo.ts';
import { createTokensEnlaceCita } from './lib/token-enlace-cita.ts';
import { createTokensRecuperacion } from './lib/token-recuperacion.ts';
import { createTokens } from './lib/tokens.ts';
import { createArchivosRepository } from './platform/archivos.repository.ts';
import { createBarridoArchivos } from './platform/archivos.barrido.ts';
import { createArchivosPrivados } from './platform/archivos.service.ts';
import { createAuditoriaRepository } from './platform/auditoria.repository.ts';
import { createBandejaRepository, type EfectoNuevo, type FilaBandeja } from './platform/bandeja.repository.ts';
import { createDespachador, PLAZO_RECLAMO_MS, type Encolar } from './platform/bandeja.service.ts';
import { createMailer, type Mailer } from './platform/correo.ts';
import { createEnVivo } from './platform/en-vivo.ts';
import { createPlantillasCorreo } from './platform/plantillas-correo.ts';

/**
 * Every repository, bound to the database or to one transaction; each built on first use. `pendientes`: the
 * transaction's list of enqueued effects (see `transaccion` below); without it, `encolar` writes at once.
 */
export function createRepositories(db: Executor, pendientes?: EfectoNuevo[]) {
  const repos = perezoso({
    usuarios: () => createUsuariosRepository(db),
    sesiones: () => createSesionesRepository(db),
    bloqueos: () => createBloqueosRepository(db),
    auditoria: () => createAuditoriaRepository(db),
    archivos: () => createArchivosRepository(db),
    bandeja: () => createBandejaRepository(db),
    categorias: () => createCategoriasRepository(db),
    procedimientos: () => createProcedimientosRepository(db),
    carrito: () => createCarritoRepository(db),
    citas: () => createCitasRepository(db),
    enlacesCita: () => createEnlacesCitaRepository(db),
    reservas: () => createReservasRepository(db),
    horarios: () => createHorariosRepository(db),
    notificaciones: () => createNotificacionesRepository(db),
    historias: () => createHistoriasRepository(db),
    evoluciones: () => createEvolucionesRepository(db),
    planes: () => createPlanesRepository(db),
    consentimientos: () => createConsentimientosRepository(db),
    adjuntos: () => createAdjuntosRepository(db),
    recuperacion: () => createRecuperacionRepository(db),
    correos: () => createCorreosRepository(db),
    respaldos: () => createRespaldosRepository(db),
    pagos: () => createPagosRepository(db),
    pagosEnLinea: () => createPagosEnLineaRepository(db),
    caja: () => createCajaRepository(db),
    paquetes: () => createPaquetesRepository(db),
    insumos: () => createInsumosRepository(db),
    trazabilidad: () => createTrazabilidadRepository(db),
    espera: () => createEsperaRepository(db),
    mensajeria: () => createMensajeriaRepository(db),
  });
  /** Adds an effect to deliver once this transaction commits. */
  const encolar: Encolar = async (tipo, carga, opciones) => {
    const disponibleEn = opciones?.disponibleEn;
    if (pendientes) pendientes.push({ tipo, carga, ...(disponibleEn ? { disponibleEn } : {}) });
    else await repos.bandeja.agregar(tipo, carga, disponibleEn);
  };
  return Object.assign(repos, { encolar });
}
export type Repositories = ReturnType<typeof createRepositories>;

export type ServicesDeps = {
  config: Config;
  database: Database;
  now?: () => Date;
  log: { warn(o: object, m: string): void; error(o: object, m: string): void };
  /** Replaces the e-mail transport (tests). */
  mailer?: Mailer;
  /** Outbox poll for retries, in ms; 0 turns it off (tests call despachador.despachar()). */
  intervaloBandejaMs?: number;
  /** How a slowed-down sign-in waits (tests record instead of sleeping). */
  esperar?: (ms: number) => Promise<void>;
  /** How often the daily backup is looked for, in ms; 0 turns it off (tests call respaldos.revisar()). */
  intervaloRespaldosMs?: number;
  /** Schedule the reports' daily summary run at start (default true; tests that do not need it turn it off). */
  resumenReportes?: boolean;
  /** Replaces the WhatsApp provider (tests); by default Meta's Cloud API when config.whatsapp is set. */
  whatsapp?: ProveedorWhatsapp;
};

export async function createServices(deps: ServicesDeps) {
  const { config, database, log } = deps;
  const now = deps.now ?? (() => new Date());
  const repos = createRepositories(database.db);
  /** "Today", periods and working days in the clinic's zone, on the same clock as everything else. */
  const calendario = createCalendario(config.clinicaTz, now);

  const enVivo = createEnVivo();
  /** The one e-mail template, with the clinic's identity (every message the product sends). */
  const plantillas = createPlantillasCorreo({
    nombre: config.clinicaNombre,
    urlPublica: config.urlPublica,
    direccion: config.clinicaDireccion,
  });
  const correosCuenta = createCorreosCuenta(plantillas);
  /** An appointment's e-mails with its calendar (.ics); they leave through the outbox's `correo` handler below. */
  const correosCitas = createCorreosCitas({
    plantillas,
    zona: config.clinicaTz,
    remitente: config.correoRemitente,
    now,
    horasAviso: config.cancelacionHorasAviso,
  });
  const mailer =
    deps.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      remitente: config.correoRemitente,
      dataDir: config.dataDir,
      zona: config.clinicaTz,
    });
  const despachador = createDespachador({
    repo: repos.bandeja,
    enTransaccion: (fn) => database.db.transaction((tx) => fn(createBandejaRepository(tx))),
    manejadores: {
      'sesiones.revocadas': async (carga) => enVivo.publicar('sesiones.revocadas', carga),
      // A recovery e-mail gets its link signed only now (decision 0011); every other e-mail goes as it was queued.
      // So does a reminder's pair of confirm and cancel links (issue 25.3).
      correo: async (carga) =>
        mailer.enviar(
          carga.enlaceRecuperacion
            ? await recuperacion.conEnlace(carga)
            : carga.enlacesCita
              ? await enlacesCita.conEnlaces(carga)
              : carga,
        ),
      recuperacion: (carga) => recuperacion.enviarEnlace(carga),
      notificacion: async (carga) => enVivo.publicar('notificacion', carga),
      'cita.cambio': async (carga) => enVivo.publicar('cita.cambio', carga),
      // Handlers run after start-up; the appointments service is built below.
      recordatorio: (carga) => citas.recordar(carga),
      // An unpaid deposit's hold ends (issue 23.2).
      'reserva.vence': (carga) => citas.vencerReserva(carga),
      // The reports' monthly summary, once a clinic day (decision 0062).
      'reportes.resumir': () => resumenReportes.ejecutar(),
      // A retreatment came due (issue 24, item 4): remind the patient once.
      'retratamiento.recordar': (carga) => trazabilidad.recordar(carga),
      // The waitlist (issue 25, item 1): a freed slot is offered; an unanswered offer expires and passes on.
      'espera.hueco': (carga) => espera.ofrecerHuecos(carga),
      'espera.vence': (carga) => espera.vencerOferta(carga),
      // A WhatsApp template message (issue 25, item 2): sent through the provider, its id kept for the statuses.
      whatsapp: (carga, fila) => mensajeria.enviar(carga, fila),
    },
    now,
    log,
    intervaloMs: deps.intervaloBandejaMs ?? 5000,
  });

  /**
   * Repositories bound to one transaction. The effects it enqueued are written in one statement as its last
   * write (a booking has four: two live pushes, the reminder, the e-mail). Those due now are written already
   * claimed by this instance and handed to the dispatcher the moment the transaction commits, with no query
   * between the commit and the live push; later ones (reminders) wait for the dispatcher's timer.
   */
  const transaccion: Transaccion<Repositories> = async (fn) => {
    let propias: FilaBandeja[] = [];
    // A transaction PostgreSQL aborted for a concurrent one (deadlock) runs again whole, with its effects anew.
    const resultado = await conReintentos(() =>
      database.db.transaction(async (tx) => {
        const pendientes: EfectoNuevo[] = [];
        const r = await fn(createRepositories(tx, pendientes));
        const bandeja = createBandejaRepository(tx);
        const ahora = now();
        const escritas = await bandeja.agregarVarias(pendientes, ahora, new Date(ahora.getTime() + PLAZO_RECLAMO_MS));
        propias = escritas.filter((f) => f.reclamada_hasta !== null);
        return r;
      }),
    );
    if (propias.length) despachador.entregarPropias(propias);
    return resultado;
  };

  // How the clinic reaches a patient (issue 25, items 2 and 4): her channels, WhatsApp when it is set up.
  const mensajeria = createMensajeriaService({
    repos,
    transaccion,
    config: config.whatsapp,
    proveedor: deps.whatsapp ?? (config.whatsapp ? createCloudApi(config.whatsapp) : null),
    now,
    secreto: config.jwtSecret,
    log,
    pacienteDeCita: async (citaId) => (await repos.citas.buscar(citaId))?.paciente_id,
    // The patient's own answer to her reminder (issue 25, item 3), checked and applied as from its e-mail's links.
    responderRecordatorio: async ({ citaId, accion }) => {
      if (accion === 'confirmar') await citas.confirmarPorPaciente(citaId, 'whatsapp', {});
      else await citas.cancelarPorPaciente(citaId, 'whatsapp', {});
    },
    // Its WhatsApp message failed for a patient on WhatsApp only: the reminder's e-mail, if it still stands.
    correoDelRecordatorio: async (citaId) => {
      const c = await repos.citas.buscar(citaId);
      if (!c) return;
      await transaccion((tx) =>
        tx.encolar('recordatorio', { citaId, inicio: c.inicio.toISOString(), soloCorreo: true }),
      );
    },
  });
  /**
   * Every notification of the product is written here: its row and live push (the notifications feature), and for
   * the kinds WhatsApp carries, the patient's WhatsApp row when her preference allows it (same transaction).
   */
  const notificarConCanales = async (tx: Repositories, v: NuevaNotificacion | readonly NuevaNotificacion[]) => {
    await notificar(tx, v, now());
    await mensajeria.trasNotificar(tx, Array.isArray(v) ? v : [v as NuevaNotificacion]);
  };

  const tokens = createTokens(config.jwtSecret, now);
  // Every authenticated request looks its session up, from a cache the database keeps exact (decision 0006).
  const sesiones = await crearSesiones(database, { repo: repos.sesiones });
  const autenticacion = createAutenticacion({ tokens, sesiones: sesiones.repo, now });
  // Each user's cart list, from a cache the database keeps exact the same way (decision 0071).
  const carritoCache = await crearCarritoCache(database, { repo: repos.carrito });

  /** Public files (procedure images), served under /media with a long cache. */
  const almacenPublico: Storage = createLocalStorage(uploadsDir(config.dataDir));
  /** Private files: only through platform/archivos.service.ts (authorised, audited, no-store). */
  const almacenPrivado = createLocalStorage(privadoDir(config.dataDir), { privado: true });
  const archivos = createArchivosPrivados({ repos, storage: almacenPrivado });
  /** Bytes whose row never committed (a crash between the two) go at start and every hour (decision 0053). */
  const barridoArchivos = createBarridoArchivos({ repo: repos.archivos, storage: almacenPrivado, log });

  const contrasenas = createPasswordHasher(config.argon2, config.limiteHash);
  // An unknown e-mail is checked against a throw-away hash; computing it now keeps even the first
  // such sign-in as slow as a real one.
  void contrasenas.prepararHashFicticio();
  const usuarios = createUsuariosService({
    repos: { ...repos, sesiones: sesiones.repo },
    transaccion,
    tokens,
    now,
    clinicaNombre: config.clinicaNombre,
    correos: correosCuenta,
    contrasenas,
    tokensCorreo: createTokensCambioCorreo(config.jwtSecret),
    urlPublica: config.urlPublica,
    ...(deps.esperar ? { esperar: deps.esperar } : {}),
  });
  const recuperacion = createRecuperacionService({
    repos: { ...repos, sesiones: sesiones.repo },
    transaccion,
    tokens: createTokensRecuperacion(config.jwtSecret),
    now,
    clinicaNombre: config.clinicaNombre,
    urlPublica: config.urlPublica,
    contrasenas,
    correos: correosCuenta,
  });
  const correos = createCorreosService({ repo: repos.correos, smtp: !!config.smtpUrl });
  // The public catalogue from memory (decision 0013): each catalogue write notifies every instance when it
  // commits (NOTIFY in its transaction) and empties this instance's cache right after.
  const catalogoCache = await crearCatalogoCache({ avisos: database.avisos, log });
  const transaccionCatalogo: Transaccion<Repositories> = async (fn) => {
    const resultado = await transaccion(async (tx) => {
      const r = await fn(tx);
      await tx.procedimientos.avisarCambioCatalogo();
      return r;
    });
    catalogoCache.invalidar();
    return resultado;
  };
  const categorias = createCategoriasService({ repos, transaccion: transaccionCatalogo });
  const procedimientos = createProcedimientosService({
    repos,
    transaccion: transaccionCatalogo,
    storage: almacenPublico,
    log,
    // The cart reads procedures by id from memory while the public catalogue's cache holds (same invalidation).
    memoria: catalogoCache,
  });
  const carrito = createCarritoService({ repo: carritoCache.repo, catalogo: procedimientos });
  const citas = createCitasService({
    repos,
    transaccion,
    calendario,
    notificar: (tx, v) => notificarConCanales(tx, v),
    // DOMAIN.md: realizada needs the appointment's signed clinical note (the notes service, built below).
    notaFirmada: (citaId) => evoluciones.tieneNotaFirmada(citaId),
    // DOMAIN.md: a procedure appointment also needs a signed, unrevoked consent (built below).
    consentimientoVigente: (citaId) => consentimientos.tieneVigente(citaId),
    // Issue 27.9: the appointment's doctor sees the patient's allergies and alert flags (the records service).
    alertasPaciente: (actor, pacienteId, origen) => historias.alertasParaDoctor(actor, pacienteId, origen),
    // Issue 23.4: an appointment marked realizada uses a session of the patient's package, in its transaction.
    consumirSesion: (tx, actor, cita, origen) => paquetes.consumirSesion(tx, actor, cita, origen),
    correos: correosCitas,
    efectosDeAvisos,
    whatsappDeReserva: (aviso) => mensajeria.efectoDeReserva(aviso),
    correoPorWhatsapp: (tx, pacienteId, clase) => mensajeria.correoPorWhatsapp(tx, pacienteId, clase),
    citasPorVenirMax: config.citasPorVenirMax,
    anticipos: {
      horasReserva: config.anticipoHorasReserva,
      evaluacion: config.anticipoEvaluacion,
      horasAviso: config.cancelacionHorasAviso,
      diasGraciaPaquetes: config.paquetesDiasGracia,
    },
    // Issue 23.2: a deposit kept as credit is a refund into the patient's credit, written by the payments feature.
    registrarCredito: async (tx, d): Promise<void> => {
      await pagos.registrarCredito(tx, d);
    },
    log,
    // A booking is one statement outside any transaction (decision 0031): its due effects go to the dispatcher.
    entregarPropias: (filas) => despachador.entregarPropias(filas),
  });
  // Confirm or cancel from the reminder itself (issue 25.3): signed single-use links, the patient's own answers.
  const enlacesCita = createEnlacesCitaService({
    repos,
    transaccion,
    calendario,
    tokens: createTokensEnlaceCita(config.jwtSecret),
    urlPublica: config.urlPublica,
    horasAviso: config.cancelacionHorasAviso,
    confirmar: citas.confirmarPorPaciente,
    cancelar: citas.cancelarPorPaciente,
  });
  const notificaciones = createNotificacionesService({ repo: repos.notificaciones });
  const historias = createHistoriasService({ repos, transaccion, now });
  const productosAplicados = createProductosAplicadosService({ repos });
  const copiaHistoria = createCopiaHistoriaService({
    repos,
    historias,
    // The copy's signed notes, built as the notes service builds every note (built below; used on request).
    evoluciones: { firmadasDePaciente: (pacienteId) => evoluciones.firmadasDePaciente(pacienteId) },
    now,
    clinicaNombre: config.clinicaNombre,
    zona: config.clinicaTz,
  });
  const evoluciones = createEvolucionesService({
    repos,
    transaccion,
    archivos,
    now,
    // Issue 24: the chart's lots, checked and taken out by the products feature (built below; used on request).
    lotes: {
      revisar: (tx, v) => insumos.revisarUsos(tx as Repositories | undefined, v),
      usar: (tx, v) => insumos.usarEnNota(tx as Repositories, v),
    },
    clinicaNombre: config.clinicaNombre,
    clinicaDireccion: config.clinicaDireccion,
    zona: config.clinicaTz,
    // Issue 24.4: a signed chart's retreatment rows and their reminders, in the signing transaction.
    registrarRetratamientos: (tx, evolucionId) =>
      registrarRetratamientos(tx as Repositories, evolucionId, config.clinicaTz),
  });

  // Follow-up plans (decision 0017): the booking engine proposes the series and books it, with the plan's own writes
  // in the booking's transaction.
  const planes = createPlanesService({ repos, transaccion, calendario, now, agenda: citas.serie });

  const consentimientos = createConsentimientosService({
    repos,
    transaccion,
    archivos,
    now,
    clinicaNombre: config.clinicaNombre,
    zona: config.clinicaTz,
  });

  const adjuntos = createAdjuntosService({
    repos,
    transaccion,
    archivos,
    // The transaction hands every repository; the service only names the ones it uses.
    notificar: (tx, v) => notificarConCanales(tx as Repositories, v),
    zona: config.clinicaTz,
    now,
  });

  // Backups (decision 0038): daily at RESPALDO_HORA, once across instances; failures told to the administrators.
  const respaldos = createRespaldosService({
    config,
    database,
    repo: repos.respaldos,
    transaccion,
    notificar: (tx, v) => notificarConCanales(tx as Repositories, v),
    plantillas,
    now,
    log,
    ...(deps.intervaloRespaldosMs !== undefined ? { intervaloMs: deps.intervaloRespaldosMs } : {}),
  });

  // Money at the desk (issue 23, items 1 and 5; decision 0055): payments of a balance, voids, receipts, the cash close.
  const pagos = createPagosService({
    repos,
    transaccion,
    calendario,
    clinica: { nombre: config.clinicaNombre, nit: config.clinicaNit, direccion: config.clinicaDireccion },
    // Issue 23.2: a deposit paid ends its appointment's hold in the payment's transaction.
    anticipoPagado: (tx, citaId): Promise<boolean> => citas.anticipoPagado(tx, citaId),
    anticipoAnulado: (tx, actor, citaId, origen) => citas.anticipoAnulado(tx, actor, citaId, origen),
    urlPublica: config.urlPublica,
    notificar: (tx, v) => notificarConCanales(tx, v),
    correo: (tx, para, mensaje) => tx.encolar('correo', { para, ...plantillas.componer(mensaje) }),
  });
  // Online payment (issue 23, item 3; decision 0059): Wompi when its four settings are given, else not offered.
  const pagosEnLinea = createPagosEnLineaService({
    repos,
    transaccion,
    calendario,
    pasarela: config.wompi ? createWompi(config.wompi) : null,
    cobroDe: pagos.cobroDe,
    anticipoPagado: (tx, citaId) => citas.anticipoPagado(tx as Repositories, citaId),
    urlPublica: config.urlPublica,
    notificar: (tx, v) => notificarConCanales(tx as Repositories, v),
    log,
  });
  // Treatment packages (issue 23, item 4): definitions, the desk's sale with its payment, the sessions used.
  const paquetes = createPaquetesService({ repos, transaccion, calendario, diasGracia: config.paquetesDiasGracia });
  // The owner's reports (issue 23, item 6; decision 0058): read-only aggregates, outside any transaction.
  const resumenRepo = createResumenRepository(database.db);
  const resumenReportes = createResumenReportes({ repo: resumenRepo, calendario, now });
  const reportes = createReportesService({
    repo: createReportesRepository(database.db),
    resumen: resumenRepo,
    calendario,
    diasGracia: config.paquetesDiasGracia,
  });
  // Products, lots and stock (issue 24, item 1): what the clinic applies, traceable to the lot.
  const insumos = createInsumosService({ repos, transaccion, calendario });
  // Who received a lot, the notices to them, and the retreatment recall (issue 24, items 3-4).
  const trazabilidad = createTrazabilidadService({
    repos,
    transaccion,
    calendario,
    notificar: (tx, v) => notificarConCanales(tx as Repositories, v),
    plantillas,
    urlPublica: config.urlPublica,
    correoPorWhatsapp: (tx, pacienteId) =>
      mensajeria.correoPorWhatsapp(tx as Repositories, pacienteId, 'retratamiento'),
  });

  // The waitlist (issue 25, item 1; docs/espera.md): offers of freed slots, booked through the booking engine.
  const espera = createEsperaService({
    repos,
    transaccion,
    calendario,
    agenda: citas.espera,
    notificar: (tx, v) => notificar(tx, v, now()),
    plantillas,
    urlPublica: config.urlPublica,
    reservaMin: config.esperaReservaMin,
    log,
  });

  // The administrators' search of the audit log (issue 21, item 5).
  const auditoriaConsulta = createAuditoriaConsultaService({
    repo: createAuditoriaConsultaRepository(database.db),
    auditoria: repos.auditoria,
    calendario,
  });

  return {
    config,
    now,
    calendario,
    auditoriaConsulta,
    tokens,
    /** Readiness: the database answers. */
    salud: { ping: () => database.ping(), kind: database.kind },
    autenticacion,
    /** The session cache behind autenticacion (features/usuarios/sesiones-cache.ts). */
    sesiones,
    audit: repos.auditoria.registrar,
    /** For services that write more than once: repositories bound to one transaction. */
    transaccion,
    usuarios,
    recuperacion,
    correos,
    categorias,
    procedimientos,
    /** Anonymous catalogue reads answered from memory (features/catalogo/catalogo-cache.ts). */
    catalogoCache,
    carrito,
    /** The cart cache behind carrito's list (features/carrito/carrito-cache.ts). */
    carritoCache,
    citas,
    /**
     * A patient's answer to a reminder outside the app (issue 25.3: the e-mail's signed link, a WhatsApp button), with
     * no session: the caller authenticated her. Same rules, audit and notices as her own actions; via correo|whatsapp.
     */
    respuestaPaciente: { confirmar: citas.confirmarPorPaciente, cancelar: citas.cancelarPorPaciente },
    enlacesCita,
    notificaciones,
    historias,
    productosAplicados,
    copiaHistoria,
    evoluciones,
    planes,
    consentimientos,
    adjuntos,
    paquetes,
    reportes,
    resumenReportes,
    insumos,
    trazabilidad,
    espera,
    almacenPublico,
    archivos,
    barridoArchivos,
    despachador,
    enVivo,
    respaldos,
    pagos,
    pagosEnLinea,
    mensajeria,
    /** Starts background work (the outbox dispatcher, the daily backup, the private storage's sweeper). */
    iniciar() {
      despachador.iniciar();
      barridoArchivos.iniciar();
      if (deps.resumenReportes !== false)
        resumenReportes
          .programar()
          .catch((err: unknown) =>
            log.error({ code: (err as NodeJS.ErrnoException).code }, 'no se pudo programar el resumen de los reportes'),
          );
      respaldos
        .iniciar()
        .catch((err: unknown) =>
          log.error({ code: (err as NodeJS.ErrnoException).code }, 'no se pudieron iniciar los respaldos'),
        );
    },
    async cerrar() {
      await respaldos.detener();
      await barridoArchivos.detener();
      await despachador.detener();
      await mailer.cerrar?.();
      await sesiones.detener();
      await carritoCache.detener();
      await catalogoCache.detener();
    },
  };
}
export type Services = Awaited<ReturnType<typeof createServices>>;
