// <agora-home>: the marketplace's home page (hero, call to action, featured categories, recently
// published products), configured by the provider's homepage settings.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-home', () => import('../src/screens/home/Home.tsx'), {}, { sections: ['home', 'tiles'], catalogue: true });
