// The events elements send to their host page: composed (they cross shadow roots), bubbling
// CustomEvents named agora-<noun>-<verb>, with a typed detail. This map is the one source: the
// manifest (dist/custom-elements.json) and the host types (dist/agora.d.ts) are generated from the
// JSDoc below (scripts/elements-manifest.mjs), so a new event is documented where it is declared.
//
//   document.addEventListener('agora-navigate', (e) => { e.preventDefault(); router.go(e.detail.location); });

export interface AgoraEventMap {
  /**
   * An element wants to go to a portal location (a stand-alone element; inside <agora-portal> it
   * routes by itself). Cancelable: call preventDefault() to route yourself instead of the element
   * opening `href` (Agora.configure({ portalUrl }) + location).
   */
  'agora-navigate': { location: string; href: string };
  /**
   * The visitor chose something that needs a signed-in user (e.g. 'Sign in to subscribe').
   * Cancelable: preventDefault() keeps the element from opening the portal's sign-in page (then
   * sign in your way, e.g. Agora.setAccessToken). `returnTo` is where the sign-in would come back to.
   */
  'agora-signin-required': { returnTo: string };
  /** A subscription was requested; `state` is its approval state (approved, pending…). */
  'agora-subscribed': { subscriptionId: string; productId: string; planId: string; state: string };
  /** An application was created. */
  'agora-application-created': { applicationId: string; title: string };
  /** A credential was created for an application. */
  'agora-credential-created': { credentialId: string; applicationId: string };
  /** Something failed and the element shows it: a request (status is the HTTP status, 0 for the
   * network) or the element itself (a chunk that did not load, a bug: status undefined). */
  'agora-error': { message: string; status?: number };
}

export type AgoraEventName = keyof AgoraEventMap;
export type AgoraEvent<K extends AgoraEventName> = CustomEvent<AgoraEventMap[K]>;

/** Events any element may send (whatever its screen); elements name their own with @fires. */
export const COMMON_EVENTS: readonly AgoraEventName[] = ['agora-navigate', 'agora-signin-required', 'agora-error'];

/**
 * Dispatches `name` from the element `host` (bubbles, composed, cancelable). Returns false when a
 * listener called preventDefault(). Without a host (a screen rendered outside an element) nothing
 * is sent and it returns true.
 */
export function emit<K extends AgoraEventName>(host: EventTarget | null | undefined, name: K, detail: AgoraEventMap[K]): boolean {
  if (!host || typeof CustomEvent === 'undefined') return true;
  return host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
}
