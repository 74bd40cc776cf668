import type { Messages } from './en.ts';

export const de: Messages = {
  // == common ==
  'common.loading': 'Wird geladen…',
  // == end common ==

  // == shell ==
  // == end shell ==

  // == ui ==
  // == end ui ==

  // == catalogue ==
  // == end catalogue ==
};
