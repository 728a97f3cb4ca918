import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  classifyIpAddress,
  type IpAddressKind,
  isGlobalUnicast,
  parseIpAddress,
  REFUSED_RANGES,
} from "./ip-address";

// The registries again, written apart from the module as first and last address, so a slip in one is caught by
// the other: IANA's IPv4 and IPv6 Special-Purpose Address Registries, multicast and broadcast.
const V4_REFUSED: ReadonlyArray<readonly [number, number]> = [
  [0x00000000, 0x00ffffff], // 0.0.0.0/8
  [0x0a000000, 0x0affffff], // 10.0.0.0/8
  [0x64400000, 0x647fffff], // 100.64.0.0/10
  [0x7f000000, 0x7fffffff], // 127.0.0.0/8
  [0xa9fe0000, 0xa9feffff], // 169.254.0.0/16
  [0xac100000, 0xac1fffff], // 172.16.0.0/12
  [0xc0000000, 0xc00000ff], // 192.0.0.0/24
  [0xc0000200, 0xc00002ff], // 192.0.2.0/24
  [0xc0586300, 0xc05863ff], // 192.88.99.0/24
  [0xc0a80000, 0xc0a8ffff], // 192.168.0.0/16
  [0xc6120000, 0xc613ffff], // 198.18.0.0/15
  [0xc6336400, 0xc63364ff], // 198.51.100.0/24
  [0xcb007100, 0xcb0071ff], // 203.0.113.0/24
  [0xe0000000, 0xffffffff], // 224.0.0.0/4, 240.0.0.0/4, 255.255.255.255
];

const v6 = (hex: string) => BigInt(`0x${hex.padEnd(32, "0")}`);
const V6_ALL = (1n << 128n) - 1n;
/** [first, last] of a prefix given as its leading hex digits and its length. */
const block = (hex: string, bits: number): readonly [bigint, bigint] => {
  const first = v6(hex);
  return [first, first | (V6_ALL >> BigInt(bits))];
};
const V6_GLOBAL_BLOCK = block("2", 3);
const V6_REFUSED_IN_GLOBAL_BLOCK: ReadonlyArray<readonly [bigint, bigint]> = [
  block("200100", 23), // 2001::/23, Teredo and benchmarking inside it
  block("20010db8", 32), // 2001:db8::/32
  block("2002", 16), // 2002::/16
  block("3fff0", 20), // 3fff::/20
];

function v4Refused(n: number): boolean {
  return V4_REFUSED.some(([first, last]) => n >= first && n <= last);
}

function v6Refused(n: bigint): boolean {
  const [first, last] = V6_GLOBAL_BLOCK;
  return n < first || n > last || V6_REFUSED_IN_GLOBAL_BLOCK.some(([a, b]) => n >= a && n <= b);
}

const dotted = (n: number) => [24, 16, 8, 0].map((shift) => (n >>> shift) & 0xff).join(".");

function groupsOf(n: bigint): number[] {
  return Array.from({ length: 8 }, (_, i) => Number((n >> BigInt(112 - 16 * i)) & 0xffffn));
}

/** How an IPv6 address may be written: case, leading zeros, one run of zeros left out, an IPv4 tail, brackets. */
interface Spelling {
  upper: boolean[];
  pad: number[];
  compress: number;
  v4Tail: boolean;
  brackets: boolean;
  zone: boolean;
}

const spellingArb: fc.Arbitrary<Spelling> = fc.record({
  upper: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
  pad: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 8, maxLength: 8 }),
  compress: fc.nat(),
  v4Tail: fc.boolean(),
  brackets: fc.boolean(),
  zone: fc.boolean(),
});

function spell(n: bigint, s: Spelling): string {
  const groups = groupsOf(n);
  const tailV4 = s.v4Tail ? dotted(Number(n & 0xffffffffn)) : null;
  const written = groups.slice(0, tailV4 ? 6 : 8).map((g, i) => {
    const hex = g.toString(16).padStart(s.pad[i] ?? 0, "0");
    return s.upper[i] ? hex.toUpperCase() : hex;
  });
  // The runs of zero groups one may leave out; one of them is, or none.
  const runs: Array<[number, number]> = [];
  for (let i = 0; i < written.length; i += 1) {
    if (groups[i] !== 0) continue;
    let j = i;
    while (j + 1 < written.length && groups[j + 1] === 0) j += 1;
    for (let start = i; start <= j; start += 1)
      for (let end = start; end <= j; end += 1) runs.push([start, end]);
    i = j;
  }
  const run = runs.length > 0 ? runs[s.compress % (runs.length + 1)] : undefined;
  let text: string;
  if (run) {
    const head = written.slice(0, run[0]).join(":");
    const tail = [...written.slice(run[1] + 1), ...(tailV4 ? [tailV4] : [])].join(":");
    text = `${head}::${tail}`;
  } else {
    text = [...written, ...(tailV4 ? [tailV4] : [])].join(":");
  }
  if (s.zone) text = `${text}%eth0`;
  return s.brackets ? `[${text}]` : text;
}

