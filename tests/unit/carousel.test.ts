// Carousel items by window width (spec 1 §9) and how keys and swipes move it.
import { describe, expect, it } from 'vitest';
import { carouselItems, carouselKeyTarget, clampStart, lastStart, swipeTarget, SWIPE_THRESHOLD_PX } from '../../src/rules/carousel.ts';

describe('items in view by window width', () => {
  it('shows 3 before the window is measured', () => {
    expect(carouselItems(null)).toBe(3);
    expect(carouselItems(undefined)).toBe(3);
    expect(carouselItems(0)).toBe(3);
    expect(carouselItems(Number.NaN)).toBe(3);
  });

  it('shows 1 up to 1280 px, bound included', () => {
    expect(carouselItems(320)).toBe(1);
    expect(carouselItems(1280)).toBe(1);
  });

  it('adds one item at each bound: 1762, 2160, 2758, 3356, 3954', () => {
    const cases: Array<[number, number]> = [
      [1281, 2], [1762, 2], [1763, 3], [2160, 3], [2161, 4], [2758, 4], [2759, 5], [3356, 5], [3357, 6], [3954, 6],
    ];
    for (const [width, items] of cases) expect(carouselItems(width), `${width} px`).toBe(items);
  });

  it('shows 7 above 3954 px', () => {
    expect(carouselItems(3955)).toBe(7);
    expect(carouselItems(10_000)).toBe(7);
  });
});

describe('moving the view', () => {
  it('never starts past the last full view', () => {
    expect(lastStart(10, 3)).toBe(7);
    expect(lastStart(2, 3)).toBe(0);
    expect(clampStart(9, 10, 3)).toBe(7);
    expect(clampStart(-2, 10, 3)).toBe(0);
  });

  it('moves one slide with the arrow keys and to the ends with Home and End', () => {
    expect(carouselKeyTarget('ArrowRight', 0, 10, 1)).toBe(1);
    expect(carouselKeyTarget('ArrowLeft', 1, 10, 1)).toBe(0);
    expect(carouselKeyTarget('ArrowLeft', 0, 10, 1)).toBe(0);
    expect(carouselKeyTarget('ArrowRight', 8, 10, 2)).toBe(8);
    expect(carouselKeyTarget('End', 0, 10, 2)).toBe(8);
    expect(carouselKeyTarget('Home', 5, 10, 2)).toBe(0);
    expect(carouselKeyTarget('Enter', 5, 10, 2)).toBeNull();
  });

  it('treats a swipe left as next and right as previous, ignoring short moves', () => {
    expect(swipeTarget(-SWIPE_THRESHOLD_PX, 2, 10, 1)).toBe(3);
    expect(swipeTarget(120, 2, 10, 1)).toBe(1);
    expect(swipeTarget(SWIPE_THRESHOLD_PX - 1, 2, 10, 1)).toBe(2);
    expect(swipeTarget(-200, 9, 10, 1)).toBe(9);
  });
});
