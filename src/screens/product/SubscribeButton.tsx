// The subscribe button (spec 1 §2, spec 3 §2.1, §6): its three looks, 'Subscribe', 'Subscribed' +
// add, 'Subscribed (n)' + add, after the caller's subscriptions to the product (or, given a plan,
// to the plan); disabled with the reason as a tooltip when the plan may not be subscribed to; and
// for a visitor 'Sign in to subscribe', which comes back here after signing in. Subscribe and add
// open the subscription side panel (src/screens/subscribe/); 'Subscribed' leads to the
// subscriptions of the product.
import { Suspense } from 'react';
import { useMarketplace } from '../../api/marketplace.ts';
import { useSession } from '../../api/auth.ts';
import type { Plan, Product } from '../../api/products.ts';
import { useMessages } from '../../i18n/intl.ts';
import { Link, pageOrigin, useNavigator, useRoute } from '../../router/context.tsx';
import { isAdministrator, isConsumer } from '../../rules/roles.ts';
import { signInPath } from '../../rules/routes.ts';
import { planSubscribeBlock, showSubscribeButton, subscribeLook, type PlanBlock } from '../../rules/subscribe.ts';
import { useSignedIn } from '../../state/store.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { IconCheck } from '../../ui/moreIcons.tsx';
import { useUiTheme } from '../../ui/theme.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { cx } from '../../ui/tone.ts';
import { usePlanBlockText } from '../subscribe/blockText.ts';
import { useSubscribeLauncher } from '../subscribe/SubscribeLauncher.tsx';
import { productHref } from './context.ts';

export interface SubscribeButtonProps {
  productId: string;
  /** The latest version, for the plans link used when no panel can open. */
  versionId: string | null;
  /** The caller's subscriptions to the product (or to the plan). */
  count: number | null | undefined;
  /** Subscribe to this plan; absent: the panel asks for the plan. */
  planId?: string | null;
  /** Why the plan may not be subscribed to: the buttons are disabled and say why. */
  block?: PlanBlock | null;
  size?: 'sm' | 'md';
}

export function SubscribeButton({ productId, versionId, count, planId = null, block = null, size = 'md' }: SubscribeButtonProps) {
  const { t } = useMessages('product');
  const theme = useUiTheme();
  const launcher = useSubscribeLauncher();
  const blockText = usePlanBlockText();
  const look = subscribeLook(count);
  const plans = productHref.tab(productId, versionId, 'plans');

  // Subscribe and add: open the panel, or without one (no provider around) lead to the plans.
  const action = (kind: 'subscribe' | 'add', label: string, className?: string) => {
    const props = { 'data-look': kind, ...(kind === 'add' ? { 'aria-label': label, title: block ? undefined : label } : {}) };
    const content = kind === 'add' ? <span aria-hidden="true">+</span> : label;
    if (block) {
      return (
        <Tooltip content={blockText(block)} focusableWrapper>
          <Button disabled size={size} className={className} data-subscribe-blocked={block.reason} {...props}>{content}</Button>
        </Tooltip>
      );
    }
    if (!launcher) {
      return <Link to={plans} className={cx(buttonClasses({ variant: 'primary', size, theme }), 'no-underline', className)} {...props}>{content}</Link>;
    }
    return <Button size={size} className={className} onClick={() => launcher.open(planId)} aria-haspopup="dialog" {...props}>{content}</Button>;
  };

  if (look.kind === 'subscribe') return action('subscribe', t('product.subscribe.subscribe'));
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
      {action('add', t('product.subscribe.add'), 'text-lg leading-none')}
    </span>
  );
}

/** 'Sign in to subscribe': to the sign-in page, which returns to this page: the portal route, or
 * the host page of an element standing alone when the portal shares its origin (else the
 * product's page in the portal). */
