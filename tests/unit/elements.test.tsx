// The element helper: an open shadow root, typed attributes (boolean, number, json, removal),
// the configuration precedence, styles adopted into the shadow root, and defining twice.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { defineElement, parseAttribute, type AttributeMap } from '../../src/elements/define.ts';
import { useElementConfig } from '../../src/api/context.ts';
import { useMessages } from '../../src/i18n/intl.ts';
import { en, type MessageKey } from '../../src/i18n/messages/en.ts';
import { configure } from '../../src/state/store.ts';
import { LOCALE_COOKIE } from '../../src/rules/constants.ts';
import { readableOn, safeColor, themeCss } from '../../src/styles/theme.ts';
import { remToPx } from '../../src/styles/units.ts';
import { addRules } from '../../src/styles/sheet.ts';

interface ProbeProps {
  label?: string;
  count?: number;
  open?: boolean;
  filters?: { status: string[] };
}

function Probe({ label, count, open, filters }: ProbeProps) {
  const config = useElementConfig();
  const { t } = useMessages();
  return (
    <output className="p-4 text-primary" data-testid="probe">
      {JSON.stringify({ label: label ?? null, count: count ?? null, open, filters: filters ?? null, config })}
      <span data-testid="text">{t('common.retry')}</span>
    </output>
  );
}

/** Texts with arguments: plain ones, and (when a section has one) a plural one. */
const PLURAL_KEY = (Object.keys(en) as MessageKey[]).find((key) => /\{count, plural,/.test(en[key]));

function Texts() {
  const { t, intl } = useMessages();
  return (
    <output data-testid="texts">
      {JSON.stringify({
        version: t('shell.version', { version: '0.268.0' }),
        contact: t('common.contact', { contact: 'us' }),
        number: intl.formatNumber(1234.5),
        plural: PLURAL_KEY ? t(PLURAL_KEY, { count: 3 }) : null,
      })}
    </output>
  );
}
defineElement('agora-probe-texts', async () => ({ default: Texts }), {});

const ATTRIBUTES: AttributeMap<ProbeProps> = { label: 'string', count: 'number', open: 'boolean', filters: 'json' };
defineElement('agora-probe', async () => ({ default: Probe }), ATTRIBUTES);

// Compile-time checks (npm run typecheck): the attribute map must match the screen's props.
export function typedAttributeMaps(): void {
  // @ts-expect-error a prop without an attribute
  defineElement('agora-probe-a', async () => ({ default: Probe }), { label: 'string', count: 'number', open: 'boolean' });
  // @ts-expect-error an attribute of the wrong kind
  defineElement('agora-probe-b', async () => ({ default: Probe }), { ...ATTRIBUTES, count: 'string' });
  // @ts-expect-error an attribute the screen does not take
  defineElement('agora-probe-c', async () => ({ default: Probe }), { ...ATTRIBUTES, extra: 'string' });
}

// A real (tiny) marketplace server for the theme; the page runs on another origin, hence CORS.
let server: FastifyInstance;
let apiBase = '';
beforeAll(async () => {
  server = Fastify();
  server.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*').header('access-control-allow-headers', '*');
    if (request.method === 'OPTIONS') return reply.status(204).send();
  });
  server.options('/*', async () => '');
  server.get('/api/v1/marketplace', async () => ({
    id: 'm', features: [], ai: { enabled: false, stream: false },
    settings: { sitename: 'Test', appearance: { colors: { primary: '#123456' }, button_format: 'outline', button_radius: 'pill' } },
  }));
  await server.listen({ host: '127.0.0.1', port: 0 });
  apiBase = `http://127.0.0.1:${(server.server.address() as { port: number }).port}/api/v1`;
  configure({ apiBase });
});
afterAll(() => server.close());

async function mount(html: string): Promise<{ el: HTMLElement; read: () => Record<string, unknown> }> {
  document.body.innerHTML = html;
  const el = document.body.querySelector('agora-probe') as HTMLElement;
  const read = () => JSON.parse(el.shadowRoot!.querySelector('[data-testid=probe]')!.firstChild!.textContent!);
  // A locale's first mount imports its messages: over vi.waitFor's default 1 s on a loaded machine.
  await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[data-testid=probe]')).not.toBeNull(), { timeout: 10_000 });
  return { el, read };
}

