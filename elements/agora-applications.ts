// <agora-applications page-size="10" url-state>: the applications grid (search, state and owner
// filters, sorts, pages), with the create/edit side panel and each tile's archive and delete.
// Alone on a page, tiles link to the portal's application details (agora-navigate first).
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-applications', () => import('../src/screens/applications/Applications.tsx'), {
  pageSize: 'number',
  urlState: 'boolean',
}, { sections: ['applications'] });
