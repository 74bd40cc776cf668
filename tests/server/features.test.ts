// Switching a built-in feature off: a stored '-name' entry removes it from the marketplace root
// and the features list (the browser suite uses it for the advanced-search-disabled page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, API, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => { t = await buildTestApp(); });
afterAll(() => t?.close());

describe('built-in features', () => {
  it('are on by default', async () => {
    await t.setSettings({}, []);
    const res = await t.request(null, { url: `${API}/features` });
    expect(res.body.items).toEqual(expect.arrayContaining(['fullTextSearch', 'ai']));
  });

  it('a stored -name switches one off in /features and /marketplace; other features stay', async () => {
    await t.setSettings({}, ['-fullTextSearch', 'billingPreview']);
    const features = await t.request(null, { url: `${API}/features` });
    expect(features.body.items).not.toContain('fullTextSearch');
    expect(features.body.items).not.toContain('-fullTextSearch');
    expect(features.body.items).toEqual(expect.arrayContaining(['ai', 'billingPreview']));
    const root = await t.request(null, { url: `${API}/marketplace` });
    expect(root.body.features).toEqual(features.body.items);
  });

  it('switching off ai also turns the assistant off', async () => {
    await t.setSettings({ ai: { enabled: true } }, ['-ai']);
    const root = await t.request(null, { url: `${API}/marketplace` });
    expect(root.body.features).not.toContain('ai');
    expect(root.body.ai.enabled).toBe(false);
  });
});
