import { BlockList, isIP } from 'node:net';
import type Koa from 'koa';

/** Named ranges TRUSTED_PROXIES accepts besides addresses and CIDR ranges. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  // RFC 1918 and IPv6 unique-local: where compose networks and Kubernetes pods get their addresses.
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** The parsed TRUSTED_PROXIES: the entries as written, and whether an address is one of them. */
export interface TrustedProxies {
  entries: readonly string[];
  has(address: string | undefined): boolean;
}

/**
 * Parses a comma-separated list of IP addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`) and the
 * names `loopback` and `private`. Throws naming the first entry that is none of them. Matching is
 * node:net's BlockList (an IPv4-mapped IPv6 peer such as ::ffff:127.0.0.1 matches 127.0.0.0/8).
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e.toLowerCase()] ?? [e])) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (
      !family ||
      rest.length ||
      !/^\d*$/.test(bits ?? '') ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max
    ) {
      throw new Error(`"${entry}" is not an IP address, a CIDR range (10.0.0.0/8), loopback or private`);
    }
    list.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    entries,
    has(address) {
      const family = address ? isIP(address) : 0;
      return family !== 0 && list.check(address!, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/**
 * First middleware of every app: a request whose direct peer is not a trusted proxy loses its
 * X-Forwarded-* headers, so Koa (`proxy`, `maxIpsCount: 1`) takes the client IP, scheme and host
 * from the connection itself. A client reaching a service port directly cannot choose the IP its
 * per-IP limits count.
 */
export function forwardedFromTrustedProxies(trusted: TrustedProxies): Koa.Middleware {
  // The verdict per connection: a peer's address does not change while it is connected, and the
  // gateway's keep-alive connections carry many requests (BlockList.check builds a SocketAddress
  // per call: ~1% of a service's CPU under load, docs/PERFORMANCE.md).
  const verdicts = new WeakMap<object, boolean>();
  return async (ctx, next) => {
    const socket = ctx.req.socket;
    let trustedPeer = verdicts.get(socket);
    if (trustedPeer === undefined) {
      trustedPeer = trusted.has(socket.remoteAddress);
      verdicts.set(socket, trustedPeer);
    }
    if (!trustedPeer) {
      for (const header of FORWARDED_HEADERS) delete ctx.req.headers[header];
    }
    await next();
  };
}
