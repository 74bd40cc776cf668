// Images: public catalogue images for everyone; an organisation's own images only for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp, type TestUser } from './helper.ts';
import { images } from '../../server/src/db/schema.ts';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
let t: TestApp;
let ann: TestUser;
let eve: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  const acme = await t.createOrg();
  const globex = await t.createOrg();
  ann = await t.createUser({ orgId: acme.id });
  eve = await t.createUser({ orgId: globex.id });
  await t.db.insert(images).values([
    { id: 'logo', contentType: 'image/png', data: PNG, orgId: null },
    { id: 'acme-app', contentType: 'image/png', data: PNG, orgId: acme.id },
  ]);
});
afterAll(() => t?.close());

describe('GET /images/{id}', () => {
  it('serves a public image to a visitor with its type and a 5-minute cache', async () => {
    const res = await t.app.inject({ url: `${API}/images/logo` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(new Uint8Array(res.rawPayload)).toEqual(PNG);
  });

  it('serves an organisation\'s image only to that organisation', async () => {
    const own = await t.app.inject({ url: `${API}/images/acme-app`, headers: await t.headersFor(ann) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=300');
    expect((await t.app.inject({ url: `${API}/images/acme-app`, headers: await t.headersFor(eve) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `${API}/images/acme-app` })).statusCode).toBe(404);
  });

  it('404s in JSON for an unknown image', async () => {
    const res = await t.request(null, { url: `${API}/images/nope` });
    expect(res.status).toBe(404);
    expect(res.body.errors[0]).toMatchObject({ status: 404, detail: 'Image nope was not found.' });
  });
});
