// Texts of prices, limits and intervals on plan cards and quota tables: prices with their
// currency and at most 2 fraction digits, unit costs per the batch that keeps them exact.
import { useMessages, type MessageKey } from '../../i18n/intl.ts';
import type { QuotaInterval } from '../../rules/constants.ts';
import { isUnlimitedValue, lowestTierCost, scaledCost, type QuotaPricing } from '../../rules/quota.ts';

const INTERVAL: Record<QuotaInterval, MessageKey> = {
  minute: 'product.interval.minute',
  hourly: 'product.interval.hourly',
  daily: 'product.interval.daily',
  weekly: 'product.interval.weekly',
  monthly: 'product.interval.monthly',
  annually: 'product.interval.annually',
};

const PER: Record<QuotaInterval, MessageKey> = {
  minute: 'product.per.minute',
  hourly: 'product.per.hourly',
  daily: 'product.per.daily',
  weekly: 'product.per.weekly',
  monthly: 'product.per.monthly',
  annually: 'product.per.annually',
};

const BILLED: Record<QuotaInterval, MessageKey> = {
  minute: 'product.billed.minute',
  hourly: 'product.billed.hourly',
  daily: 'product.billed.daily',
  weekly: 'product.billed.weekly',
  monthly: 'product.billed.monthly',
  annually: 'product.billed.annually',
};

export function useQuotaText() {
  const { t, fmt, intl } = useMessages('product');
  const number = (n: number) => intl.formatNumber(n);
  const price = (amount: number, currency: string) => fmt.price(amount, currency);
  const unitCost = (cost: number, currency: string) => {
    const { amount, per } = scaledCost(cost);
    return per === 1
      ? t('product.quota.costPerUnit', { price: price(amount, currency) })
      : t('product.quota.costPerBatch', { price: price(amount, currency), count: number(per) });
  };
  const interval = (i: QuotaInterval) => t(INTERVAL[i]);
  const per = (i: QuotaInterval) => t(PER[i]);
  const billed = (i: QuotaInterval) => t(BILLED[i]);
  /** "50,000 Transactions per day"; an unlimited value reads "Unlimited Transactions". */
  const limit = (value: number, unit: string, i: QuotaInterval) =>
    isUnlimitedValue(value)
      ? t('product.quota.unlimitedUnit', { unit })
      : t('product.quota.limitText', { value: number(value), unit, per: per(i) });

  /** One line per quota for plan cards. */
  const summary = (pricing: QuotaPricing | null, unit: string, currency: string): string => {
    if (!pricing) return t('product.quota.unreadable');
    switch (pricing.type) {
      case 'fixed':
        return limit(pricing.value, unit, pricing.interval);
      case 'unlimited':
        return t('product.quota.unlimitedUnit', { unit });
      case 'volume':
      case 'graduated':
        return t(pricing.type === 'volume' ? 'product.quota.summary.volume' : 'product.quota.summary.graduated', {
          cost: unitCost(lowestTierCost(pricing.tiers), currency),
        });
      case 'perunit':
        return unitCost(pricing.cost, currency);
    }
  };

  return { t, number, price, unitCost, interval, per, billed, limit, summary };
}
