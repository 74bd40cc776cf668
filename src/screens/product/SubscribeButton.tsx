// The subscribe button's three looks (spec 1 §2, spec 3 §2.1) and the rule of when it shows
// (spec 3 §6). Subscribing itself is the subscription flow's; until it is opened from here the
// buttons lead to the product's plans, where a plan is chosen, and 'Subscribed' to the
// subscriptions of the product.
import { useMarketplace } from '../../api/marketplace.ts';
import { useSession } from '../../api/auth.ts';
import type { Product } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link } from '../../router/context.tsx';
import { isAdministrator, isConsumer } from '../../rules/roles.ts';
import { showSubscribeButton, subscribeLook } from '../../rules/subscribe.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { IconCheck } from '../../ui/icons.tsx';
import { useUiTheme } from '../../ui/theme.ts';
import { cx } from '../../ui/tone.ts';
import { productHref } from './context.ts';

export interface SubscribeButtonProps {
  productId: string;
  /** The latest version, for the plans link. */
  versionId: string | null;
  /** The caller's subscriptions to the product. */
  count: number | null | undefined;
  size?: 'sm' | 'md';
}

export function SubscribeButton({ productId, versionId, count, size = 'md' }: SubscribeButtonProps) {
  const { t } = useMessages('product');
  const theme = useUiTheme();
  const look = subscribeLook(count);
  const plans = productHref.tab(productId, versionId, 'plans');
  if (look.kind === 'subscribe') {
    return (
      <Link to={plans} data-look="subscribe" className={cx(buttonClasses({ variant: 'primary', size, theme }), 'no-underline')}>
        {t('product.subscribe.subscribe')}
      </Link>
    );
  }
  return (
    <span className="inline-flex items-center gap-1.5" role="group" aria-label={t('product.subscribe.group')}>
      <Link
        to={productHref.subscriptions(productId)}
        data-look={look.showCount ? 'subscribed-count' : 'subscribed'}
        className={cx(buttonClasses({ variant: 'secondary', size, theme }), 'no-underline')}
      >
        <IconCheck size={16} className="text-success" />
        {look.showCount ? t('product.subscribe.subscribedCount', { count: look.count }) : t('product.subscribe.subscribed')}
      </Link>
      <Link
        to={plans}
        data-look="add"
        aria-label={t('product.subscribe.add')}
        title={t('product.subscribe.add')}
        className={cx(buttonClasses({ variant: 'primary', size, theme }), 'text-lg leading-none no-underline')}
      >
        <span aria-hidden="true">+</span>
      </Link>
    </span>
  );
}

/** Whether the signed-in user gets a subscribe button for this product (spec 3 §6). */
export function useCanShowSubscribe(product: Pick<Product, 'canSubscribe' | 'latestVersion'> | undefined): boolean {
  const session = useSession();
  const settings = useMarketplace().data?.settings;
  if (!product || !session.data || !settings) return false;
  return showSubscribeButton({
    canSubscribe: product.canSubscribe,
    latestVersionState: product.latestVersion?.state,
    isAdministrator: isAdministrator(session.data, { consumerMarketplace: settings.consumer }),
    isConsumer: isConsumer(session.data),
  });
}

/** The product's subscribe button, when the rule lets the user see it. */
export function ProductSubscribeButton({ product, size }: { product: Product; size?: 'sm' | 'md' }) {
  const visible = useCanShowSubscribe(product);
  if (!visible) return null;
  return <SubscribeButton productId={product.id} versionId={product.latestVersion?.id ?? null} count={product.subscriptions?.totalCount} size={size} />;
}
