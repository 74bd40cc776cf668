import type { Translate } from '../../i18n/intl.ts';
import type { SideNavId } from '../../rules/sideNavigation.ts';

/** The text of a side navigation entry (also used by the small-screen menu). */
export function sideLabel(t: Translate, id: SideNavId): string {
  return t(`shell.side.${id}`);
}
