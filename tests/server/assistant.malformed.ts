// Malformed input to the assistant (POST /ai/conversations), for the shared runner
// (tests/server/malformed.test.ts): the body's shape is checked before anything else.
import type { MalformedCase } from './malformed.ts';

const R = 'POST /ai/conversations';
const url = '/ai/conversations';
const text = (data: unknown, extra: Record<string, unknown> = {}) => ({ content: { messages: [{ role: 'user', parts: [{ type: 'text', mimeType: 'text/plain', data, ...extra }] }] } });

export const AI_CASES: MalformedCase[] = [
  { route: R, url, method: 'POST', body: {}, parameter: 'content', as: 'alice' },
  { route: R, url, method: 'POST', body: { content: { messages: [] } }, parameter: 'content.messages', as: 'alice' },
  { route: R, url, method: 'POST', body: text({ not: 'text' }), parameter: 'content.messages.0.parts.0.data', as: 'alice' },
  { route: R, url, method: 'POST', body: { ...text('hi'), stream: 'yes please' }, parameter: 'stream', as: 'alice' },
  { route: R, url, method: 'POST', body: { ...text('hi'), context: { conversationId: 'a b' } }, parameter: 'context.conversationId', as: 'alice' },
  { route: R, url, method: 'POST', body: { content: { messages: [{ role: 'system', parts: [{ type: 'text', mimeType: 'text/plain', data: 'x' }] }] } }, parameter: 'content.messages.0.role', as: 'alice' },
  { route: R, url, method: 'POST', body: text('x', { extra: 1 }), parameter: 'content.messages.0.parts.0.extra', as: 'alice' },
  { route: R, url: `${url}?x=1`, method: 'POST', body: text('hi'), parameter: 'x', as: 'alice' },
  { route: R, url, method: 'POST', body: text('hi'), status: 401 },
];
