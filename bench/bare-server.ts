// The reference point of the auth budget: Fastify answering a constant JSON, nothing else.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/constant', async () => ({ id: 1, email: 'listener@example.com', firstName: 'Ada', lastName: 'Obi' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
