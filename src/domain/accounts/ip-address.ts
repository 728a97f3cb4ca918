/**
 * What kind of place an IP address is, for the calls the server makes to addresses others choose (a company's
 * webhook): only a global unicast address is on the internet; every other kind is this machine, a private
 * network, a range kept for a protocol, documentation or benchmarks, or not one host at all.
 *
 * The ranges are IANA's IPv4 and IPv6 Special-Purpose Address Registries, with multicast, the limited broadcast
 * address and, for IPv6, everything outside 2000::/3 (the only block IANA hands out as global unicast). Where the
 * registry calls a block globally reachable but it carries another address inside it (NAT64, 6to4, Teredo) or is
 * an anycast service that answers from the nearest relay, possibly the hosting provider's own (192.0.0.9 and
 * 192.0.0.10, 2001:1::1 to 2001:1::3, the deprecated 6to4 relays), it is refused too: no receiver of a company's
 * events lives there. Pure: no I/O, so it is tested whole.
 */

export type IpAddressKind =
  | "global"
  | "unspecified"
  | "this-network"
  | "loopback"
  | "private"
  | "shared"
  | "link-local"
  | "protocol"
  | "documentation"
  | "benchmarking"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "ipv4-mapped"
  | "ipv4-compatible"
  | "nat64"
  | "6to4"
  | "teredo"
  | "discard"
  | "unique-local"
  | "site-local";

/** An address as its bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  version: 4 | 6;
  bytes: number[];
}

const DECIMAL_OCTET = /^(0|[1-9]\d{0,2})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

/** The refused ranges, each with its kind; the longest prefix that holds an address names its kind. */
const IPV4_RANGES: ReadonlyArray<readonly [string, IpAddressKind]> = [
  ["0.0.0.0/8", "this-network"],
  ["0.0.0.0/32", "unspecified"],
  ["10.0.0.0/8", "private"],
  ["100.64.0.0/10", "shared"],
  ["127.0.0.0/8", "loopback"],
  ["169.254.0.0/16", "link-local"],
  ["172.16.0.0/12", "private"],
  // IETF protocol assignments, the 192.0.0.9 and .10 anycast services among them.
  ["192.0.0.0/24", "protocol"],
  ["192.0.2.0/24", "documentation"],
  // The deprecated 6to4 relay anycast (RFC 7526).
  ["192.88.99.0/24", "reserved"],
  ["192.168.0.0/16", "private"],
  ["198.18.0.0/15", "benchmarking"],
  ["198.51.100.0/24", "documentation"],
  ["203.0.113.0/24", "documentation"],
  ["224.0.0.0/4", "multicast"],
  ["240.0.0.0/4", "reserved"],
  ["255.255.255.255/32", "broadcast"],
];

const IPV6_RANGES: ReadonlyArray<readonly [string, IpAddressKind]> = [
  ["::/128", "unspecified"],
  ["::1/128", "loopback"],
  // An IPv4 address inside an IPv6 one: a socket may reach the IPv4 address, so it is never taken as global.
  ["::/96", "ipv4-compatible"],
  ["::ffff:0:0/96", "ipv4-mapped"],
  ["64:ff9b::/96", "nat64"],
  ["64:ff9b:1::/48", "nat64"],
  ["100::/64", "discard"],
  // IETF protocol assignments: Teredo, benchmarking, ORCHID, the anycast services.
  ["2001::/23", "protocol"],
  ["2001::/32", "teredo"],
  ["2001:2::/48", "benchmarking"],
  ["2001:db8::/32", "documentation"],
  ["2002::/16", "6to4"],
  ["3fff::/20", "documentation"],
  ["fc00::/7", "unique-local"],
  ["fe80::/10", "link-local"],
  ["fec0::/10", "site-local"],
  ["ff00::/8", "multicast"],
];

/** Global unicast space: 2000::/3. */
const IPV6_GLOBAL = cidr("2000::/3");

interface Cidr {
  address: IpAddress;
  bits: number;
}

function cidr(text: string): Cidr {
  const [address, bits] = text.split("/");
  const parsed = parseIpAddress(address ?? "");
  if (!parsed) throw new Error(`not a range: ${text}`);
  return { address: parsed, bits: Number(bits) };
}

function contains(range: Cidr, address: IpAddress): boolean {
  if (range.address.version !== address.version) return false;
  const whole = range.bits >> 3;
  for (let byte = 0; byte < whole; byte += 1) {
    if (range.address.bytes[byte] !== address.bytes[byte]) return false;
  }
  const rest = range.bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((range.address.bytes[whole] ?? 0) & mask) === ((address.bytes[whole] ?? 0) & mask);
}

const RANGES: ReadonlyArray<{ range: Cidr; kind: IpAddressKind }> = [...IPV4_RANGES, ...IPV6_RANGES]
  .map(([text, kind]) => ({ range: cidr(text), kind }))
  // Longest prefix first, so the first range that holds an address is the one that names it.
  .sort((a, b) => b.range.bits - a.range.bits);

/** Every refused range as written above ("10.0.0.0/8"), with its kind: for the tests, and for the record. */
export const REFUSED_RANGES: ReadonlyArray<{ range: string; kind: IpAddressKind }> = [
  ...IPV4_RANGES,
  ...IPV6_RANGES,
].map(([range, kind]) => ({ range, kind }));

function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (DECIMAL_OCTET.test(part) ? Number(part) : Number.NaN));
  return bytes.every((byte) => byte <= 255) ? bytes : null;
}

function parseIpv6(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string, last: boolean): number[] | null => {
    if (half === "") return [];
    const parts = half.split(":");
    const groups: number[] = [];
    for (const [index, part] of parts.entries()) {
      // The last 32 bits may be written as an IPv4 address (::ffff:10.0.0.1).
      if (last && index === parts.length - 1 && part.includes(".")) {
        const v4 = parseIpv4(part);
        if (!v4) return null;
        groups.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
      } else if (HEX_GROUP.test(part)) {
        groups.push(Number.parseInt(part, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = groupsOf(halves[0] ?? "", halves.length === 1);
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "", true) : [];
  if (!head || !tail) return null;
  const written = head.length + tail.length;
  if (halves.length === 2 ? written > 7 : written !== 8) return null;
  const groups = [...head, ...Array<number>(8 - written).fill(0), ...tail];
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/**
 * The address `text` spells, or null when it is not an IP address (a host name). IPv4 in dotted decimal only, as
 * a resolver answers it and as the URL parser writes any other spelling (0x7f.1, 2130706433); IPv6 in any of its
 * spellings (compressed or not, any case, leading zeros, an IPv4 tail), with or without brackets or a zone
 * ("%eth0", which scopes an address to a link and is judged without it).
 */
export function parseIpAddress(text: string): IpAddress | null {
  const v4 = parseIpv4(text);
  if (v4) return { version: 4, bytes: v4 };
  if (!text.includes(":")) return null;
  const bare = text.replace(/^\[(.*)\]$/, "$1").replace(/%[^%]+$/, "");
  const v6 = parseIpv6(bare);
  return v6 ? { version: 6, bytes: v6 } : null;
}

/** The kind of address `text` is, or null when it is not an IP address. */
export function classifyIpAddress(text: string): IpAddressKind | null {
  const address = parseIpAddress(text);
  if (!address) return null;
  const match = RANGES.find(({ range }) => contains(range, address));
  if (match) return match.kind;
  return address.version === 4 || contains(IPV6_GLOBAL, address) ? "global" : "reserved";
}

/** True only for a global unicast address: anything else, a host name included, is false. */
export function isGlobalUnicast(text: string): boolean {
  return classifyIpAddress(text) === "global";
}
