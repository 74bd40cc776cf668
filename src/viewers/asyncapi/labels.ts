// The AsyncAPI component's own texts in the reader's language. Its config names only the six
// operation badges (PUB, SUB, SEND…); every other label is a literal in its markup, so they are
// translated where they land: a text node whose whole (trimmed) text is one of the component's
// labels gets the message, kept up to date as React redraws (Expand all ⇄ Collapse all).
// The document's own words are never touched: markdown (.prose), code, property names (italic)
// and monospaced values are skipped, and a label must match a whole text node exactly.
import type { MessageKey, Translate } from '../../i18n/intl.ts';

/** The component's literals (@asyncapi/react-component 3.2, lib/esm) and their message keys. */
const LABELS: Readonly<Record<string, MessageKey>> = {
  Servers: 'viewers.asyncapi.servers',
  Operations: 'viewers.asyncapi.operations',
  Messages: 'viewers.asyncapi.messages',
  Schemas: 'viewers.asyncapi.schemas',
  'Expand all': 'viewers.asyncapi.expandAll',
  'Expand All': 'viewers.asyncapi.expandAll',
  'Collapse all': 'viewers.asyncapi.collapseAll',
  'Collapse All': 'viewers.asyncapi.collapseAll',
  Expand: 'viewers.asyncapi.expand',
  Collapse: 'viewers.asyncapi.collapse',
  Payload: 'viewers.asyncapi.payload',
  Headers: 'viewers.asyncapi.headers',
  'Message Headers': 'viewers.asyncapi.messageHeaders',
  'Message Payload': 'viewers.asyncapi.messagePayload',
  Examples: 'viewers.asyncapi.examples',
  Example: 'viewers.asyncapi.example',
  'Example of payload': 'viewers.asyncapi.payloadExample',
  'Example of headers': 'viewers.asyncapi.headersExample',
  'This example has been generated automatically.': 'viewers.asyncapi.generatedExample',
  required: 'viewers.asyncapi.required',
  deprecated: 'viewers.asyncapi.deprecated',
  'read-only': 'viewers.asyncapi.readOnly',
  'write-only': 'viewers.asyncapi.writeOnly',
  'Additional properties are allowed.': 'viewers.asyncapi.additionalProperties',
  'Additional items are allowed.': 'viewers.asyncapi.additionalItems',
  'Allowed values:': 'viewers.asyncapi.allowedValues',
  'Default value:': 'viewers.asyncapi.defaultValue',
  'Constant value:': 'viewers.asyncapi.constantValue',
  'URL Variables': 'viewers.asyncapi.urlVariables',
  Parameters: 'viewers.asyncapi.parameters',
  Security: 'viewers.asyncapi.security',
  Tags: 'viewers.asyncapi.tags',
  Bindings: 'viewers.asyncapi.bindings',
  'Server specific information': 'viewers.asyncapi.serverBindings',
  'Channel specific information': 'viewers.asyncapi.channelBindings',
  'Operation specific information': 'viewers.asyncapi.operationBindings',
  'Message specific information': 'viewers.asyncapi.messageBindings',
  'Accepts the following message:': 'viewers.asyncapi.acceptsMessage',
  // "Accepts <strong>one of</strong> the following messages:" comes in three nodes.
  Accepts: 'viewers.asyncapi.accepts',
  'one of': 'viewers.asyncapi.oneOf',
  'the following messages:': 'viewers.asyncapi.followingMessages',
  'Available only on servers:': 'viewers.asyncapi.onlyOnServers',
  'View channel details': 'viewers.asyncapi.viewChannel',
  'Message:': 'viewers.asyncapi.messageLabel',
  'Messages:': 'viewers.asyncapi.messagesLabel',
  'Message ID': 'viewers.asyncapi.messageId',
  'Correlation ID': 'viewers.asyncapi.correlationId',
  'Operation ID': 'viewers.asyncapi.operationId',
  'Address:': 'viewers.asyncapi.address',
  Contact: 'viewers.asyncapi.contact',
  License: 'viewers.asyncapi.license',
  'Terms of service': 'viewers.asyncapi.terms',
  'External Docs': 'viewers.asyncapi.externalDocs',
  Documentation: 'viewers.asyncapi.documentation',
  Support: 'viewers.asyncapi.support',
  'Email support': 'viewers.asyncapi.emailSupport',
  Rules: 'viewers.asyncapi.rules',
  Conditions: 'viewers.asyncapi.conditions',
  Extensions: 'viewers.asyncapi.extensions',
  'Additional security requirements': 'viewers.asyncapi.moreSecurity',
  'Scopes:': 'viewers.asyncapi.scopes',
  'Flow:': 'viewers.asyncapi.flow',
  'Required scopes:': 'viewers.asyncapi.requiredScopes',
};

/** The operation badges, which the component's config does name. */
export function operationLabels(t: Translate): Record<string, string> {
  return {
    publishLabel: t('viewers.asyncapi.op.publish'),
    subscribeLabel: t('viewers.asyncapi.op.subscribe'),
    sendLabel: t('viewers.asyncapi.op.send'),
    receiveLabel: t('viewers.asyncapi.op.receive'),
    requestLabel: t('viewers.asyncapi.op.request'),
    replyLabel: t('viewers.asyncapi.op.reply'),
  };
}

/** Where the document's own text is: never translated. */
const DOCUMENT_TEXT = '.prose, code, pre, .font-mono, .italic, h1';

function translateNode(node: Text, t: Translate): void {
  const text = node.data;
  const key = LABELS[text.trim()];
  if (!key) return;
  const parent = node.parentElement;
  if (!parent || parent.closest(DOCUMENT_TEXT)) return;
  const [, lead = '', trail = ''] = /^(\s*)[\s\S]*?(\s*)$/.exec(text) ?? [];
  const next = lead + t(key) + trail;
  if (next.trim() && next !== text) node.data = next;
}

function translateTree(root: Node, t: Translate): void {
  if (root.nodeType === Node.TEXT_NODE) return translateNode(root as Text, t);
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) translateNode(n as Text, t);
}

/**
 * Translates the component's labels under `root` now and whenever React adds or changes text
 * there; returns the undo (stops watching). English needs nothing, so nothing is watched.
 */
export function translateLabels(root: HTMLElement, t: Translate, english: boolean): () => void {
  if (english) return () => undefined;
  translateTree(root, t);
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') translateNode(r.target as Text, t);
      else r.addedNodes.forEach((n) => translateTree(n, t));
    }
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return () => observer.disconnect();
}
