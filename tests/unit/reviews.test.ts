// The review rules of spec 3 §2.4, §4, §5, §9 (src/rules/reviews.ts), shared by the review side
// panel and the server.
import { describe, expect, it } from 'vitest';
import {
  cleanReview, commentLimit, commentMax, moderatedState, ratingSummary, REVIEW_FALLBACK_TITLES, reviewChanged, reviewVisible,
} from '../../src/rules/reviews.ts';
import { REVIEW_TITLE_MAX } from '../../src/rules/constants.ts';

describe('comment limits', () => {
  it('takes the tiers 280, 1000, 4000 with their grace 290, 1050, 4100; 280 otherwise', () => {
    expect([280, 1000, 4000].map(commentMax)).toEqual([290, 1050, 4100]);
    expect(commentLimit(500)).toBe(280);
    expect(commentLimit(undefined)).toBe(280);
    expect(commentMax(null)).toBe(290);
  });
});

describe('cleanReview', () => {
  it('requires a whole rating from 1 to 5', () => {
    expect(cleanReview({ title: 'x' }, 280)).toEqual({ problem: { field: 'rating', code: 'required' } });
    for (const rating of [0, 6, 4.5, Number.NaN]) expect(cleanReview({ rating }, 280)).toEqual({ problem: { field: 'rating', code: 'range' } });
  });

  it('trims, and falls back to the words of the rating for an empty title', () => {
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(cleanReview({ rating, title: '  ', comment: '  hi  ' }, 280)).toEqual({ review: { rating, title: REVIEW_FALLBACK_TITLES[rating], comment: 'hi' } });
    }
    expect(REVIEW_FALLBACK_TITLES).toEqual({ 1: 'Not satisfied', 2: 'Somewhat satisfied', 3: 'Satisfied', 4: 'Very satisfied', 5: 'Extremely satisfied' });
  });

  it('limits the title and the comment (after trimming), naming the field and the maximum', () => {
    expect(cleanReview({ rating: 4, title: 't'.repeat(REVIEW_TITLE_MAX) }, 280)).toHaveProperty('review');
    expect(cleanReview({ rating: 4, title: 't'.repeat(REVIEW_TITLE_MAX + 1) }, 280)).toEqual({ problem: { field: 'title', code: 'maxLength', max: REVIEW_TITLE_MAX } });
    expect(cleanReview({ rating: 4, comment: ` ${'c'.repeat(290)} ` }, 280)).toHaveProperty('review');
    expect(cleanReview({ rating: 4, comment: 'c'.repeat(291) }, 280)).toEqual({ problem: { field: 'comment', code: 'maxLength', max: 290 } });
    expect(cleanReview({ rating: 4, comment: 'c'.repeat(4100) }, 4000)).toHaveProperty('review');
  });
});

describe('reviewChanged', () => {
  const saved = { rating: 4, title: 'Good', comment: 'Fine' };
  it('is false when nothing changed (whitespace aside), true otherwise', () => {
    expect(reviewChanged(saved, { rating: 4, title: ' Good ', comment: 'Fine ' })).toBe(false);
    expect(reviewChanged(saved, { rating: 5, title: 'Good', comment: 'Fine' })).toBe(true);
    expect(reviewChanged(saved, { rating: 4, title: 'Good', comment: 'Finer' })).toBe(true);
  });
});

describe('moderation and visibility', () => {
  it('approves at once under automatic moderation, pending otherwise', () => {
    expect(moderatedState('automatic')).toBe('approved');
    expect(moderatedState('manual')).toBe('pending');
  });
  it('shows others approved reviews only, the author theirs in any state', () => {
    expect(reviewVisible({ approvalState: 'approved', own: false })).toBe(true);
    expect(reviewVisible({ approvalState: 'pending', own: false })).toBe(false);
    expect(reviewVisible({ approvalState: 'rejected', own: true })).toBe(true);
  });
});

describe('ratingSummary', () => {
  it('averages and counts the ratings by star', () => {
    expect(ratingSummary([5, 4, 4, 1])).toEqual({ average: 3.5, total: 4, distribution: { 1: 1, 2: 0, 3: 0, 4: 2, 5: 1 } });
    expect(ratingSummary([])).toEqual({ average: 0, total: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
  });
});
