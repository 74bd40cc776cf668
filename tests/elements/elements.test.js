// Each element alone, from its own entry dist/elements/<tag>.js on the real server (another
// origin: the one-line embed), one group per element of dist/custom-elements.json, so a new
// element is tested the day it is built: its manifest entry, its attributes set, changed and
// removed, its isolation (nothing added to the page's styles), and the events it sends.
import { expect } from 'chai';
import { AGORA } from '/__agora.js';

const manifest = await (await fetch(`${AGORA}/dist/custom-elements.json`)).json();
const declarations = manifest.modules.flatMap((m) => m.declarations);
const API = `${AGORA}/api/v1`;
/** Attributes that make an element show demo data (server/seed). */
const SAMPLE = {
  'agora-carousel': { category: 'cat-finance' },
  'agora-catalogue': { 'page-size': '4' },
  'agora-subscribe-button': { 'product-id': 'prod-payments' },
  'agora-product': { 'product-id': 'prod-payments' },
  'agora-reviews': { 'product-id': 'prod-payments' },
  'agora-docs': { 'product-id': 'prod-payments' },
  'agora-document': { 'doc-id': 'doc-handbook' },
  'agora-access-wizard': { 'product-id': 'prod-payments' },
};
const SKIP = new Set(['agora-explorer']); // the viewers' chunks: covered by the browser suite

const wait = async (check, what, ms = 20_000) => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const text = (el) => (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();

function place(tag, attributes) {
  const el = document.createElement(tag);
  el.setAttribute('api-base', API);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  document.body.append(el);
  return el;
}

for (const d of declarations) {
  const tag = d.tagName;
  if (SKIP.has(tag)) continue;
  describe(`<${tag}>`, () => {
    let el;
    before(async () => {
      await import(`${AGORA}/dist/elements/${tag}.js`);
    });
    afterEach(() => el?.remove());

    it('has a complete manifest entry', () => {
      expect(d.description, 'description').to.be.a('string').and.not.empty;
      const names = d.attributes.map((a) => a.name);
      expect(names).to.include.members(['api-base', 'tenant', 'locale']);
      for (const a of d.attributes) expect(a.description, a.name).to.not.be.empty;
      expect(d.events.map((e) => e.name)).to.include.members(['agora-navigate', 'agora-signin-required', 'agora-error']);
      // Every attribute of the manifest is one the element observes.
      const observed = customElements.get(tag).observedAttributes ?? [];
      expect(observed).to.include.members(names);
    });

    it('renders in an open shadow root and leaves the page\'s styles alone', async () => {
      const sheets = document.styleSheets.length;
      const adopted = document.adoptedStyleSheets.length;
      const headNodes = document.head.childNodes.length;
      el = place(tag, SAMPLE[tag] ?? {});
      await wait(() => el.shadowRoot?.querySelector('[lang]'), 'a render');
      expect(el.shadowRoot.mode).to.equal('open');
      expect(document.styleSheets.length).to.equal(sheets);
      expect(document.adoptedStyleSheets.length).to.equal(adopted);
      // The portal owns its page (it keeps the document's title); no other element touches <head>.
      if (tag !== 'agora-portal') expect(document.head.childNodes.length).to.equal(headNodes);
      expect(getComputedStyle(document.body).fontFamily).to.equal(getComputedStyle(document.documentElement).fontFamily);
    });

    it('follows its attributes when set, changed and removed', async () => {
      el = place(tag, SAMPLE[tag] ?? {});
      await wait(() => el.shadowRoot?.querySelector('[lang]'), 'a render');
      for (const a of d.attributes.filter((x) => !['api-base', 'tenant'].includes(x.name))) {
        const before = el.getAttribute(a.name);
        const value = a.type.text === 'number' ? '2' : a.type.text === 'boolean' ? '' : a.name === 'locale' ? 'fr-FR' : 'x';
        el.setAttribute(a.name, value);
        await new Promise((r) => setTimeout(r, 20));
        if (before === null) el.removeAttribute(a.name);
        else el.setAttribute(a.name, before);
        await new Promise((r) => setTimeout(r, 20));
      }
      // Still alive and showing something after every change.
      await wait(() => el.isConnected && el.shadowRoot.querySelector('[lang]'), 'a render after the changes');
    });
  });
}

describe('attribute effects and events', () => {
  it('<agora-carousel> shows its heading attribute and follows it; a slide link sends a cancelable agora-navigate', async () => {
    const el = place('agora-carousel', { category: 'cat-finance', heading: 'Money APIs' });
    try {
      await wait(() => el.shadowRoot?.querySelector('[data-slide] a'), 'the slides');
      expect(text(el)).to.contain('Money APIs');
      el.setAttribute('heading', 'Finance APIs');
      await wait(() => text(el).includes('Finance APIs'), 'the new heading');
      el.removeAttribute('heading');
      await wait(() => text(el).includes('Featured APIs'), 'the default heading');
      const heard = [];
      const listener = (e) => { heard.push(e); e.preventDefault(); };
      document.addEventListener('agora-navigate', listener);
      const before = location.href;
      el.shadowRoot.querySelector('[data-slide] a').click();
      document.removeEventListener('agora-navigate', listener);
      expect(heard).to.have.length(1);
      expect(heard[0].composed && heard[0].bubbles && heard[0].cancelable).to.equal(true);
      expect(heard[0].detail.location).to.match(/^\/productDetails\//);
      expect(location.href).to.equal(before);
    } finally {
      el.remove();
    }
  });

  it("<agora-subscribe-button> sends agora-signin-required for a visitor; size='sm' makes it compact", async () => {
    const el = place('agora-subscribe-button', { 'product-id': 'prod-payments' });
    try {
      const link = await wait(() => el.shadowRoot?.querySelector('[data-look="signin"]'), 'the sign-in button');
      const tall = link.getBoundingClientRect().height;
      el.setAttribute('size', 'sm');
      await wait(() => el.shadowRoot.querySelector('[data-look="signin"]').getBoundingClientRect().height < tall, 'a compact button');
      const heard = [];
      const listener = (e) => { heard.push(e.type); e.preventDefault(); };
      document.addEventListener('agora-signin-required', listener);
      document.addEventListener('agora-navigate', listener);
      el.shadowRoot.querySelector('[data-look="signin"]').click();
      document.removeEventListener('agora-signin-required', listener);
      document.removeEventListener('agora-navigate', listener);
      expect(heard).to.deep.equal(['agora-signin-required']);
    } finally {
      el.remove();
    }
  });

  it('<agora-carousel> whose API cannot be reached sends agora-error (status 0: the network)', async () => {
    const heard = [];
    const listener = (e) => heard.push(e.detail);
    document.addEventListener('agora-error', listener);
    const el = place('agora-carousel', { 'api-base': 'http://127.0.0.1:9/api/v1' });
    try {
      await wait(() => heard.length > 0, 'agora-error');
      expect(heard[0].status).to.equal(0);
    } finally {
      document.removeEventListener('agora-error', listener);
      el.remove();
    }
  });
});
