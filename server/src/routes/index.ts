import type { FastifyInstance } from 'fastify';
import auth from './auth.ts';
import platform from './platform.ts';
import config from './config.ts';
import images from './images.ts';
import products from './products.ts';
import versions from './versions.ts';
import documents from './documents.ts';
import resources from './resources.ts';
import categories from './categories.ts';
import stages from './stages.ts';
import search from './search.ts';
import plans from './plans.ts';
import units from './units.ts';
import explorer from './explorer.ts';
import gateway from './gateway.ts';
import credentials from './credentials.ts';
import oauth from './oauth.ts';
import applications from './applications.ts';
import accessRequests from './accessRequests.ts';
import subscriptions from './subscriptions.ts';
import usage from './usage.ts';
import invoices from './invoices.ts';

/** Every area of the /api/v1 contract, one module each (one line per area). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(auth);
  await app.register(platform);
  await app.register(config);
  await app.register(images);
  await app.register(products);
  await app.register(versions);
  await app.register(documents);
  await app.register(resources);
  await app.register(categories);
  await app.register(stages);
  await app.register(search);
  await app.register(plans);
  await app.register(units);
  await app.register(explorer);
  await app.register(gateway);
  await app.register(credentials);
  await app.register(oauth);
  await app.register(applications);
  await app.register(accessRequests);
  await app.register(subscriptions);
  await app.register(usage);
  await app.register(invoices);
}
