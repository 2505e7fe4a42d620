// /apiespera (issue 25, item 1; docs/espera.md): the waitlist. Who may call each route is the contract's
// (espera-rutas.ts); whose entry or offer it is, the service's (another patient's answers 404).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { esperaEndpoints as e } from '@clinica/contracts/espera';
import { registrarRutas } from '../../lib/ruta.ts';
import { origen } from '../../lib/solicitud.ts';
import { usuarioDe } from '../../plugins/auth.ts';
import type { EsperaService } from './espera.service.ts';

export const esperaRoutes: FastifyPluginAsyncZod<{ service: EsperaService }> = async (app, { service }) => {
  const registrar = registrarRutas(app, ['espera']);
  registrar(e.unirse, 'Entrar a la lista de espera (la paciente, o la recepción por ella)', async (r, reply) =>
    reply.code(201).send(await service.unirse(usuarioDe(r), r.body, origen(r))),
  );
  registrar(e.listar, 'Lista de espera (personal)', async (r) => service.listar(usuarioDe(r), r.query));
  registrar(e.mias, 'Mis inscripciones en la lista de espera y sus ofertas', async (r) => service.mias(usuarioDe(r)));
  registrar(e.retirar, 'Salir de la lista de espera', async (r) =>
    service.retirar(usuarioDe(r), r.params.id, origen(r)),
  );
  registrar(e.ofrecer, 'Ofrecer un horario libre a una paciente en espera (recepción)', async (r, reply) =>
    reply.code(201).send(await service.ofrecer(usuarioDe(r), r.params.id, r.body, origen(r))),
  );
  registrar(e.aceptar, 'Aceptar una oferta: agenda la cita', async (r, reply) =>
    reply.code(201).send(await service.aceptar(usuarioDe(r), r.params.id, origen(r))),
  );
  registrar(e.rechazar, 'Rechazar una oferta', async (r) => service.rechazar(usuarioDe(r), r.params.id, origen(r)));
};
