// Unit tests render components without a Suspense boundary: load the texts and formatters first.
import { preloadMessages } from '../../src/i18n/intl.ts';

await preloadMessages();