afterEach(() => {
  document.body.innerHTML = '';
  configure({ apiBase, tenant: null, locale: null });
  document.cookie = `${LOCALE_COOKIE}=; Max-Age=0; Path=/`;
});

describe('defineElement', () => {
  it('renders the screen inside an open shadow root, not in the page', async () => {
    const { el } = await mount('<agora-probe></agora-probe>');
    expect(el.shadowRoot?.mode).toBe('open');
    expect(el.querySelector('[data-testid=probe]')).toBeNull();
    expect(el.shadowRoot!.querySelector('[data-testid=text]')!.textContent).toBe('Try again');
  });

  it('parses attributes by their declared kind', async () => {
    const { read } = await mount(`<agora-probe label="Pets" count="12" open filters='{"status":["active"]}'></agora-probe>`);
    expect(read()).toMatchObject({ label: 'Pets', count: 12, open: true, filters: { status: ['active'] } });
  });

  it('treats an absent or "false" boolean attribute as false', async () => {
    expect((await mount('<agora-probe></agora-probe>')).read().open).toBe(false);
    expect((await mount('<agora-probe open="false"></agora-probe>')).read().open).toBe(false);
  });

  it('follows attribute changes and removals', async () => {
    const { el, read } = await mount('<agora-probe label="A" open></agora-probe>');
    el.setAttribute('label', 'B');
    el.removeAttribute('open');
    el.setAttribute('count', '3');
    await vi.waitFor(() => expect(read()).toMatchObject({ label: 'B', open: false, count: 3 }));
    el.removeAttribute('label');
    await vi.waitFor(() => expect(read().label).toBeNull());
  });

  it('takes properties too', async () => {
    const { el, read } = await mount('<agora-probe></agora-probe>');
    (el as unknown as { label: string }).label = 'From a property';
    await vi.waitFor(() => expect(read().label).toBe('From a property'));
    expect(el.getAttribute('label')).toBe('From a property');
  });

  it('uses attributes over Agora.configure over the locale cookie over defaults', async () => {
    // Links go to the origin of an absolute api-base unless portal-url (or portalUrl) says otherwise.
    const portalUrl = new URL(apiBase).origin;
    expect((await mount('<agora-probe></agora-probe>')).read().config).toEqual({ apiBase, tenant: null, locale: 'en-US', portalUrl });
    document.cookie = `${LOCALE_COOKIE}=pt-BR; Path=/`;
    expect(((await mount('<agora-probe></agora-probe>')).read().config as { locale: string }).locale).toBe('pt-BR');
    configure({ tenant: 'org-1', locale: 'de-DE' });
    expect((await mount('<agora-probe></agora-probe>')).read().config).toEqual({ apiBase, tenant: 'org-1', locale: 'de-DE', portalUrl });
    const other = apiBase.replace('/api/v1', '/other/api');
    const { read } = await mount(`<agora-probe api-base="${other}" tenant="org-2" locale="fr-FR" portal-url="https://portal.example/"></agora-probe>`);
    expect(read().config).toEqual({ apiBase: other, tenant: 'org-2', locale: 'fr-FR', portalUrl: 'https://portal.example' });
  });

  it('shows texts in the element locale', async () => {
    const { el } = await mount('<agora-probe locale="fr-FR"></agora-probe>');
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[data-testid=text]')!.textContent).toBe('Réessayer'));
  });

  it('adopts the host styles and the shared utility sheet into the shadow root', async () => {
    const { el } = await mount('<agora-probe></agora-probe>');
    const other = await mount('<agora-probe></agora-probe>');
    // The element's own sheets (the theme) come first, then the two shared ones.
    const sheets = el.shadowRoot!.adoptedStyleSheets.slice(-2);
    expect([...sheets[0]!.cssRules].map((r) => r.cssText).join('\n')).toContain('box-sizing');
    // One utility sheet for every element: rules added later reach all of them.
    expect(other.el.shadowRoot!.adoptedStyleSheets.at(-1)).toBe(sheets[1]);
    addRules((1_000_000).toString(36), '.probe-rule{color:red}');
    expect([...sheets[1]!.cssRules].at(-1)!.cssText).toContain('.probe-rule');
    // Nothing is added to the page's own styles, and no <style> in the root (a strict CSP blocks it).
    expect(document.adoptedStyleSheets.length).toBe(0);
    expect(document.head.querySelectorAll('style').length).toBe(0);
    expect(el.shadowRoot!.querySelectorAll('style').length).toBe(0);
  });

  it('carries the provider theme from the marketplace settings as CSS custom properties', async () => {
    const { el } = await mount('<agora-probe></agora-probe>');
    const style = () => el.shadowRoot!.adoptedStyleSheets.flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('').replace(/\s+/g, '');
    await vi.waitFor(() => expect(style()).toContain('--agora-theme-primary:var(--agora-primary,#123456);'));
    expect(style()).toContain('--agora-theme-button-radius:var(--agora-button-radius,9999px);');
    expect(style()).toContain('--agora-theme-danger:var(--agora-danger,#c92a2a);');
  });

  it('can be defined twice (a page loading the bundle twice)', () => {
    const first = customElements.get('agora-probe');
    expect(() => defineElement('agora-probe', async () => ({ default: Probe }), ATTRIBUTES)).not.toThrow();
    expect(customElements.get('agora-probe')).toBe(first);
  });
});

