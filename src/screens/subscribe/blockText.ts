// The text of why subscribing is refused (src/rules/subscribe.ts PlanBlock; the server's
// subscriptionOptions answers the same shape): the disabled buttons' tooltips of spec 3 §2.1 and
// the panel's disabled choices.
import { useMessages } from '../../i18n/intl.ts';
import type { PlanBlock } from '../../rules/subscribe.ts';

export type BlockLike = { reason: PlanBlock['reason']; state?: string | undefined; plan?: string | undefined };

export function usePlanBlockText(): (block: BlockLike) => string {
  const { t } = useMessages('product', 'subscribe');
  return (block) => {
    switch (block.reason) {
      case 'state': return t('product.plan.block.state', { state: block.state ?? '' });
      case 'billing': return t('product.plan.block.billing');
      case 'version': return t('subscribe.block.version', { state: block.state ?? '' });
      case 'alreadySubscribed': return t('subscribe.block.alreadySubscribed', { plan: block.plan ?? '' });
      default: return t('product.plan.block.notAllowed');
    }
  };
}