export function SignInToSubscribe({ productId, versionId, planId, size = 'md' }: { productId: string; versionId: string | null; planId?: string | null; size?: 'sm' | 'md' }) {
  const { t } = useMessages('subscribe');
  const theme = useUiTheme();
  const navigator = useNavigator();
  const { match } = useRoute();
  const productPage = planId ? productHref.plan(productId, versionId, planId) : productHref.tab(productId, versionId, 'overview');
  const here = navigator.inPortal && match
    ? match.path + (match.search ? `?${match.search}` : '')
    : sharesOrigin(navigator.href('/signin')) ? window.location.href : productPage;
  return (
    <Link to={signInPath(here, pageOrigin())} data-look="signin" className={cx(buttonClasses({ variant: 'primary', size, theme }), 'no-underline')}>
      {t('subscribe.signIn')}
    </Link>
  );
}

/** Whether a portal address is on this page's origin (so it may send the reader back here). */
function sharesOrigin(portalHref: string): boolean {
  try {
    return new URL(portalHref, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
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

/** A visitor would get the button once signed in: the product takes subscriptions. */
const subscribableProduct = (product: Pick<Product, 'canSubscribe' | 'latestVersion'>) =>
  !!product.canSubscribe && product.latestVersion?.state === 'active';

export interface ProductSubscribeButtonProps {
  product: Product;
  /** The button of one plan (its looks follow the plan's subscriptions, disabled when it is blocked). */
  plan?: Plan | null;
  size?: 'sm' | 'md';
}

/** The product's (or one plan's) subscribe button, when the rule lets the user see it; for a
 * visitor, 'Sign in to subscribe'. Loads its texts by itself (nothing else waits for them). */
export function ProductSubscribeButton(props: ProductSubscribeButtonProps) {
  return <Suspense fallback={null}><ProductSubscribeButtonInner {...props} /></Suspense>;
}

function ProductSubscribeButtonInner({ product, plan, size }: ProductSubscribeButtonProps) {
  const signedIn = useSignedIn();
  const visible = useCanShowSubscribe(product);
  const billingEnabled = useMarketplace().data?.settings.billing?.enabled !== false;
  const versionId = product.latestVersion?.id ?? null;
  if (!signedIn) {
    return subscribableProduct(product) ? <SignInToSubscribe productId={product.id} versionId={versionId} planId={plan?.id} size={size} /> : null;
  }
  if (!visible) return null;
  return (
    <SubscribeButton
      productId={product.id}
      versionId={versionId}
      count={plan ? plan.subscriptions.totalCount : product.subscriptions?.totalCount}
      planId={plan?.id ?? null}
      block={plan ? planSubscribeBlock(plan, { billingEnabled }) : null}
      size={size}
    />
  );
}

/** The subscribe action of a plan card and the plan page: 'Subscribe' opening the panel for the
 * plan, or disabled with the reason as a tooltip. Only for those who may subscribe. */
export function PlanSubscribeAction({ product, plan, size = 'md' }: { product: Product; plan: Plan; size?: 'sm' | 'md' }) {
  return <Suspense fallback={null}><PlanSubscribeActionInner product={product} plan={plan} size={size} /></Suspense>;
}

function PlanSubscribeActionInner({ product, plan, size }: { product: Product; plan: Plan; size: 'sm' | 'md' }) {
  const { t } = useMessages('product', 'subscribe');
  const visible = useCanShowSubscribe(product);
  const launcher = useSubscribeLauncher();
  const blockText = usePlanBlockText();
  const billingEnabled = useMarketplace().data?.settings.billing?.enabled !== false;
  if (!visible) return null;
  const block = planSubscribeBlock(plan, { billingEnabled });
  const label = t('product.subscribe.subscribe');
  if (block) {
    return (
      <Tooltip content={blockText(block)} focusableWrapper>
        <Button disabled size={size} data-subscribe-blocked={block.reason}>{label}</Button>
      </Tooltip>
    );
  }
  if (!launcher) return null;
  return (
    <Button size={size} onClick={() => launcher.open(plan.id)} aria-haspopup="dialog" aria-label={t('subscribe.subscribePlan', { plan: plan.title })} data-subscribe-plan={plan.id}>
      {label}
    </Button>
  );
}
