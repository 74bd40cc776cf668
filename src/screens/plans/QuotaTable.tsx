// A quota of a plan as a table, for every pricing model (spec 3 §3): fixed (strict, loose,
// tiered and per-unit limits with overages), unlimited, volume and graduated tiers (from, to,
// cost, flat fee) and per-unit cost; with the interval and the monthly equivalent (spec 3 §5).
import type { ReactNode } from 'react';
import type { Quota } from '../../api/products.ts';
import type { MessageKey } from '../../i18n/intl.ts';
import {
  allowsOverages, isUnlimitedValue, monthlyEquivalent, readPricing, unitCostScale,
  type LimitType, type PricingModel, type QuotaPricing, type Tier,
} from '../../rules/quota.ts';
import { Status } from '../../ui/Status.tsx';
import { useQuotaText } from './useQuotaText.ts';

const MODEL: Record<PricingModel, MessageKey> = {
  fixed: 'product.quota.model.fixed',
  unlimited: 'product.quota.model.unlimited',
  volume: 'product.quota.model.volume',
  graduated: 'product.quota.model.graduated',
  perunit: 'product.quota.model.perunit',
};

const LIMIT_TYPE: Record<LimitType, [label: MessageKey, help: MessageKey]> = {
  strict: ['product.quota.limitType.strict', 'product.quota.limitType.strictHelp'],
  loose: ['product.quota.limitType.loose', 'product.quota.limitType.looseHelp'],
  tiered: ['product.quota.limitType.tiered', 'product.quota.limitType.tieredHelp'],
  perunit: ['product.quota.limitType.perunit', 'product.quota.limitType.perunitHelp'],
};

function Row({ label, children, name }: { label: ReactNode; children: ReactNode; name: string }) {
  return (
    <tr className="border-t border-gray-100 first:border-t-0" data-row={name}>
      <th scope="row" className="w-2/5 py-2.5 pr-4 text-left align-top text-sm font-medium text-gray-500 sm:w-56">{label}</th>
      <td className="py-2.5 text-sm text-gray-900">{children}</td>
    </tr>
  );
}

function MonthlyRow({ value, interval }: { value: number; interval: Parameters<typeof monthlyEquivalent>[1] }) {
  const q = useQuotaText();
  const m = monthlyEquivalent(value, interval);
  return (
    <Row label={q.t('product.quota.monthly')} name="monthly">
      <span data-monthly={m.unlimited ? 'unlimited' : m.value} className="tabular-nums">
        {/* 999999999 and above are shown as they are, and marked unlimited; -1 only as unlimited. */}
        {m.value >= 0 && q.number(m.value)}
        {m.value >= 0 && m.unlimited && ' '}
        {m.unlimited && <Status tone="info" className={m.value >= 0 ? 'ml-1' : undefined}>{q.t('product.quota.unlimited')}</Status>}
      </span>
    </Row>
  );
}

function FixedTable({ pricing, unit, currency }: { pricing: Extract<QuotaPricing, { type: 'fixed' }>; unit: string; currency: string }) {
  const q = useQuotaText();
  const [typeLabel, typeHelp] = LIMIT_TYPE[pricing.limitType];
  const unlimited = isUnlimitedValue(pricing.value);
  return (
    <>
      <Row label={q.t('product.quota.limit')} name="limit">
        <span className="tabular-nums" data-limit={pricing.value}>
          {unlimited ? pricing.value >= 0 && q.number(pricing.value) : q.limit(pricing.value, unit, pricing.interval)}
        </span>
        {unlimited && pricing.value >= 0 && ' '}
        {unlimited && <Status tone="info" className={pricing.value >= 0 ? 'ml-1' : undefined}>{q.t('product.quota.unlimited')}</Status>}
      </Row>
      <Row label={q.t('product.quota.limitType')} name="limit-type">
        <span className="font-medium" data-limit-type={pricing.limitType}>{q.t(typeLabel)}</span>
        <span className="block text-gray-600">{q.t(typeHelp)}</span>
      </Row>
      <Row label={q.t(pricing.limitType === 'perunit' ? 'product.quota.unitPrice' : 'product.quota.overages')} name="overages">
        {pricing.limitType === 'strict' || pricing.overages <= 0 ? (
          <span className="text-gray-600">{q.t('product.quota.noOverages')}</span>
        ) : (
          <span data-overages={pricing.overages}>{q.unitCost(pricing.overages, currency)}</span>
        )}
        {allowsOverages(pricing) && pricing.limitType !== 'perunit' && (
          <span className="block text-gray-600">{q.t('product.quota.overagesHelp')}</span>
        )}
      </Row>
      <Row label={q.t('product.quota.interval')} name="interval">{q.interval(pricing.interval)}</Row>
      <MonthlyRow value={pricing.value} interval={pricing.interval} />
    </>
  );
}