describe('texts', () => {
  it('formats plain arguments, numbers and plurals', async () => {
    document.body.innerHTML = '<agora-probe-texts></agora-probe-texts>';
    const el = document.body.querySelector('agora-probe-texts')!;
    await vi.waitFor(() => expect(el.shadowRoot!.querySelector('[data-testid=texts]')).not.toBeNull(), { timeout: 5000 });
    const texts = JSON.parse(el.shadowRoot!.querySelector('[data-testid=texts]')!.textContent!);
    expect(texts.version).toBe('Version 0.268.0');
    expect(texts.contact).toBe('Please contact us with any questions or concerns you may have');
    expect(texts.number).toBe('1,234.5');
    if (PLURAL_KEY) {
      expect(texts.plural).toContain('3');
      expect(texts.plural).not.toMatch(/[{}#]/);
    }
  });
});

describe('attribute parsing', () => {
  it('reads numbers strictly and JSON safely', () => {
    expect(parseAttribute('number', '12.5')).toBe(12.5);
    expect(parseAttribute('number', 'x')).toBeUndefined();
    expect(parseAttribute('number', '')).toBeUndefined();
    expect(parseAttribute('json', '{bad')).toBeUndefined();
    expect(parseAttribute('string', null)).toBeUndefined();
    expect(parseAttribute('boolean', '')).toBe(true);
  });
});

describe('theme', () => {
  it('turns the provider colours into custom properties, falling back per colour', () => {
    const css = themeCss({ colors: { primary: '#112233', danger: 'red;} body{display:none' }, button_radius: 'pill' });
    expect(css).toContain('--agora-theme-primary:var(--agora-primary,#112233);');
    expect(css).toContain('--agora-theme-danger:var(--agora-danger,#c92a2a);');
    expect(css).toContain('--agora-theme-button-radius:var(--agora-button-radius,9999px);');
    expect(css).toContain('--agora-primary:var(--agora-theme-primary);');
    expect(css).not.toContain('display:none');
  });

  it('rejects colour values that could escape their declaration', () => {
    expect(safeColor('rgb(1 2 3)')).toBe('rgb(1 2 3)');
    expect(safeColor('url(https://x)')).toBeNull();
    expect(safeColor('#fff;}')).toBeNull();
    expect(safeColor(42)).toBeNull();
  });

  it('picks readable text for the provider backgrounds', () => {
    expect(readableOn('#0b1f3a')).toBe('#ffffff');
    expect(readableOn('#fafafa')).toBe('#111827');
    expect(readableOn('rgb(250, 250, 250)')).toBe('#111827');
  });

  it('uses pixels, not the page root font size', () => {
    expect(remToPx('padding:1rem;margin:.5rem;top:-0.25rem')).toBe('padding:16px;margin:8px;top:-4px');
  });
});