/** 128-bit numbers, most near the blocks that matter, so each range is met often. */
const v6Arb: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: 0n, max: V6_ALL }),
  fc
    .tuple(
      fc.constantFrom(
        ...REFUSED_RANGES.filter((r) => r.range.includes(":")).map((r) => r.range),
        "2000::/3",
        "2001::/16",
        "2600::/12",
      ),
      fc.bigInt({ min: 0n, max: V6_ALL }),
    )
    .map(([range, random]) => {
      const [text, bits] = range.split("/");
      const prefix = parseIpAddress(text!)!.bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
      const keep = V6_ALL ^ (V6_ALL >> BigInt(Number(bits)));
      return (prefix & keep) | (random & ~keep & V6_ALL);
    }),
  // Near an edge of one of the blocks above, on either side.
  fc
    .tuple(
      fc.constantFrom(V6_GLOBAL_BLOCK, ...V6_REFUSED_IN_GLOBAL_BLOCK),
      fc.boolean(),
      fc.boolean(),
      fc.integer({ min: 0, max: 127 }),
      fc.bigInt({ min: 0n, max: V6_ALL }),
    )
    .map(([[first, last], atFirst, above, width, random]) => {
      const edge = atFirst ? first : last;
      const offset = random & ((1n << BigInt(width)) - 1n);
      const n = above ? edge + offset : edge - offset;
      return n < 0n ? 0n : n > V6_ALL ? V6_ALL : n;
    }),
  // Mostly zeros, so that runs of zeros are left out in many ways.
  fc
    .array(fc.constantFrom(0, 0, 0, 1, 0xffff, 0x7f00, 0x64, 0xff9b), { minLength: 8, maxLength: 8 })
    .map((gs) => gs.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n)),
);

