// A user's notification choices (issue 33): per kind (NOTIFICATION_KINDS), e-mail on or off.
import { Type, type Static } from '@sinclair/typebox';
import { NOTIFICATION_KINDS } from '../../../src/rules/constants.ts';

const choices = (optional: boolean) => Type.Object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, optional ? Type.Optional(Type.Boolean()) : Type.Boolean()])),
  { additionalProperties: false },
);

/** Every kind, on or off. */
export const NotificationSettings = Type.Object({ email: choices(false) });
/** The kinds to change (the others stay as they are). */
export const NotificationSettingsUpdate = Type.Object({ email: choices(true) }, { additionalProperties: false });
export type NotificationSettingsUpdate = Static<typeof NotificationSettingsUpdate>;
