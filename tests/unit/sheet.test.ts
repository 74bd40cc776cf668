// The shared utility sheet: rules arrive per chunk, in any order, and must land in the cascade
// order the build gave them (a later rule wins over an earlier one of the same specificity).
import { describe, expect, it } from 'vitest';
import { addRules, adoptStyles } from '../../src/styles/sheet.ts';

function utilitySheet(): CSSStyleSheet {
  const host = document.createElement('div');
  const root = host.attachShadow({ mode: 'open' });
  adoptStyles(root);
  return root.adoptedStyleSheets[1]!;
}

/** The arguments the build writes for [place, rule] pairs (scripts/styles.mjs). */
function rules(pairs: Array<[number, string]>): [string, string] {
  let previous = 0;
  const steps = pairs.map(([place]) => (place - previous).toString(36) + ((previous = place), ''));
  return [steps.join(','), pairs.map(([, rule]) => rule).join('\n')];
}

const texts = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((r) => r.cssText.replace(/\s+/g, ''));

describe('utility sheet', () => {
  it('orders rules by their place in the whole stylesheet, whatever order chunks register them', () => {
    const sheet = utilitySheet();
    const before = sheet.cssRules.length;
    addRules(...rules([[5020, '.t-md{display:flex}'], [5040, '.t-late{color:blue}']]));
    addRules(...rules([[5010, '.t-hidden{display:none}'], [5030, '.t-mid{color:red}']]));
    expect(texts(sheet).slice(before)).toEqual(['.t-hidden{display:none;}', '.t-md{display:flex;}', '.t-mid{color:red;}', '.t-late{color:blue;}']);
  });

  it('adds a rule once, however many chunks need it', () => {
    const sheet = utilitySheet();
    addRules(...rules([[6000, '.t-once{margin:0}']]));
    const count = sheet.cssRules.length;
    addRules(...rules([[6000, '.t-once{margin:0}']]));
    expect(sheet.cssRules.length).toBe(count);
  });

  it('keeps the order when the browser rejects a rule', () => {
    const sheet = utilitySheet();
    addRules(...rules([[7000, '.t-a{color:red}'], [7001, '::-moz-nonsense{color:red}'], [7002, '.t-b{color:blue}']]));
    const all = texts(sheet);
    expect(all.indexOf('.t-b{color:blue;}') - all.indexOf('.t-a{color:red;}')).toBe(2);
  });
});
