import Fastify from 'fastify';
const logger = process.env.LOG === '1' ? { level: 'info', stream: { write() {} } } : process.env.LOG === 'warn' ? { level: 'warn' } : false;
const app = Fastify({ logger });
const body = JSON.stringify({ hello: 'world', x: 'y'.repeat(80) });
const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', 'content-length': String(body.length) };
app.get('/x', (req, reply) => { reply.headers(headers).send(body); });
await app.listen({ port: 18601, host: '127.0.0.1' });
