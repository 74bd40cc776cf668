// The one egress policy of the server: every call to a URL that a user, a provider or a
// specification chose (gateway upstreams, the OAuth token helper, later the assistant's model
// and import by URL) goes through `Egress.agent`, so the server never becomes a way into its own
// network. Refused: private, loopback, link-local (cloud metadata), CGNAT, unique-local,
// multicast, unspecified and reserved addresses, in every spelling (IPv4-mapped and -compatible
// IPv6, NAT64, 6to4; the URL parser already turns 2130706433, 0177.0.0.1 and 0x7f.1 into
// 127.0.0.1). The check runs where the connection is made, on the addresses the socket will use
// (a DNS answer is checked and then handed to the socket: a rebinding answer cannot slip in
// between), so a warm keep-alive call costs nothing. Hosts in GATEWAY_ALLOW_HOSTS are exempt
// (a local upstream in development and tests).
import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { canonicalHost } from './host.ts';

/** How long a host's DNS answer (or its refusal) is kept: a few seconds, like a short DNS TTL. */
export const EGRESS_DNS_CACHE_MS = 5_000;
const CACHE_MAX = 1_000;

export interface EgressOptions {
  /** Host names or IP addresses the policy lets through whatever they resolve to (GATEWAY_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  /** The DNS (default getaddrinfo, as the OS resolves; tests answer as a rebinding server would). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

/** The error a refused connection fails with (forward.ts turns it into a 403). */
export class EgressRefused extends Error {
  readonly code = 'EGRESS_REFUSED';
}

const V4: Array<[string, BlockList]> = [];
const V6: Array<[string, BlockList]> = [];
function ranges(into: Array<[string, BlockList]>, family: 'ipv4' | 'ipv6', name: string, subnets: Array<[string, number]>) {
  const list = new BlockList();
  for (const [net, prefix] of subnets) list.addSubnet(net, prefix, family);
  into.push([name, list]);
}
ranges(V4, 'ipv4', 'unspecified', [['0.0.0.0', 8]]);
ranges(V4, 'ipv4', 'loopback', [['127.0.0.0', 8]]);
ranges(V4, 'ipv4', 'private', [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]]);
ranges(V4, 'ipv4', 'link-local (cloud metadata)', [['169.254.0.0', 16]]);
ranges(V4, 'ipv4', 'carrier-grade NAT', [['100.64.0.0', 10]]);
ranges(V4, 'ipv4', 'multicast', [['224.0.0.0', 4]]);
ranges(V4, 'ipv4', 'reserved', [['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['240.0.0.0', 4]]);
ranges(V6, 'ipv6', 'unique-local', [['fc00::', 7]]);
ranges(V6, 'ipv6', 'link-local', [['fe80::', 10]]);
ranges(V6, 'ipv6', 'private', [['fec0::', 10], ['64:ff9b:1::', 48]]);
ranges(V6, 'ipv6', 'multicast', [['ff00::', 8]]);
ranges(V6, 'ipv6', 'reserved', [['100::', 64], ['2001::', 32], ['2001:db8::', 32]]);

/** Why an address may not be called ('loopback', 'private'…), or null for a public one. */
export function blockedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return V4.find(([, list]) => list.check(address, 'ipv4'))?.[0] ?? null;
  if (family !== 6) return 'unparsable';
  const w = ipv6Words(address);
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (w.slice(0, 5).every((x) => x === 0)) {
    if (w[5] === 0xffff) return blockedAddress(v4(w[6]!, w[7]!)); // ::ffff:a.b.c.d, IPv4-mapped
    if (w[5] === 0) {
      if (w[6] === 0 && w[7] === 0) return 'unspecified';
      if (w[6] === 0 && w[7] === 1) return 'loopback';
      return blockedAddress(v4(w[6]!, w[7]!)) ?? 'reserved'; // ::a.b.c.d, deprecated IPv4-compatible
    }
  }
  // NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:aabb:ccdd::) reach the IPv4 address they carry.
  if (w[0] === 0x64 && w[1] === 0xff9b && w.slice(2, 6).every((x) => x === 0)) return blockedAddress(v4(w[6]!, w[7]!));
  if (w[0] === 0x2002) return blockedAddress(v4(w[1]!, w[2]!));
  return V6.find(([, list]) => list.check(address, 'ipv6'))?.[0] ?? null;
}

/** The eight 16-bit words of an IPv6 address (zone dropped, a dotted IPv4 tail read). */
function ipv6Words(address: string): number[] {
  let text = address.replace(/%.*$/, '').toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

type Answer = { until: number; addresses: LookupAddress[] } | { until: number; refused: EgressRefused };

export class Egress {
  /** Dispatcher for every outbound call: a keep-alive pool per origin whose connections only
   * reach addresses the policy allows. */
  readonly agent: Agent;
  private readonly allowed: ReadonlySet<string>;
  private readonly answers = new Map<string, Answer>();
  private readonly resolve: (hostname: string) => Promise<LookupAddress[]>;

  constructor(options: EgressOptions = {}) {
    this.resolve = options.resolve ?? ((hostname) => dnsLookup(hostname, { all: true }));
    this.allowed = new Set((options.allowHosts ?? []).map(canonicalHost).filter((h): h is string => h !== null));
    const connector = buildConnector({ lookup: this.lookup });
    this.agent = new Agent({
      keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 256,
      // An IP literal never reaches `lookup` (the socket connects to it as is): checked here.
      connect: (opts, callback) => {
        const host = opts.hostname.replace(/^\[|\]$/g, '');
        const refused = isIP(host) && !this.allowed.has(host) ? this.refusal(host, host) : null;
        if (refused) callback(refused, null);
        else connector(opts, callback);
      },
    });
  }

  /** Whether GATEWAY_ALLOW_HOSTS exempts this host. */
  allows(host: string): boolean {
    return this.allowed.has(host.replace(/^\[|\]$/g, '').toLowerCase());
  }

  close(): Promise<void> {
    return this.agent.close();
  }

  private refusal(host: string, address: string): EgressRefused | null {
    const why = blockedAddress(address);
    if (!why) return null;
    const where = host === address ? `${host} is` : `${host} resolves to ${address},`;
    return new EgressRefused(`${where} a ${why} address: the server does not call it (GATEWAY_ALLOW_HOSTS lists hosts allowed anyway).`);
  }

  /** The socket's DNS lookup: every address of the answer is checked, and the socket connects to
   * exactly those (the answer is kept a few seconds per host). */
  private readonly lookup: LookupFunction = (hostname, options, callback) => {
    const reply = (addresses: LookupAddress[]) => {
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      const usable = family ? addresses.filter((a) => a.family === family) : addresses;
      if (usable.length === 0) {
        const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND', hostname });
        return (callback as (e: Error | null) => void)(error);
      }
      if (options.all) (callback as (e: null, a: LookupAddress[]) => void)(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    };
    const fail = callback as (e: Error) => void;
    if (this.allows(hostname)) {
      this.resolve(hostname).then(reply, fail);
      return;
    }
    const key = hostname.toLowerCase();
    const cached = this.answers.get(key);
    if (cached && cached.until > Date.now()) {
      if ('refused' in cached) fail(cached.refused);
      else reply(cached.addresses);
      return;
    }
    this.resolve(hostname).then((addresses) => {
      let refused: EgressRefused | null = null;
      for (const a of addresses) if ((refused = this.refusal(hostname, a.address))) break;
      if (this.answers.size >= CACHE_MAX) this.answers.clear();
      const until = Date.now() + EGRESS_DNS_CACHE_MS;
      this.answers.set(key, refused ? { until, refused } : { until, addresses });
      if (refused) fail(refused);
      else reply(addresses);
    }, fail);
  };
}
