// <agora-applications>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The applications grid (search, state and owner filters, sorts, pages), with the create/edit side
 * panel and each tile's archive and delete. Alone on a page, tiles link to the portal's application
 * details (agora-navigate first).
 * Usage: `<agora-applications page-size="10" url-state>`
 * @fires agora-application-created
 */
defineElement('agora-applications', () => import('../src/screens/applications/Applications.tsx'), {
  /** Applications per page; the URL's `size` wins. @default 10 */
  pageSize: 'number',
  /** Keeps search, filters, sort and page in the page's query string (for an element alone on a page). */
  urlState: 'boolean',
}, { sections: ['applications'] });
