// "How many calls did my checkout app make this week", "why were my calls refused yesterday"
// (issue 29 point 3): the caller's own traffic from the insights' own queries (analytics/summary.ts,
// analytics/refusals.ts) under the insights' scope, so the assistant shows nothing /analytics
// would not. The numbers, the refusal reasons (the insights' labels) and the insights for that
// application offered as an action.
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { AiAction } from '../schemas/ai.ts';
import type { Locale } from '../../../src/rules/constants.ts';
import { buildFilter } from '../../../src/rules/analytics.ts';
import { href } from '../../../src/rules/routes.ts';
import type { MessageKey } from '../../../src/i18n/messages/en.ts';
import type { Translate } from '../messages.ts';
import { summary } from '../analytics/summary.ts';
import { refusalCounts } from '../analytics/refusals.ts';
import { analyticsApplications } from '../analytics/applications.ts';
import { plainWords, words } from './intent.ts';

const CALLS = words('calls', 'requests', 'traffic', 'appels', 'requêtes', 'trafic', 'chamadas', 'requisições', 'tráfego', 'aufrufe', 'anfragen', 'verkehr');
const OWN = words('my', 'our', 'mes', 'mon', 'ma', 'nos', 'notre', 'meu', 'minha', 'meus', 'minhas', 'nosso', 'nossa', 'nossos', 'nossas',
  'mein', 'meine', 'meinen', 'meiner', 'meines', 'unser', 'unsere', 'unserer', 'unseren');
const REFUSED = words('refused', 'rejected', 'blocked', 'denied', 'failed', 'failing', 'errors', 'refusé', 'refusés', 'refusée', 'refusées', 'rejeté',
  'rejetés', 'bloqué', 'bloqués', 'échoué', 'erreurs', 'recusada', 'recusadas', 'recusados', 'rejeitadas', 'rejeitados', 'bloqueadas', 'falharam', 'erros',
  'abgelehnt', 'abgewiesen', 'blockiert', 'verweigert', 'fehlgeschlagen', 'fehler');

const COUNT = words('how many', 'number of', 'combien', 'quantas', 'quantos', 'wie viele', 'wieviele', 'anzahl');
/** A plan's terms ("are extra calls refused or billed?") are the plans' answer, not the traffic's. */
const PLAN = words('plan', "plan's", 'plans', 'quota', 'quotas', 'plano', 'planos', 'forfait', 'kontingent', 'tarif');

/** A question about the caller's own calls: calls or traffic, theirs or refused, counted, in a
 * period or refused, and not about a plan's terms. */
export const isTrafficQuestion = (q: string) => CALLS.test(q) && (OWN.test(q) || REFUSED.test(q))
  && (COUNT.test(q) || REFUSED.test(q) || PERIODS.some(([, re]) => re.test(q))) && !PLAN.test(q);

const DAY = 86_400_000;
type Period = 'today' | 'yesterday' | 'thisWeek' | 'lastWeek' | 'thisMonth' | 'lastMonth' | 'last7';
const PERIODS: Array<[Exclude<Period, 'last7'>, RegExp]> = [
  ['yesterday', words('yesterday', 'hier', 'ontem', 'gestern')],
  ['today', words('today', "aujourd'hui", 'aujourd’hui', 'hoje', 'heute')],
  ['lastWeek', words('last week', 'la semaine dernière', 'semaine passée', 'semana passada', 'última semana', 'semana anterior', 'letzte woche', 'letzten woche', 'vergangene woche', 'vergangenen woche', 'vorige woche')],
  ['thisWeek', words('this week', 'cette semaine', 'esta semana', 'nesta semana', 'diese woche', 'dieser woche')],
  ['lastMonth', words('last month', 'mois dernier', 'mês passado', 'último mês', 'letzten monat', 'letzter monat', 'vorigen monat')],
  ['thisMonth', words('this month', 'ce mois', 'este mês', 'neste mês', 'diesen monat', 'dieser monat', 'diesem monat')],
];

