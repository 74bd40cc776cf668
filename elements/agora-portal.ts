// <agora-portal base-path="/portal"> (history mode) or <agora-portal router="hash"> (CMS pages):
// the full marketplace portal.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-portal', () => import('../src/screens/shell/Portal.tsx'), {
  basePath: 'string',
  router: 'string',
});
