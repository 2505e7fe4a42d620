// Baseline: a bare Fastify hello-world, for the ratios in QUALITY.md.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hola: 'mundo' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
