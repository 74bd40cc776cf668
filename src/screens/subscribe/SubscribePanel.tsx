// The subscription side panel (spec 3 §2.2, §4 "Subscribe flow", §5, §8): the request form, then
// for a paid plan with billing on the checkout and the invoice wait, then the result (approved,
// pending or rejected). Steps and their rules in src/rules/subscribeFlow.ts; the server decides
// (POST /subscriptions) and its refusals show in the panel.
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../api/context.ts';
import { ApiError } from '../../api/errors.ts';
import { useMarketplace } from '../../api/marketplace.ts';
import { useProduct } from '../../api/products.ts';
import { createSubscription } from '../../api/subscriptions.ts';
import { useEmit } from '../../elements/host.ts';
import { useInvalidate } from '../../api/swr.ts';
import { useMessages } from '../../i18n/intl.ts';
import { stepAfterCreate, type SubscribeStep } from '../../rules/subscribeFlow.ts';
import { Button } from '../../ui/Button.tsx';
import { SidePanel } from '../../ui/SidePanel.tsx';
import { CheckoutStep, InvoiceWaitStep } from './PaymentSteps.tsx';
import { RequestStep, type RequestDraft } from './RequestStep.tsx';
import { ResultStep } from './ResultStep.tsx';
import { StepList } from './StepList.tsx';

export interface SubscribePanelProps {
  productId: string;
  /** The plan chosen by the button; null: the panel asks for one. */
  planId: string | null;
  onClose: () => void;
}

export interface Created {
  id: string;
  title: string;
  plan: { id: string; title: string; type: string };
}

export default function SubscribePanel({ productId, planId, onClose }: SubscribePanelProps) {
  const { t } = useMessages('subscribe');
  const api = useApi();
  const invalidate = useInvalidate();
  const product = useProduct(productId);
  const billingEnabled = useMarketplace().data?.settings.billing?.enabled !== false;
  const [step, setStep] = useState<SubscribeStep>('requesting');
  const [created, setCreated] = useState<Created | null>(null);
  /** pending after the invoice wait ran out (unpaid), not a provider's review. */
  const [unpaid, setUnpaid] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<ApiError | Error | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const emit = useEmit();

  // Each new step is announced: focus moves to its heading (the panel keeps focus inside itself).
  useEffect(() => {
    if (step !== 'requesting') heading.current?.focus();
  }, [step]);

  const submit = async (draft: RequestDraft) => {
    setSending(true);
    setFailure(null);
    setFieldErrors({});
    try {
      const answer = await createSubscription(api, {
        product: { id: productId },
        plan: { id: draft.plan.id },
        ...(draft.name.trim() ? { title: draft.name.trim() } : {}),
        ...(draft.owner ? { owner: { type: draft.owner.type, id: draft.owner.id } } : {}),
        ...(draft.hasForm ? { data: draft.data } : {}),
      });
      setCreated({ id: answer.id, title: draft.name.trim() || draft.defaultTitle, plan: draft.plan });
      emit('agora-subscribed', { subscriptionId: answer.id, productId, planId: draft.plan.id, state: answer.approval.state });
      setStep(stepAfterCreate(answer.approval.state, draft.plan, billingEnabled));
      // The product's and plans' subscription counts, the lists and the options change.
      void invalidate(['products', productId]);
      void invalidate(['subscriptions']);
      void invalidate(['invoices']);
    } catch (error) {
      const fields: Record<string, string> = {};
      if (error instanceof ApiError && error.status === 400) {
        for (const item of error.errors) if (item.source?.parameter) fields[item.source.parameter] = item.detail;
      }
      setFieldErrors(fields);
      setFailure(error instanceof Error ? error : new Error(String(error)));
    } finally {
      setSending(false);
    }
  };

  const productTitle = product.data?.title ?? product.data?.name ?? productId;
  const busy = step === 'requesting' && sending;
  return (
    <SidePanel
      open
      title={t('subscribe.panel.title')}
      subtitle={productTitle}
      onClose={busy ? () => undefined : onClose}
      size="lg"
      footer={step === 'requesting' ? undefined : <Button variant="secondary" onClick={onClose} data-action="close">{t('subscribe.close')}</Button>}
    >
      <div className="flex flex-col gap-5" data-part="subscribe-panel" data-step={step}>
        <StepList step={step} paid={created ? created.plan.type === 'paid' && billingEnabled : null} />
        {step === 'requesting' && (
          <RequestStep
            productId={productId}
            initialPlanId={planId}
            billingEnabled={billingEnabled}
            sending={sending}
            failure={failure}
            fieldErrors={fieldErrors}
            onSubmit={(draft) => void submit(draft)}
            onCancel={onClose}
          />
        )}
        {step === 'checkout' && created && (
          <CheckoutStep heading={heading} created={created} onPaid={() => setStep('invoices')} />
        )}
        {step === 'invoices' && created && (
          <InvoiceWaitStep
            heading={heading}
            created={created}
            onOutcome={(outcome) => { setUnpaid(outcome === 'pending'); setStep(outcome); void invalidate(['invoices']); }}
          />
        )}
        {(step === 'approved' || step === 'pending' || step === 'rejected') && created && (
          <ResultStep heading={heading} productId={productId} created={created} result={step} unpaid={unpaid}
            onCheckAgain={() => { setUnpaid(false); setStep('invoices'); }} />
        )}
      </div>
    </SidePanel>
  );
}
