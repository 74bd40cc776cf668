import type { FastifyInstance } from 'fastify';
import auth from './auth.ts';
import platform from './platform.ts';
import config from './config.ts';
import images from './images.ts';

/** Every area of the /api/v1 contract, one module each (one line per area). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(auth);
  await app.register(platform);
  await app.register(config);
  await app.register(images);
}
