import type { Messages } from './en.ts';

export const fr: Messages = {
  // == common ==
  'common.loading': 'Chargement…',
  // == end common ==

  // == shell ==
  // == end shell ==

  // == ui ==
  // == end ui ==

  // == catalogue ==
  // == end catalogue ==
};
