import { createServer as createHttpServer } from "node:http";
import type { LookupFunction } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADDRESS_REFUSED_CODE, outcomeOfFailure } from "../../domain/company/webhook";
import { loopbackNamesOfHostsFile, startConnectionCounter } from "../test-support/this-machine";
import { checkedLookup, postWebhook, type ResolveName, resolveWithSystem } from "./webhook-call";

type Answer = { error: NodeJS.ErrnoException | null; address: unknown; family?: number };

/** Calls a lookup as a socket does, with `options`, and answers what it called back with. */
function look(lookup: LookupFunction, hostname: string, options: { all?: boolean; family?: number }) {
  return new Promise<Answer>((resolve) => {
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family }));
  });
}

/** A resolver that answers each name from a script, one answer after the other, and counts its calls. */
function scriptedResolver(script: Array<Array<{ address: string; family: number }> | Error>) {
  const calls: string[] = [];
  const resolve: ResolveName = async (hostname) => {
    calls.push(hostname);
    const next = script[Math.min(calls.length, script.length) - 1];
    if (!next) throw new Error("no answer scripted");
    if (next instanceof Error) throw next;
    return next;
  };
  return { resolve, calls };
}

const PUBLIC_V4 = { address: "192.175.48.1", family: 4 };
const PUBLIC_V6 = { address: "2620:4f:8000::1", family: 6 };
const LOOPBACK = { address: "127.0.0.1", family: 4 };

/** A service of this machine's, counting the connections made to it. */
let counter: Awaited<ReturnType<typeof startConnectionCounter>>;
beforeAll(async () => {
  counter = await startConnectionCounter();
});
afterAll(() => counter.close());

describe("checkedLookup", () => {
  it.each(["localhost", ...loopbackNamesOfHostsFile()])(
    "refuses %s, a name of this machine, through the system's resolver, in both forms a socket asks for",
    async (name) => {
      // The name does lead here: the refusal is the lookup's, not the resolver's.
      expect((await resolveWithSystem(name)).length).toBeGreaterThan(0);
      for (const all of [true, false]) {
        const { error } = await look(checkedLookup(resolveWithSystem, false), name, { all });
        expect(error?.code, `${name}, all: ${all}`).toBe(ADDRESS_REFUSED_CODE);
        // Nothing of what it found: no address in the error.
        expect(error?.message).not.toMatch(/127\.|::1/);
      }
    },
  );

  it("lets localhost through only for an address let through as this machine's, and hands over its loopback", async () => {
    const { error, address } = await look(checkedLookup(resolveWithSystem, true), "localhost", { all: true });
    expect(error).toBeNull();
    expect((address as Array<{ address: string }>).map((a) => a.address)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(127\.|::1$)/)]),
    );
  });

  it("refuses a name when any one of its answers is refused, and one with no answer", async () => {
    const cases: Array<[Array<{ address: string; family: number }>, boolean]> = [
      [[PUBLIC_V4, { address: "10.0.0.7", family: 4 }], false],
      [[PUBLIC_V4, { address: "10.0.0.7", family: 4 }], true],
      [[PUBLIC_V4, { address: "::ffff:127.0.0.1", family: 6 }], true],
      [[PUBLIC_V6, LOOPBACK], false],
      [[], false],
      [[], true],
    ];
    for (const [answers, local] of cases) {
      const { resolve } = scriptedResolver([answers]);
      const { error } = await look(checkedLookup(resolve, local), "hooks.example.com", { all: true });
      expect(error?.code, `${JSON.stringify(answers)}, local: ${local}`).toBe(ADDRESS_REFUSED_CODE);
    }
  });

  it("answers a public name's addresses in the form asked for", async () => {
    const { resolve } = scriptedResolver([[PUBLIC_V4, PUBLIC_V6]]);
    const lookup = checkedLookup(resolve, false);
    expect(await look(lookup, "hooks.example.com", { all: true })).toEqual({
      error: null,
      address: [PUBLIC_V4, PUBLIC_V6],
      family: undefined,
    });
    expect(await look(lookup, "hooks.example.com", {})).toEqual({
      error: null,
      address: PUBLIC_V4.address,
      family: 4,
    });
    expect(await look(lookup, "hooks.example.com", { family: 6 })).toEqual({
      error: null,
      address: PUBLIC_V6.address,
      family: 6,
    });
  });

  it("passes a resolver's failure on, which reads as an address not found", async () => {
    const notFound = Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example.com"), {
      code: "ENOTFOUND",
    });
    const { resolve } = scriptedResolver([notFound]);
    const { error } = await look(checkedLookup(resolve, false), "nowhere.example.com", { all: true });
    expect(error).toBe(notFound);
    expect(outcomeOfFailure(error!)).toBe("not-found");
  });
});

describe("postWebhook", () => {
  const call = (url: string, resolve: ResolveName, local = false) =>
    postWebhook({ url, local, headers: {}, body: "{}", timeoutMs: 5_000, resolve });

  it("connects only to the address its lookup checked: a name that rebinds to this machine after the check reaches nothing", async () => {
    const before = counter.connections();
    // Public to the first lookup, this machine's loopback to the next: what a rebinding name answers.
    const { resolve, calls } = scriptedResolver([[PUBLIC_V4], [LOOPBACK]]);
    const url = `https://rebind.example.com:${counter.port}/hook`;
    // The first call goes to the public address (which refuses or does not answer here), never to this machine.
    await expect(call(url, resolve)).rejects.toThrow();
    expect(calls).toEqual(["rebind.example.com"]);
    // The next lookup answers this machine: refused before any connection.
    await expect(call(url, resolve)).rejects.toMatchObject({ code: ADDRESS_REFUSED_CODE });
    expect(calls).toEqual(["rebind.example.com", "rebind.example.com"]);
    expect(counter.connections()).toBe(before);
  });

  it("connects to an IP address only by the same rule: this machine's only when let through as local", async () => {
    const before = counter.connections();
    const { resolve, calls } = scriptedResolver([]);
    for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]", "[::1]"]) {
      await expect(call(`https://${host}:${counter.port}/`, resolve)).rejects.toMatchObject({
        code: ADDRESS_REFUSED_CODE,
      });
    }
    expect(counter.connections()).toBe(before);
    expect(calls).toEqual([]);
    // Let through as this machine (tests and development), it connects.
    await expect(call(`http://127.0.0.1:${counter.port}/`, resolve, true)).rejects.toThrow();
    expect(counter.connections()).toBe(before + 1);
  });

  it("answers the receiver's status through the checked lookup, without following a redirect", async () => {
    const paths: string[] = [];
    const server = createHttpServer((request, response) => {
      paths.push(request.url ?? "");
      request.resume();
      if (request.url === "/moved") response.writeHead(302, { location: "/elsewhere" }).end();
      else response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      expect(await call(`http://localhost:${port}/hook?x=1`, resolveWithSystem, true)).toBe(204);
      expect(await call(`http://localhost:${port}/moved`, resolveWithSystem, true)).toBe(302);
      expect(paths).toEqual(["/hook?x=1", "/moved"]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
