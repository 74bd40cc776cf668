// The top navigation's fitting rule: every entry when all fit, else as many as fit beside More.
import { describe, expect, it } from 'vitest';
import { fittingCount } from '../../../src/screens/shell/TopNav.tsx';

describe('fittingCount', () => {
  it('keeps every entry when the row fits, More not counted', () => {
    expect(fittingCount([80, 90, 100], 80 + 90 + 100 + 2 * 4, 70)).toBe(3);
  });

  it('leaves room for the More button once one entry does not fit', () => {
    // 80+4+90 = 174 with More (70) needs 248; a third entry would need 352.
    expect(fittingCount([80, 90, 100], 277, 70)).toBe(2);
    expect(fittingCount([80, 90, 100], 150, 70)).toBe(0);
  });
});
