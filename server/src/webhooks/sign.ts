// The Agora-Signature header (the scheme of Stripe's webhooks): `t=<unix seconds>,v1=<hex>`, where
// v1 is HMAC-SHA256 with the endpoint's secret over `<t>.<raw body>`. The timestamp is signed with
// the body, so a receiver that refuses timestamps far from its clock
// (WEBHOOK_SIGNATURE_TOLERANCE_SECONDS) refuses a replayed delivery. README § Webhooks shows a receiver.
import { createHmac } from 'node:crypto';

export const SIGNATURE_HEADER = 'Agora-Signature';

export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}
