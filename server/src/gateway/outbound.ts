// A URL typed by a user (an override token URL) is only fetched when it leads to the public
// internet: the server must not become a way into its own network.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../errors.ts';

const PRIVATE = new BlockList();
for (const [net, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

const isPrivate = (address: string) => PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** Throws a 400 naming `parameter` unless `url` is http(s) and every address of its host is public. */
export async function assertPublicUrl(url: string, parameter: string): Promise<URL> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest(parameter, `${parameter} is not a URL.`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw badRequest(parameter, `${parameter} must be an http(s) URL.`);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    // Unresolvable: nothing private to reach; the call itself will fail as unreachable.
    return parsed;
  }
  if (addresses.some(isPrivate)) throw badRequest(parameter, `${parameter} must be a public address.`);
  return parsed;
}