describe("classifyIpAddress", () => {
  it.each<[string, IpAddressKind]>([
    // This machine, whatever the spelling.
    ["127.0.0.1", "loopback"],
    ["127.255.255.255", "loopback"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["0000:0000:0000:0000:0000:0000:0000:0001", "loopback"],
    ["[::1]", "loopback"],
    // Not one host.
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this-network"],
    ["::", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.255", "multicast"],
    ["ff02::1", "multicast"],
    ["FF0E::1", "multicast"],
    // Private networks and links.
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "shared"],
    ["100.127.255.255", "shared"],
    ["169.254.169.254", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fec0::1", "site-local"],
    ["fd00::1", "unique-local"],
    ["fc00::1", "unique-local"],
    // Kept for protocols, documentation and benchmarks.
    ["192.0.0.1", "protocol"],
    ["192.0.0.9", "protocol"],
    ["192.0.0.170", "protocol"],
    ["192.0.2.1", "documentation"],
    ["198.51.100.7", "documentation"],
    ["203.0.113.255", "documentation"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["192.88.99.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.254", "reserved"],
    ["2001:db8::1", "documentation"],
    ["3fff::1", "documentation"],
    ["2001:2::1", "benchmarking"],
    ["2001::1", "teredo"],
    ["2001:1::1", "protocol"],
    ["100::1", "discard"],
    // Another address inside: refused, whatever it holds.
    ["::ffff:127.0.0.1", "ipv4-mapped"],
    ["::ffff:7f00:1", "ipv4-mapped"],
    ["::ffff:8.8.8.8", "ipv4-mapped"],
    ["::7f00:1", "ipv4-compatible"],
    ["::127.0.0.1", "ipv4-compatible"],
    ["64:ff9b::7f00:1", "nat64"],
    ["64:ff9b::8.8.8.8", "nat64"],
    ["64:ff9b:1::1", "nat64"],
    ["2002:7f00:1::", "6to4"],
    // Not handed out at all.
    ["4000::1", "reserved"],
    ["::2:1", "ipv4-compatible"],
    ["1::", "reserved"],
    // On the internet.
    ["8.8.8.8", "global"],
    ["1.1.1.1", "global"],
    ["172.15.255.255", "global"],
    ["172.32.0.0", "global"],
    ["100.63.255.255", "global"],
    ["100.128.0.0", "global"],
    ["192.0.1.1", "global"],
    ["192.169.0.1", "global"],
    ["198.17.255.255", "global"],
    ["198.20.0.0", "global"],
    ["223.255.255.255", "global"],
    ["2606:4700:4700::1111", "global"],
    ["2a00:1450:4009:81f::200e", "global"],
    ["2001:200::1", "global"],
    ["2003::1", "global"],
    ["3ffe:ffff::1", "global"],
  ])("%s is %s", (text, kind) => {
    expect(classifyIpAddress(text)).toBe(kind);
    expect(isGlobalUnicast(text)).toBe(kind === "global");
  });

  it.each([
    "localhost",
    "vm",
    "payroll.example.co.uk",
    "",
    "1.2.3",
    "1.2.3.4.5",
    "256.0.0.1",
    "01.2.3.4",
    "0x7f.0.0.1",
    "2130706433",
    "1.2.3.4::",
    "1::2::3",
    ":1::",
    "1:2:3:4:5:6:7:8:9",
    "1::2:3:4:5:6:7:8",
    "12345::",
    "g::1",
    "::ffff:1.2.3",
    "[::1",
  ])("%j is not an address: never global", (text) => {
    expect(classifyIpAddress(text)).toBeNull();
    expect(isGlobalUnicast(text)).toBe(false);
  });

  it("takes exactly the IPv4 addresses outside the registry's ranges as global", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (n) => {
        expect(isGlobalUnicast(dotted(n))).toBe(!v4Refused(n));
      }),
      { numRuns: 10_000 },
    );
  });

  it("refuses every IPv4 address at the edge of each range, and takes its global neighbours", () => {
    for (const [first, last] of V4_REFUSED) {
      expect(isGlobalUnicast(dotted(first))).toBe(false);
      expect(isGlobalUnicast(dotted(last))).toBe(false);
      if (first > 0) expect(isGlobalUnicast(dotted(first - 1))).toBe(!v4Refused(first - 1));
      if (last < 0xffffffff) expect(isGlobalUnicast(dotted(last + 1))).toBe(!v4Refused(last + 1));
    }
  });

  it("takes exactly the IPv6 addresses of 2000::/3 outside the registry's ranges as global, whatever the spelling", () => {
    fc.assert(
      fc.property(v6Arb, spellingArb, (n, spelling) => {
        const text = spell(n, spelling);
        expect(parseIpAddress(text)?.bytes, text).toEqual(groupsOf(n).flatMap((g) => [g >> 8, g & 0xff]));
        expect(isGlobalUnicast(text), text).toBe(!v6Refused(n));
      }),
      { numRuns: 10_000 },
    );
  });

  it("refuses every IPv6 address at the edge of each block, and judges its neighbours alike", () => {
    for (const [first, last] of [V6_GLOBAL_BLOCK, ...V6_REFUSED_IN_GLOBAL_BLOCK]) {
      for (const n of [first - 1n, first, last, last + 1n]) {
        const text = groupsOf(n)
          .map((g) => g.toString(16))
          .join(":");
        expect(isGlobalUnicast(text), text).toBe(!v6Refused(n));
      }
    }
  });

  it("gives one kind to every spelling of one address", () => {
    fc.assert(
      fc.property(v6Arb, spellingArb, spellingArb, (n, a, b) => {
        expect(classifyIpAddress(spell(n, a))).toBe(classifyIpAddress(spell(n, b)));
      }),
    );
  });

  it("refuses every IPv4 address carried inside IPv6 (mapped, compatible, NAT64), even a global one", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), fc.boolean(), (n, hexTail) => {
        const tail = hexTail ? `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}` : dotted(n);
        for (const prefix of ["::ffff:", "::", "64:ff9b::", "0:0:0:0:0:ffff:", "64:ff9b:1::"]) {
          expect(isGlobalUnicast(`${prefix}${tail}`), `${prefix}${tail}`).toBe(false);
        }
      }),
    );
  });

  it("holds each range of the table as the registries write it", () => {
    // The module's own table, read back through the classifier: each range's first and last address is refused.
    for (const { range } of REFUSED_RANGES) {
      const [text, bits] = range.split("/");
      const address = parseIpAddress(text!);
      expect(address, range).not.toBeNull();
      const value = address!.bytes.reduce((acc, b) => (acc << 8n) | BigInt(b), 0n);
      const width = BigInt(address!.bytes.length * 8);
      const last = value | ((1n << (width - BigInt(Number(bits)))) - 1n);
      const spellLast =
        address!.version === 4
          ? dotted(Number(last))
          : groupsOf(last)
              .map((g) => g.toString(16))
              .join(":");
      expect(isGlobalUnicast(text!), range).toBe(false);
      expect(isGlobalUnicast(spellLast), `${range} ends at ${spellLast}`).toBe(false);
    }
  });
});
