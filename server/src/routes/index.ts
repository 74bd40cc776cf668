import type { FastifyInstance } from 'fastify';
import auth from './auth.ts';

/** Every area of the /api/v1 contract, one module each (one line per area). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(auth);
}
