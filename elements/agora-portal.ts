// <agora-portal>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The full marketplace portal, routing between every screen.
 * Usage: `<agora-portal base-path="/portal">` (history mode) or `<agora-portal router="hash">` (CMS pages)
 * @fires agora-subscribed
 * @fires agora-application-created
 * @fires agora-credential-created
 */
defineElement('agora-portal', () => import('../src/screens/shell/Portal.tsx'), {
  /** History mode: the path the portal lives under, e.g. /portal. @default "/" */
  basePath: 'string',
  /** 'hash' keeps the route in the URL fragment (#/browseProducts), for pages that own their URL; otherwise history mode. */
  router: 'string',
});
