// <agora-assistant>: a button opening the AI assistant's conversation, for a signed-in user when AI
// is enabled; its references and confirmed actions lead into the portal (Agora.configure({ portalUrl }))
// after a cancelable agora-navigate event.
import { defineElement } from '../src/elements/define.ts';

defineElement('agora-assistant', () => import('../src/screens/assistant/Assistant.tsx'), {}, { sections: ['assistant'] });
