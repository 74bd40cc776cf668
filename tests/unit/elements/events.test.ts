// emit() (src/elements/events.ts): the events an element sends its host page cross the shadow
// root, bubble to the document, and report a listener's preventDefault().
import { afterEach, describe, expect, it } from 'vitest';
import { emit } from '../../../src/elements/events.ts';

afterEach(() => document.body.replaceChildren());

describe('emit', () => {
  it('sends a composed, bubbling, cancelable CustomEvent with its detail from inside a shadow root', () => {
    const host = document.createElement('agora-test-host');
    document.body.append(host);
    const inner = host.attachShadow({ mode: 'open' }).appendChild(document.createElement('span'));
    const heard: CustomEvent[] = [];
    document.addEventListener('agora-subscribed', (e) => heard.push(e as CustomEvent), { once: true });
    const detail = { subscriptionId: 's1', productId: 'p1', planId: 'pl1', state: 'approved' };
    expect(emit(inner, 'agora-subscribed', detail)).toBe(true);
    expect(heard).toHaveLength(1);
    expect(heard[0]!.detail).toEqual(detail);
    expect([heard[0]!.bubbles, heard[0]!.composed, heard[0]!.cancelable]).toEqual([true, true, true]);
  });

  it('returns false when the host page called preventDefault()', () => {
    const host = document.createElement('div');
    document.body.append(host);
    document.addEventListener('agora-navigate', (e) => e.preventDefault(), { once: true });
    expect(emit(host, 'agora-navigate', { location: '/signin', href: '/signin' })).toBe(false);
  });

  it('sends nothing without a host', () => {
    expect(emit(null, 'agora-error', { message: 'x' })).toBe(true);
  });
});
