import fp from 'fastify-plugin';
// Replaced below by the real static plugin.
export default fp(async () => {}, { name: 'static' });
