// Who makes a request and from where, declared once for every feature (issue 22): services receive an `Actor`
// (and, for audited changes, an `Origen`) instead of each feature redeclaring its own shape.
import type { FastifyRequest } from 'fastify';
import type { Rol } from '@clinica/contracts/roles';

/** The signed-in person a service acts for. */
export type Actor = { id: number; rol: Rol };

/** An actor together with the session the request came with (changes that end or keep sessions need it). */
export type ActorConSesion = Actor & { sid: string };

/** Where a request came from, kept in the audit log. */
export type Origen = { ip?: string | undefined; agente?: string | undefined };

/** The origin of a request: its client IP (as Fastify resolved it behind trusted proxies) and its user agent. */
export function origen(request: Pick<FastifyRequest, 'ip' | 'headers'>): Origen {
  return { ip: request.ip, agente: request.headers['user-agent'] };
}
