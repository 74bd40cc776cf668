// The approval state badge: rejected is shown as declined (spec 2 §4).
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import { Status } from '../../ui/Status.tsx';
import type { Tone } from '../../ui/tone.ts';
import { approvalLabelOf } from './query.ts';

const TONE: Record<string, Tone> = { pending: 'warning', approved: 'success', declined: 'danger' };

export function ApprovalBadge({ state }: { state: string }) {
  const { t } = useMessages('registrations');
  const label = approvalLabelOf(state);
  return <Status tone={TONE[label] ?? 'neutral'}><span data-approval={label}>{t(`registrations.state.${label}` as MessageKey)}</span></Status>;
}
