// <agora-home>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * The marketplace's home page (hero, call to action, featured categories, recently published
 * products), configured by the provider's homepage settings.
 * Usage: `<agora-home>`
 */
defineElement('agora-home', () => import('../src/screens/home/Home.tsx'), {}, { sections: ['home', 'tiles'], catalogue: true });
