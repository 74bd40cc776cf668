// <agora-assistant>: see the JSDoc below (the source of dist/custom-elements.json and dist/agora.d.ts).
import { defineElement } from '../src/elements/define.ts';

/**
 * A button opening the AI assistant's conversation (a modal: question box, answers typed out with
 * their references, Cancel while answering, proposals confirmed in the conversation), shown only to
 * a signed-in user when AI is enabled. Its references and confirmed actions lead into the portal
 * (Agora.configure({ portalUrl })); a confirmed subscription opens the subscription side panel here.
 * Usage: `<agora-assistant>`
 * @fires agora-navigate
 * @fires agora-subscribed
 */
defineElement('agora-assistant', () => import('../src/screens/assistant/Assistant.tsx'), {}, { sections: ['assistant'] });
