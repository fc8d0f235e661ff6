/**
 * IP address and CIDR parsing/matching for partner-client IP whitelists and the gateway
 * IP blacklist. Pure functions, no I/O.
 *
 * Decisions:
 * - IPv4-mapped IPv6 (`::ffff:a.b.c.d`) is treated as IPv4 everywhere, because dual-stack
 *   Node sockets report IPv4 clients in that form. IPv6 rules only match IPv6 clients, so
 *   `::/0` does not match IPv4 clients.
 * - IPv6 zone ids (`fe80::1%eth0`) are rejected: a zone makes the address interface-local,
 *   and an unscoped rule cannot meaningfully identify it.
 * - IPv4 parts with leading zeros (`010.0.0.1`) are rejected: other parsers read them as
 *   octal, so accepting them would make a rule ambiguous.
 */

export type IpFamily = 4 | 6;

export interface ParsedIp {
  readonly family: IpFamily;
  readonly value: bigint;
}

export interface IpRule {
  /** EXACT when written without a prefix length, CIDR when written as `address/n`. */
  readonly kind: 'EXACT' | 'CIDR';
  readonly family: IpFamily;
  /** Canonical text: network address (host bits cleared), RFC 5952 IPv6, `/n` for CIDR. */
  readonly text: string;
  readonly prefixLength: number;
  /** First and last address covered, inclusive. */
  readonly first: bigint;
  readonly last: bigint;
}

const BITS: Record<IpFamily, number> = { 4: 32, 6: 128 };
const IPV4_PATTERN = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP_PATTERN = /^[0-9a-f]{1,4}$/i;
const PREFIX_PATTERN = /^(0|[1-9]\d{0,2})$/;
const IPV4_MAPPED_TAG = 0xffffn;
const IPV4_MAPPED_PREFIX_LENGTH = 96;
const IPV4_MASK = 0xffff_ffffn;

function parseIpv4Value(text: string): bigint | null {
  const match = IPV4_PATTERN.exec(text);
  if (!match) return null;
  let value = 0;
  for (let i = 1; i <= 4; i++) {
    const part = match[i] as string;
    if (part.length > 1 && part.startsWith('0')) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return BigInt(value);
}

/** Parses `:`-separated hex groups; the final group may be a dotted IPv4 (two groups). */
function parseHexGroups(text: string, mayEndWithIpv4: boolean): number[] | null {
  if (text === '') return [];
  const tokens = text.split(':');
  const groups: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (mayEndWithIpv4 && i === tokens.length - 1 && token.includes('.')) {
      const ipv4 = parseIpv4Value(token);
      if (ipv4 === null) return null;
      groups.push(Number(ipv4 >> 16n), Number(ipv4 & 0xffffn));
    } else if (HEX_GROUP_PATTERN.test(token)) {
      groups.push(parseInt(token, 16));
    } else {
      return null;
    }
  }
  return groups;
}

function parseIpv6Value(text: string): bigint | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const compressed = halves.length === 2;
  const head = parseHexGroups(halves[0] as string, !compressed);
  const tail = compressed ? parseHexGroups(halves[1] as string, true) : [];
  if (head === null || tail === null) return null;
  const explicitCount = head.length + tail.length;
  // `::` stands for at least one zero group.
  if (compressed ? explicitCount > 7 : explicitCount !== 8) return null;
  const groups = [...head, ...new Array<number>(8 - explicitCount).fill(0), ...tail];
  return groups.reduce((value, group) => (value << 16n) | BigInt(group), 0n);
}

/** Parses without unmapping `::ffff:a.b.c.d`, so rule prefix lengths keep their IPv6 meaning. */
function parseIpLiteral(text: string): ParsedIp | null {
  if (text.includes(':')) {
    const value = parseIpv6Value(text);
    return value === null ? null : { family: 6, value };
  }
  const value = parseIpv4Value(text);
  return value === null ? null : { family: 4, value };
}

function isIpv4Mapped(value: bigint): boolean {
  return value >> 32n === IPV4_MAPPED_TAG;
}

/** Parses an exact IPv4 or IPv6 address; IPv4-mapped IPv6 comes back as family 4. No trimming. */
export function parseIp(text: string): ParsedIp | null {
  const ip = parseIpLiteral(text);
  if (ip === null || ip.family === 4 || !isIpv4Mapped(ip.value)) return ip;
  return { family: 4, value: ip.value & IPV4_MASK };
}

function formatIpv6(value: bigint): string {
  const groups: number[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(Number((value >> shift) & 0xffffn));
  // RFC 5952: compress the longest run (first on ties) of two or more zero groups.
  let bestStart = -1;
  let bestLength = 1;
  for (let start = 0; start < 8; ) {
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end + 1;
  }
  const hex = (part: number[]) => part.map((group) => group.toString(16)).join(':');
  if (bestStart === -1) return hex(groups);
  return `${hex(groups.slice(0, bestStart))}::${hex(groups.slice(bestStart + bestLength))}`;
}

/** Canonical text: dotted quad for IPv4, RFC 5952 for IPv6. */
export function formatIp(ip: ParsedIp): string {
  if (ip.family === 6) return formatIpv6(ip.value);
  const value = Number(ip.value);
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 0xff).join('.');
}

