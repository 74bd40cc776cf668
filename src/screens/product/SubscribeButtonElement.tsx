// <agora-subscribe-button product-id="…" plan-id="…">: the product's (or one plan's) subscribe
// button alone, in the look the caller's subscriptions give it (Subscribe / Subscribed /
// Subscribed (n) + add); Subscribe and add open the subscription side panel right here. A visitor
// gets 'Sign in to subscribe' (to the portal's sign-in, then back to this page when the portal shares its origin); nothing shows
// when the rule of spec 3 §6 hides the button.
import { useEffect } from 'react';
import { usePlan, useProduct } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Button } from '../../ui/Button.tsx';
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
  if (!product.data || (planKey && !plan.data)) return null;
  return (
    <SubscribeProvider productId={id}>
      <span className="inline-flex"><ProductSubscribeButton product={product.data} plan={plan.data ?? null} size={buttonSize} /></span>
    </SubscribeProvider>
  );
}
