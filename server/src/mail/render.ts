// Renders one e-mail in the recipient's locale from the portal's own message catalogues
// (src/i18n/messages, section "mail"): a subject, a plain-text part and an HTML part that says
// the same, with the site's name and colours from the site settings. Every kind is a list of
// message keys, so a new kind is a few catalogue lines and one entry here.
import type { Locale } from '../../../src/rules/constants.ts';
import { pdfLocale } from '../billing/invoicePdf.ts';
import { en, type MessageKey } from '../../../src/i18n/messages/en.ts';
import { fr } from '../../../src/i18n/messages/fr.ts';
import { pt } from '../../../src/i18n/messages/pt.ts';
import { de } from '../../../src/i18n/messages/de.ts';

const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'en-US': en, 'fr-FR': fr, 'pt-BR': pt, 'de-DE': de };

interface Template {
  subject: MessageKey;
  /** Paragraphs, in order. */
  body: MessageKey[];
  /** The button (HTML) or the line before the link (text); the link is params.link. */
  action?: MessageKey;
}

/** Every kind of e-mail the server sends. */
export const TEMPLATES = {
  verify: { subject: 'mail.verify.subject', body: ['mail.verify.body'], action: 'mail.verify.action' },
  reset: { subject: 'mail.reset.subject', body: ['mail.reset.body', 'mail.reset.ignore'], action: 'mail.reset.action' },
  invitation: { subject: 'mail.invitation.subject', body: ['mail.invitation.body'], action: 'mail.invitation.action' },
  passwordChanged: { subject: 'mail.passwordChanged.subject', body: ['mail.passwordChanged.body', 'mail.changed.notYou'] },
  webhookDisabled: { subject: 'mail.webhookDisabled.subject', body: ['mail.webhookDisabled.body'] },
  // Notifications (server/src/notifications): each says how to choose them; a refusal gives its reason.
  subscriptionPending: { subject: 'mail.subscriptionPending.subject', body: ['mail.subscriptionPending.body', 'mail.n.choose'], action: 'mail.n.open' },
  subscriptionApproved: { subject: 'mail.subscriptionApproved.subject', body: ['mail.subscriptionApproved.body', 'mail.n.choose'], action: 'mail.n.open' },
  subscriptionRejected: { subject: 'mail.subscriptionRejected.subject', body: ['mail.subscriptionRejected.body', 'mail.n.reason', 'mail.n.choose'], action: 'mail.n.open' },
  accessRequestPending: { subject: 'mail.accessRequestPending.subject', body: ['mail.accessRequestPending.body', 'mail.n.choose'], action: 'mail.n.open' },
  accessRequestApproved: { subject: 'mail.accessRequestApproved.subject', body: ['mail.accessRequestApproved.body', 'mail.n.choose'], action: 'mail.n.open' },
  accessRequestRejected: { subject: 'mail.accessRequestRejected.subject', body: ['mail.accessRequestRejected.body', 'mail.n.reason', 'mail.n.choose'], action: 'mail.n.open' },
  reviewPending: { subject: 'mail.reviewPending.subject', body: ['mail.reviewPending.body', 'mail.n.choose'], action: 'mail.n.open' },
  reviewPublished: { subject: 'mail.reviewPublished.subject', body: ['mail.reviewPublished.body', 'mail.n.choose'], action: 'mail.n.open' },
  invoiceIssued: { subject: 'mail.invoiceIssued.subject', body: ['mail.invoiceIssued.body', 'mail.n.choose'], action: 'mail.n.open' },
  invoicePastDue: { subject: 'mail.invoicePastDue.subject', body: ['mail.invoicePastDue.body', 'mail.n.choose'], action: 'mail.n.open' },
  invoicePaid: { subject: 'mail.invoicePaid.subject', body: ['mail.invoicePaid.body', 'mail.n.choose'], action: 'mail.n.open' },
  credentialExpiring: { subject: 'mail.credentialExpiring.subject', body: ['mail.credentialExpiring.body', 'mail.n.choose'], action: 'mail.n.open' },
  credentialSuspended: { subject: 'mail.credentialSuspended.subject', body: ['mail.credentialSuspended.body', 'mail.n.choose'], action: 'mail.n.open' },
} as const satisfies Record<string, Template>;

export type MailKind = keyof typeof TEMPLATES;
export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(TEMPLATES, kind);

export interface Site {
  name: string;
  primary: string;
  background: string;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

/** One of LOCALES for a stored or asked-for tag ('fr', 'fr-FR', 'fr-CA, en;q=0.5'); English
 * otherwise: the invoice PDF's choice, the one reading of Accept-Language on the server. */
export const mailLocale = (wanted: string | null | undefined): Locale => pdfLocale(wanted ?? undefined);

/** {name} placeholders filled from params (the mail texts use no plural or select forms). */
function fill(text: string, params: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? params[name]! : whole));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** A colour from the settings goes into a style attribute: only plain colour syntax passes. */
const safeColour = (c: string, fallback: string) => (/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]+|rgba?\([\d\s.,%]+\))$/.test(c) ? c : fallback);

export function renderMail(kind: MailKind, rawParams: Record<string, unknown>, locale: Locale, site: Site): Rendered {
  const m = MESSAGES[locale];
  const template: Template = TEMPLATES[kind];
  const params: Record<string, string> = { site: site.name };
  for (const [key, value] of Object.entries(rawParams)) if (value !== null && value !== undefined) params[key] = String(value);
  const subject = fill(m[template.subject], params);
  const greeting = fill(m['mail.greeting'], params);
  const paragraphs = template.body.map((key) => fill(m[key], params));
  const footer = fill(m['mail.footer'], params);
  const action = template.action && params.link ? { label: fill(m[template.action], params), link: params.link } : null;

  const text = [greeting, ...paragraphs, ...(action ? [`${action.label}:\n${action.link}`] : []), `-- \n${footer}`].join('\n\n') + '\n';

  const primary = safeColour(site.primary, '#0a5bd3');
  const background = safeColour(site.background, '#ffffff');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:${primary};color:#ffffff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`
      + `<p style="margin:0 0 16px;font-size:13px;color:#5b6470;word-break:break-all">${escapeHtml(action.link)}</p>`
    : '';
  const html = `<!doctype html><html lang="${locale.slice(0, 2)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`
    + `<body style="margin:0;background:${background};font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1a1f">`
    + `<div style="max-width:560px;margin:0 auto;padding:24px">`
    + `<div style="border-top:4px solid ${primary};padding-top:16px;margin-bottom:24px;font-weight:600;font-size:18px;color:${primary}">${escapeHtml(site.name)}</div>`
    + p(greeting) + paragraphs.map(p).join('') + button
    + `<p style="margin:32px 0 0;font-size:12px;color:#5b6470">${escapeHtml(footer)}</p>`
    + `</div></body></html>`;
  return { subject, text, html };
}
