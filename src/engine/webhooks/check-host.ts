import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * SSRF guard: a webhook URL must reach a public address. Every address a name resolves to is
 * checked and one internal address refuses the whole host; IP literals in every form that the URL parser or
 * inet_aton accept (decimal 2130706433, hex 0x7f000001, octal 0177.0.0.1, short 127.1) are parsed, not
 * resolved. The same check runs at registration and before each attempt, on the addresses it connects to
 * (safe-dispatchers.ts).
 */

/** Resolves a host name to every address (tests inject one to play DNS rebinding). */
export type ResolveHost = (host: string) => Promise<string[]>;

export const systemResolveHost: ResolveHost = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

export interface AddressPolicy {
  resolveHost: ResolveHost;
  /** WEBHOOK_ALLOWED_CIDRS: ranges exempted for local testing only; empty by default. */
  allowedCidrs: string[];
}

export type AddressVerdict = { ok: true; addresses: string[] } | { ok: false; motivo: string };

// Only the global unicast range of ipaddr.js is public. These are unicast there but not public: the Azure
// wire server / metadata address, and the local-use NAT64 prefix (RFC 8215) that maps onto any IPv4.
const EXTRA_REFUSED: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [
  ipaddr.parseCIDR('168.63.129.16/32'),
  ipaddr.parseCIDR('64:ff9b:1::/48'),
  // IPv4-compatible IPv6 (::a.b.c.d, deprecated) carries an IPv4 in its low bits.
  ipaddr.parseCIDR('::/96'),
];

/** Parses an IP literal in any form (brackets allowed); null when the text is a name. */
export function parseIpLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  // ipaddr.parse accepts the inet_aton forms (127.1, 0x7f.1, 0177.0.0.1, 2130706433) like the resolver would.
  if (!ipaddr.isValid(text)) return null;
  return ipaddr.parse(text.replace(/%.*$/, ''));
}

/** Why an address is internal, or null when it is public. */
export function internalReason(address: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  const range = address.range();
  if (range !== 'unicast') return `${address.toString()} (${range})`;
  for (const cidr of EXTRA_REFUSED) {
    if (address.kind() === cidr[0].kind() && address.match(cidr as never)) return `${address.toString()} (reservado)`;
  }
  return null;
}

// Parsed once: the list comes from the configuration and is read at every attempt.
const parsedCidrs = new Map<string, [ipaddr.IPv4 | ipaddr.IPv6, number]>();
const parseCidr = (cidr: string) => parsedCidrs.get(cidr) ?? parsedCidrs.set(cidr, ipaddr.parseCIDR(cidr)).get(cidr)!;

function exempt(address: ipaddr.IPv4 | ipaddr.IPv6, allowedCidrs: string[]): boolean {
  return allowedCidrs.some((cidr) => {
    const range = parseCidr(cidr);
    return range[0].kind() === address.kind() && address.match(range as never);
  });
}

/** Checks a set of addresses: every one must be public (or exempted); one internal address refuses all. */
export function checkAddresses(addresses: string[], allowedCidrs: string[]): AddressVerdict {
  if (addresses.length === 0) return { ok: false, motivo: 'o nome não resolve para nenhum endereço' };
  for (const text of addresses) {
    const address = parseIpLiteral(text);
    if (!address) return { ok: false, motivo: `endereço não reconhecido: ${text}` };
    const reason = internalReason(address);
    if (reason && !exempt(address, allowedCidrs))
      return { ok: false, motivo: `endereço interno ou reservado: ${reason}` };
  }
  return { ok: true, addresses };
}

// A literal's verdict depends on the policy alone, so each attempt's check of a literal URL is a lookup here.
const literalVerdicts = new WeakMap<AddressPolicy, Map<string, AddressVerdict | null>>();

function literalVerdict(policy: AddressPolicy, hostname: string): AddressVerdict | null {
  let verdicts = literalVerdicts.get(policy);
  if (!verdicts) literalVerdicts.set(policy, (verdicts = new Map()));
  let verdict = verdicts.get(hostname);
  if (verdict === undefined) {
    const literal = parseIpLiteral(hostname);
    verdict = literal ? checkAddresses([literal.toString()], policy.allowedCidrs) : null;
    // Bounded: hosts come from stored webhook URLs, but a long-lived process should not grow without end.
    if (verdicts.size >= 10_000) verdicts.clear();
    verdicts.set(hostname, verdict);
  }
  return verdict;
}

/** Whether a URL's host is an IP literal (which no resolver sees, so the caller must check it itself). */
export const isIpLiteral = (policy: AddressPolicy, hostname: string): boolean =>
  literalVerdict(policy, hostname) !== null;

/** Resolves the host of a URL (or reads its literal) and checks every address. */
export async function checkHost(policy: AddressPolicy, hostname: string): Promise<AddressVerdict> {
  const literal = literalVerdict(policy, hostname);
  if (literal) return literal;
  let addresses: string[];
  try {
    addresses = await policy.resolveHost(hostname);
  } catch {
    return { ok: false, motivo: `o nome ${hostname} não pôde ser resolvido` };
  }
  return checkAddresses(addresses, policy.allowedCidrs);
}
