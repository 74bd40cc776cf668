// The shared UI reads texts and formats through this one module, so it follows the app's i18n.
export { useMessages, useT, type MessageValues, type Translate } from '../i18n/intl.ts';
