// Host names as the URL parser spells them, apart from the egress policy (egress.ts) so that
// reading the settings (config.ts: GATEWAY_ALLOW_HOSTS) does not load undici, which costs a
// command such as `npm run import` ~1 s of CPU.
import { isIP } from 'node:net';

/** A URL host as the URL parser spells it (lower case, IPv4 in dotted decimal, IPv6 without brackets). */
export function canonicalHost(host: string): string | null {
  const trimmed = host.trim().replace(/^\[|\]$/g, '');
  if (trimmed === '') return null;
  try {
    return new URL(`http://${isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed}/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
}
