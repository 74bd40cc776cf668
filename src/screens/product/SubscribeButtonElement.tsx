// <agora-subscribe-button product-id="…" plan-id="…">: the product's (or one plan's) subscribe
// button alone, in the look the caller's subscriptions give it (Subscribe / Subscribed /
// Subscribed (n) + add); Subscribe and add open the subscription side panel right here. A visitor
// gets 'Sign in to subscribe' (to the portal's sign-in, then back to this page when the portal shares its origin); nothing shows
// when the rule of spec 3 §6 hides the button. When the product cannot be read (the API down, a
// host origin CORS_ORIGINS does not allow) it says so in the button's place and sends agora-error.
import { useEffect } from 'react';
import { usePlan, useProduct } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Button } from '../../ui/Button.tsx';
import { IconError } from '../../ui/icons.tsx';
import { useErrorEvent } from '../../ui/Placeholders.tsx';
import { cx } from '../../ui/tone.ts';
import { SubscribeProvider } from '../subscribe/SubscribeLauncher.tsx';
import { ProductSubscribeButton } from './SubscribeButton.tsx';

export interface SubscribeButtonElementProps {
  productId?: string;
  /** Subscribe to this plan (the looks follow its subscriptions); absent: the panel asks for a plan. */
  planId?: string;
  /** 'sm' for a compact button. */
  size?: string;
}

export default function SubscribeButtonElement({ productId, planId, size }: SubscribeButtonElementProps) {
  const { t } = useMessages('product');
  const id = productId?.trim() || null;
  const planKey = planId?.trim() || null;
  const product = useProduct(id);
  const plan = usePlan(id ?? '', id ? planKey : null);
  const buttonSize = size === 'sm' ? 'sm' : 'md';
  useEffect(() => {
    if (!id) console.warn('agora-subscribe-button: the product-id attribute is missing');
  }, [id]);
  if (!id) {
    // Misconfigured on the host page: show the control, inert, and say why in the console.
    return <Button disabled size={buttonSize}>{t('product.subscribe.subscribe')}</Button>;
  }
  const failed = product.error ?? (planKey ? plan.error : undefined);
  if (failed && !product.data) return <Unavailable error={failed} size={buttonSize} onRetry={() => void (product.error ? product.mutate() : plan.mutate())} />;
  if (!product.data || (planKey && !plan.data)) return null;
  return (
    <SubscribeProvider productId={id}>
      <span className="inline-flex"><ProductSubscribeButton product={product.data} plan={plan.data ?? null} size={buttonSize} /></span>
    </SubscribeProvider>
  );
}

/** In the button's place when the product could not be read: says so (the error's own text as its
 * tooltip), offers a retry, and tells the host page (agora-error). */
function Unavailable({ error, size, onRetry }: { error: Error; size: 'sm' | 'md'; onRetry: () => void }) {
  const { t } = useMessages('product');
  useErrorEvent(error);
  return (
    <span role="alert" data-look="error" title={error.message}
      className={cx('inline-flex items-center gap-2 rounded-md border border-danger/40 bg-danger/5 font-medium text-danger', size === 'sm' ? 'px-2 py-1 text-xs' : 'px-3 py-2 text-sm')}>
      <IconError size={size === 'sm' ? 14 : 16} />
      {t('product.subscribe.unavailable')}
      <button type="button" onClick={onRetry} className="cursor-pointer border-0 bg-transparent p-0 font-semibold text-danger underline">{t('ui.placeholder.retry')}</button>
    </span>
  );
}
