// <agora-subscribe-button product-id="…">: the product's subscribe button alone, in the look
// the caller's subscriptions give it (Subscribe / Subscribed / Subscribed (n) + add); nothing
// when the rule of spec 3 §6 hides it. It leads to the product's plans (subscribing itself is
// the subscription flow's).
import { useEffect } from 'react';
import { useProduct } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Button } from '../../ui/Button.tsx';
import { ProductSubscribeButton } from './SubscribeButton.tsx';

export interface SubscribeButtonElementProps {
  productId?: string;
  /** 'sm' for a compact button. */
  size?: string;
}

export default function SubscribeButtonElement({ productId, size }: SubscribeButtonElementProps) {
  const { t } = useMessages('product');
  const id = productId?.trim() || null;
  const product = useProduct(id);
  const buttonSize = size === 'sm' ? 'sm' : 'md';
  useEffect(() => {
    if (!id) console.warn('agora-subscribe-button: the product-id attribute is missing');
  }, [id]);
  if (!id) {
    // Misconfigured on the host page: show the control, inert, and say why in the console.
    return <Button disabled size={buttonSize}>{t('product.subscribe.subscribe')}</Button>;
  }
  if (!product.data) return null;
  return <span className="inline-flex"><ProductSubscribeButton product={product.data} size={buttonSize} /></span>;
}
