import type { Messages } from './en.ts';

export const pt: Messages = {
  // == common ==
  'common.loading': 'Carregando…',
  // == end common ==

  // == shell ==
  // == end shell ==

  // == ui ==
  // == end ui ==

  // == catalogue ==
  // == end catalogue ==
};