function TierTable({ pricing, unit, currency }: { pricing: Extract<QuotaPricing, { type: 'volume' | 'graduated' }>; unit: string; currency: string }) {
  const q = useQuotaText();
  // One batch size for the whole table, so the cost column reads the same way in every row.
  const scale = Math.max(...pricing.tiers.map((tier) => unitCostScale(tier.cost)));
  const cost = (tier: Tier) => q.price(Math.round(tier.cost * scale * 100) / 100, currency);
  const cell = 'px-2 py-2.5 text-sm tabular-nums sm:px-3';
  return (
    <div className="overflow-x-auto">
      <p className="m-0 mb-3 text-sm text-gray-600">
        {q.t(pricing.type === 'volume' ? 'product.quota.volumeHelp' : 'product.quota.graduatedHelp')}{' '}
        {q.billed(pricing.interval)}
      </p>
      <table className="w-full border-collapse overflow-hidden rounded-lg border border-gray-200" data-tiers="">
        <caption className="sr-only">{q.t('product.quota.tiersCaption', { unit })}</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-500">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-3">{q.t('product.quota.tier.from')}</th>
            <th scope="col" className="px-2 py-2 sm:px-3">{q.t('product.quota.tier.to')}</th>
            <th scope="col" className="px-2 py-2 sm:px-3">
              {scale === 1 ? q.t('product.quota.tier.costUnit') : q.t('product.quota.tier.costBatch', { count: q.number(scale) })}
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3">{q.t('product.quota.tier.flatFee')}</th>
          </tr>
        </thead>
        <tbody>
          {pricing.tiers.map((tier, i) => (
            <tr key={i} className="border-t border-gray-100" data-tier={i}>
              <td className={cell} data-from="">{q.number(tier.from)}</td>
              <td className={cell} data-to="">{tier.to === null ? <span className="text-gray-600">{q.t('product.quota.tier.noLimit')}</span> : q.number(tier.to)}</td>
              <td className={cell} data-cost="">{cost(tier)}</td>
              <td className={cell} data-flat-fee="">{tier.flatFee > 0 ? q.price(tier.flatFee, currency) : <span className="text-gray-500">—</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function QuotaTable({ quota, currency }: { quota: Quota; currency: string }) {
  const q = useQuotaText();
  const pricing = readPricing(quota.pricing);
  const unit = quota.unit.title || quota.unit.name;
  return (
    <section className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5" data-quota={quota.id} data-model={pricing?.type ?? 'unknown'}>
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <h4 className="m-0 text-base font-semibold text-gray-900">{quota.title}</h4>
        {pricing && <Status tone="primary">{q.t(MODEL[pricing.type])}</Status>}
        <span className="text-xs text-gray-500">{q.t('product.quota.unit', { unit })}</span>
      </header>
      {!pricing ? (
        <p className="m-0 text-sm text-gray-600">{q.t('product.quota.unreadable')}</p>
      ) : pricing.type === 'volume' || pricing.type === 'graduated' ? (
        <TierTable pricing={pricing} unit={unit} currency={currency} />
      ) : (
        <table className="w-full border-collapse">
          <tbody>
            {pricing.type === 'fixed' && <FixedTable pricing={pricing} unit={unit} currency={currency} />}
            {pricing.type === 'unlimited' && (
              <>
                <Row label={q.t('product.quota.limit')} name="limit">
                  <span data-limit="unlimited">{q.t('product.quota.unlimitedUnit', { unit })}</span>
                </Row>
                <Row label={q.t('product.quota.interval')} name="interval">{q.interval(pricing.interval)}</Row>
                <Row label={q.t('product.quota.monthly')} name="monthly">
                  <span data-monthly="unlimited"><Status tone="info">{q.t('product.quota.unlimited')}</Status></span>
                </Row>
              </>
            )}
            {pricing.type === 'perunit' && (
              <>
                <Row label={q.t('product.quota.unitPrice')} name="unit-price">
                  <span data-cost={pricing.cost}>{q.unitCost(pricing.cost, currency)}</span>
                  <span className="block text-gray-600">{q.t('product.quota.perunitHelp')}</span>
                </Row>
                <Row label={q.t('product.quota.interval')} name="interval">{q.interval(pricing.interval)}</Row>
              </>
            )}
          </tbody>
        </table>
      )}
      <p className="m-0 mt-3 border-t border-gray-100 pt-3 text-xs text-gray-500" data-quota-resources="">
        {quota.allResources || quota.assetResources.length === 0
          ? q.t('product.quota.allResources')
          : q.t('product.quota.someResources', { list: quota.assetResources.map((r) => r.title).join(', ') })}
      </p>
    </section>
  );
}
