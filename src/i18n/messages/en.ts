// English: the typed source of every message key. Other locales must give every key.
// One section per area; each area edits only its own section.
export const en = {
  // == common ==
  'common.loading': 'Loading…',
  // == end common ==

  // == shell ==
  // == end shell ==

  // == ui ==
  // == end ui ==

  // == catalogue ==
  // == end catalogue ==
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