/** The period the question names (UTC days, weeks from Monday), else the last 7 days. */
export function periodOf(question: string, now: Date): { period: Period; from: Date; to: Date } {
  const period = PERIODS.find(([, re]) => re.test(question))?.[0] ?? 'last7';
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const [from, to] = {
    today: [day, now.getTime()], yesterday: [day - DAY, day], thisWeek: [monday, now.getTime()], lastWeek: [monday - 7 * DAY, monday],
    thisMonth: [month, now.getTime()], lastMonth: [Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1), month], last7: [now.getTime() - 7 * DAY, now.getTime()],
  }[period] as [number, number];
  // The first moments of a day or week: a range must still end after it starts.
  return { period, from: new Date(from), to: new Date(Math.max(to, from + 60_000)) };
}

/** Title words that name nothing in particular. */
const GENERIC = new Set(['app', 'apps', 'application', 'applications', 'service', 'the', 'and', 'api', 'for', 'with', 'my', 'our']);

export interface TrafficAnswer { text: string; actions: Array<Omit<AiAction, 'id'>> }

export async function trafficAnswer(app: FastifyInstance, caller: Caller, question: string, t: Translate, locale: Locale): Promise<TrafficAnswer> {
  if (!caller.userId) return { text: t('assistant.traffic.signIn'), actions: [{ kind: 'open', label: t('assistant.action.signIn'), params: { href: href('signin') } }] };
  let apps;
  try {
    apps = (await analyticsApplications(app.db, caller, { pageSize: 100 })).items;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return { text: t('assistant.traffic.forbidden'), actions: [] };
    throw error;
  }
  // The application the question names: the one with most of its title's own words in the question.
  const asked = new Set(plainWords(question));
  const named = apps.map((a) => ({ a, n: plainWords(a.title).filter((w) => w.length > 2 && !GENERIC.has(w) && asked.has(w)).length }))
    .filter((x) => x.n > 0).sort((x, y) => y.n - x.n)[0]?.a;
  const { period, from, to } = periodOf(question, app.clock.now());
  const range = { from: from.toISOString(), to: to.toISOString() };
  const filter = named ? buildFilter({ applicationId: named.id }) : undefined;
  const found = await summary(app.db, caller, { ...range, ...(filter ? { filter } : {}), groupBy: named ? [] : ['applicationId'], pageSize: 100 });
  const refusals = await refusalCounts(app.db, caller, { from, to }, named?.id);
  const n = (x: number) => x.toLocaleString(locale);
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const [first, last] = [day.format(from), day.format(new Date(to.getTime() - 1))];
  const values = { period: t(`assistant.period.${period}` as MessageKey), range: first === last ? first : `${first} – ${last}`, application: named?.title ?? '' };
  const total = found.items.reduce((s, r) => ({ all: s.all + r.totalCount, ok: s.ok + r.successCount, failed: s.failed + r.failureCount, errors: s.errors + r.exceptionCount }), { all: 0, ok: 0, failed: 0, errors: 0 });
  const lines: string[] = [];
  if (!total.all) lines.push(t(named ? 'assistant.traffic.noneApp' : 'assistant.traffic.none', values));
  else {
    lines.push(t(named ? 'assistant.traffic.app' : 'assistant.traffic.all', { ...values, total: n(total.all), success: n(total.ok), failure: n(total.failed), exception: n(total.errors) }));
    if (!named && found.items.length > 1) {
      lines.push(t('assistant.traffic.byApp', { list: found.items.slice(0, 5).map((r) => `${r.applicationName ?? t('assistant.traffic.noApp')}: ${n(r.totalCount)}`).join('; ') }));
    }
    lines.push(refusals.length
      ? t('assistant.traffic.refused', { list: refusals.map((r) => `${t(`insights.refusal.${r.reason}` as MessageKey)}: ${n(r.count)}`).join('; ') })
      : t('assistant.traffic.noneRefused'));
  }
  const params: Record<string, string> = { ...range, ...(named ? { applicationId: named.id } : {}), ...(refusals.length && REFUSED.test(question) ? { refused: 'true' } : {}) };
  return { text: lines.join('\n'), actions: [{ kind: 'openInsights', label: t(named ? 'assistant.action.openInsightsApp' : 'assistant.action.openInsights', { application: named?.title ?? '' }), params }] };
}