/**
 * The network a caller is counted as for per-address limits: the IPv4 address, or the /64 of an
 * IPv6 address (one subscriber commonly holds a whole /64, so counting single addresses would let
 * it rotate through 2^64 of them). Unparsable text is its own key.
 */
export function callerNetwork(text: string): string {
  // Socket addresses without a colon are dotted IPv4 already (or unparsable): no parse per request.
  if (!text.includes(':')) return text;
  const ip = parseIp(text);
  if (ip === null) return text;
  if (ip.family === 4) return formatIp(ip);
  return `${formatIp({ family: 6, value: (ip.value >> 64n) << 64n })}/64`;
}

/**
 * Parses `address` or `address/prefixLength` (surrounding whitespace ignored). Host bits are
 * cleared. An IPv6 rule inside `::ffff:0:0/96` becomes the equivalent IPv4 rule.
 */
export function parseIpRule(text: string): IpRule | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const literal = parseIpLiteral(slash === -1 ? trimmed : trimmed.slice(0, slash));
  if (literal === null) return null;

  let prefixLength = BITS[literal.family];
  if (slash !== -1) {
    const prefixText = trimmed.slice(slash + 1);
    if (!PREFIX_PATTERN.test(prefixText)) return null;
    prefixLength = Number(prefixText);
    if (prefixLength > BITS[literal.family]) return null;
  }

  let family = literal.family;
  let value = literal.value;
  if (family === 6 && prefixLength >= IPV4_MAPPED_PREFIX_LENGTH && isIpv4Mapped(value)) {
    family = 4;
    value &= IPV4_MASK;
    prefixLength -= IPV4_MAPPED_PREFIX_LENGTH;
  }

  const hostMask = (1n << BigInt(BITS[family] - prefixLength)) - 1n;
  const first = value & ~hostMask;
  const kind = slash === -1 ? 'EXACT' : 'CIDR';
  const address = formatIp({ family, value: first });
  return {
    kind,
    family,
    text: kind === 'CIDR' ? `${address}/${prefixLength}` : address,
    prefixLength,
    first,
    last: first | hostMask,
  };
}

export function isValidIpOrCidr(text: string): boolean {
  return parseIpRule(text) !== null;
}

/** Disjoint, sorted ranges of one family, searched by bisection. */
interface RangeIndex {
  readonly firsts: bigint[];
  readonly lasts: bigint[];
}

function buildRangeIndex(rules: readonly IpRule[]): RangeIndex {
  const sorted = [...rules].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  const firsts: bigint[] = [];
  const lasts: bigint[] = [];
  for (const rule of sorted) {
    const lastIndex = lasts.length - 1;
    const previousLast = lasts[lastIndex];
    // Merge overlapping or adjacent ranges.
    if (previousLast !== undefined && rule.first <= previousLast + 1n) {
      if (rule.last > previousLast) lasts[lastIndex] = rule.last;
    } else {
      firsts.push(rule.first);
      lasts.push(rule.last);
    }
  }
  return { firsts, lasts };
}

function rangeIndexContains(index: RangeIndex, value: bigint): boolean {
  // Find the last range starting at or before value.
  let low = 0;
  let high = index.firsts.length - 1;
  let candidate = -1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    if ((index.firsts[middle] as bigint) <= value) {
      candidate = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return candidate !== -1 && value <= (index.lasts[candidate] as bigint);
}

/** A set of IP rules with precomputed ranges, so `matches` costs one parse and a bisection. */
export class IpRuleSet {
  readonly rules: readonly IpRule[];
  private readonly ipv4: RangeIndex;
  private readonly ipv6: RangeIndex;

  constructor(rules: readonly IpRule[]) {
    this.rules = [...rules];
    this.ipv4 = buildRangeIndex(rules.filter((rule) => rule.family === 4));
    this.ipv6 = buildRangeIndex(rules.filter((rule) => rule.family === 6));
  }

  /**
   * Parses a comma-separated list, ignoring blank entries and surrounding whitespace.
   * `invalid` holds the offending entries (trimmed) so callers can name them. Whether an
   * empty set means "no restriction" (whitelist) or "nothing blocked" (blacklist) is the
   * caller's policy: check `isEmpty`.
   */
  static fromList(list: string): { set: IpRuleSet; invalid: string[] } {
    const rules: IpRule[] = [];
    const invalid: string[] = [];
    for (const entry of list.split(',')) {
      const trimmed = entry.trim();
      if (trimmed === '') continue;
      const rule = parseIpRule(trimmed);
      if (rule === null) invalid.push(trimmed);
      else rules.push(rule);
    }
    return { set: new IpRuleSet(rules), invalid };
  }

  get isEmpty(): boolean {
    return this.rules.length === 0;
  }

  /** True when `ip` is a valid address covered by some rule; invalid addresses never match. */
  matches(ip: string): boolean {
    if (this.isEmpty) return false;
    const parsed = parseIp(ip);
    if (parsed === null) return false;
    return rangeIndexContains(parsed.family === 4 ? this.ipv4 : this.ipv6, parsed.value);
  }
}
