// The bundle entry (dist/agora.js): defines every element; each screen is a lazy chunk.
// One line per element file; a page that wants one element loads dist/elements/<tag>.js instead.
import '../elements/agora-portal.ts';
import '../elements/agora-home.ts';
import '../elements/agora-carousel.ts';
import '../elements/agora-categories.ts';
import '../elements/agora-docs.ts';
import '../elements/agora-document.ts';
import '../elements/agora-catalogue.ts';
import '../elements/agora-search.ts';
import '../elements/agora-product.ts';
import '../elements/agora-subscribe-button.ts';
import '../elements/agora-explorer.ts';
import '../elements/agora-applications.ts';
import '../elements/agora-credentials.ts';
import '../elements/agora-access-requests.ts';
import '../elements/agora-access-wizard.ts';
import '../elements/agora-reviews.ts';
import '../elements/agora-approvals.ts';
import '../elements/agora-subscriptions.ts';
import '../elements/agora-notifications.ts';
import '../elements/agora-assistant.ts';

export { configure } from './state/store.ts';
export { installPageApi } from './elements/page.ts';
export { APP_VERSION } from './rules/constants.ts';
