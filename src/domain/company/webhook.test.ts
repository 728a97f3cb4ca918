import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyIpAddress, isGlobalUnicast, REFUSED_RANGES } from "../accounts/ip-address";
import { companyMessages } from "../text/company-messages";
import {
  ADDRESS_REFUSED_CODE,
  checkWebhookUrl,
  MAX_WEBHOOK_URL_LENGTH,
  mayConnectTo,
  outcomeOfAnswer,
  outcomeOfFailure,
  WEBHOOK_OUTCOMES,
} from "./webhook";

const strict = { allowLocalHttp: false };
const local = { allowLocalHttp: true };

describe("checkWebhookUrl", () => {
  it("takes an https address on the internet, as the parser writes it", () => {
    expect(checkWebhookUrl("  https://payroll.example.co.uk/hooks/plant?x=1 ", strict)).toEqual({
      ok: true,
      url: "https://payroll.example.co.uk/hooks/plant?x=1",
      local: false,
    });
    expect(checkWebhookUrl("HTTPS://Hire-Desk.Example.com:8443", strict)).toEqual({
      ok: true,
      url: "https://hire-desk.example.com:8443/",
      local: false,
    });
    for (const url of [
      "https://8.8.8.8/hook",
      "https://[2606:4700:4700::1111]/hook",
      "https://hooks.example.com./",
    ]) {
      expect(checkWebhookUrl(url, strict), url).toMatchObject({ ok: true, local: false });
    }
  });

  it.each([
    ["http://payroll.example.co.uk/hook", companyMessages.webhookUrlNotHttps],
    ["ftp://payroll.example.co.uk/hook", companyMessages.webhookUrlNotHttps],
    ["javascript:alert(1)", companyMessages.webhookUrlNotHttps],
    ["file:///etc/passwd", companyMessages.webhookUrlNotHttps],
    ["payroll.example.co.uk/hook", companyMessages.webhookUrlInvalid],
    ["https://", companyMessages.webhookUrlInvalid],
    ["", companyMessages.webhookUrlRequired],
    ["https://office:secret@payroll.example.co.uk/hook", companyMessages.webhookUrlCredentials],
    ["https://office@payroll.example.co.uk/hook", companyMessages.webhookUrlCredentials],
    ["https://10.0.0.5/hook", companyMessages.webhookUrlNotPublic],
    ["https://192.168.1.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://172.20.0.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://169.254.169.254/latest/meta-data", companyMessages.webhookUrlNotPublic],
    ["https://0.0.0.0/", companyMessages.webhookUrlNotPublic],
    ["https://[fd00::1]/", companyMessages.webhookUrlNotPublic],
    ["https://[fe80::1]/", companyMessages.webhookUrlNotPublic],
    ["https://[::ffff:10.0.0.1]/", companyMessages.webhookUrlNotPublic],
    ["https://localhost/hook", companyMessages.webhookUrlNotPublic],
    ["http://127.0.0.1:8080/hook", companyMessages.webhookUrlNotPublic],
    ["https://0x7f.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://2130706433/hook", companyMessages.webhookUrlNotPublic],
    ["http://[::1]:9000/", companyMessages.webhookUrlNotPublic],
    ["https://localhost./hook", companyMessages.webhookUrlNotPublic],
    ["https://api.localhost/hook", companyMessages.webhookUrlNotPublic],
    ["https://127.1/hook", companyMessages.webhookUrlNotPublic],
    ["https://[0:0:0:0:0:0:0:1]/", companyMessages.webhookUrlNotPublic],
    ["https://[::ffff:127.0.0.1]/", companyMessages.webhookUrlNotPublic],
    ["https://0/", companyMessages.webhookUrlNotPublic],
    // Names of this machine or its network, whatever they resolve to.
    ["https://vm:9443/hook", companyMessages.webhookUrlNotPublic],
    ["https://runsc/hook", companyMessages.webhookUrlNotPublic],
    ["https://localhost.localdomain/hook", companyMessages.webhookUrlNotPublic],
    ["https://ip6-localhost/hook", companyMessages.webhookUrlNotPublic],
    ["https://metadata.google.internal/computeMetadata/v1/", companyMessages.webhookUrlNotPublic],
    ["https://printer.local/", companyMessages.webhookUrlNotPublic],
    ["https://router.home.arpa/", companyMessages.webhookUrlNotPublic],
    ["https://hooks.test/", companyMessages.webhookUrlNotPublic],
    // Every address that is not global unicast, in the spellings the parser takes.
    ["https://[::7f00:1]/", companyMessages.webhookUrlNotPublic],
    ["https://[64:ff9b::7f00:1]/", companyMessages.webhookUrlNotPublic],
    ["https://[64:ff9b::a9fe:a9fe]/", companyMessages.webhookUrlNotPublic],
    ["https://[fec0::1]/", companyMessages.webhookUrlNotPublic],
    ["https://[ff02::1]/", companyMessages.webhookUrlNotPublic],
    ["https://[2002:7f00:1::]/", companyMessages.webhookUrlNotPublic],
    ["https://[2001:db8::1]/", companyMessages.webhookUrlNotPublic],
    ["https://[::ffff:8.8.8.8]/", companyMessages.webhookUrlNotPublic],
    ["https://198.18.0.1/", companyMessages.webhookUrlNotPublic],
    ["https://192.0.0.1/", companyMessages.webhookUrlNotPublic],
    ["https://224.0.0.1/", companyMessages.webhookUrlNotPublic],
    ["https://239.255.255.250/", companyMessages.webhookUrlNotPublic],
    ["https://240.0.0.1/", companyMessages.webhookUrlNotPublic],
    ["https://255.255.255.255/", companyMessages.webhookUrlNotPublic],
    ["https://100.64.0.1/", companyMessages.webhookUrlNotPublic],
    ["https://203.0.113.9/", companyMessages.webhookUrlNotPublic],
    ["https://0xa9fea9fe/", companyMessages.webhookUrlNotPublic],
    ["https://0300.0250.1.1/", companyMessages.webhookUrlNotPublic],
  ])("refuses %s", (url, message) => {
    expect(checkWebhookUrl(url, strict)).toEqual({ ok: false, message });
  });

  it("takes this machine over http only with the flag for tests and development", () => {
    for (const url of ["http://127.0.0.1:8080/hook", "http://localhost:3000/", "http://[::1]:9000/"]) {
      expect(checkWebhookUrl(url, local), url).toMatchObject({ ok: true, local: true });
      expect(checkWebhookUrl(url, strict).ok, url).toBe(false);
    }
    // The flag opens this machine, not the network around it, nor plain http elsewhere.
    expect(checkWebhookUrl("http://payroll.example.co.uk/", local)).toEqual({
      ok: false,
      message: companyMessages.webhookUrlNotHttps,
    });
    expect(checkWebhookUrl("https://payroll.example.co.uk/", local)).toMatchObject({
      ok: true,
      local: false,
    });
    // Nor this machine by another name, nor the machine's address carried inside another.
    for (const url of [
      "http://10.0.0.5/",
      "https://vm:9443/",
      "http://localhost.localdomain/",
      "https://ip6-localhost/",
      "https://[::ffff:127.0.0.1]/",
      "https://[64:ff9b::7f00:1]/",
      "https://169.254.169.254/",
    ]) {
      expect(checkWebhookUrl(url, local), url).toEqual({
        ok: false,
        message: companyMessages.webhookUrlNotPublic,
      });
    }
  });

  it("refuses every address of a refused range, however the address is written", () => {
    // Random addresses in each refused IPv4 range, in the URL parser's spellings: dotted decimal, one number,
    // hexadecimal and octal parts, fewer parts.
    const v4Ranges = REFUSED_RANGES.filter((r) => !r.range.includes(":"));
    fc.assert(
      fc.property(
        fc.constantFrom(...v4Ranges),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.constantFrom("dotted", "number", "hex", "octal", "short"),
        ({ range }, random, spelling) => {
          const [base, bits] = range.split("/");
          const start = base!.split(".").reduce((acc, part) => acc * 256 + Number(part), 0);
          const size = 2 ** (32 - Number(bits));
          const n = start + (random % size);
          const parts = [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256);
          const host = {
            dotted: parts.join("."),
            number: String(n),
            hex: parts.map((p) => `0x${p.toString(16)}`).join("."),
            octal: parts.map((p) => `0${p.toString(8)}`).join("."),
            short: `${parts[0]}.${n % 2 ** 24}`,
          }[spelling];
          expect(checkWebhookUrl(`https://${host}/hook`, strict), host).toEqual({
            ok: false,
            message: companyMessages.webhookUrlNotPublic,
          });
          // The flag opens this machine's loopback only.
          expect(checkWebhookUrl(`https://${host}/hook`, local).ok, host).toBe(
            classifyIpAddress(parts.join(".")) === "loopback",
          );
        },
      ),
    );
  });

  it("takes an IP address in a URL only when the address is global unicast", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6().map((a) => `[${a}]`),
        ),
        (host) => {
          const result = checkWebhookUrl(`https://${host}/hook`, strict);
          const written = new URL(`https://${host}/hook`).hostname;
          expect(result.ok, host).toBe(isGlobalUnicast(written));
        },
      ),
    );
  });

  it("refuses an address longer than the limit, however it is made", () => {
    const base = "https://payroll.example.co.uk/";
    const atLimit = base + "a".repeat(MAX_WEBHOOK_URL_LENGTH - base.length);
    expect(checkWebhookUrl(atLimit, strict)).toEqual({ ok: true, url: atLimit, local: false });
    expect(checkWebhookUrl(`${atLimit}a`, strict)).toEqual({
      ok: false,
      message: companyMessages.webhookUrlTooLong(MAX_WEBHOOK_URL_LENGTH),
    });
    // Within the limit as typed, over it once percent-encoded.
    const spaces = base + " x".repeat((MAX_WEBHOOK_URL_LENGTH - base.length) / 2 - 1);
    expect(spaces.length).toBeLessThanOrEqual(MAX_WEBHOOK_URL_LENGTH);
    expect(checkWebhookUrl(spaces, strict).ok).toBe(false);
  });

  it("never lets through anything but https (or this machine with the flag), credentials or an overlong address", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc.string(),
          fc
            .tuple(
              fc.constantFrom("http", "https", "ftp"),
              fc.constantFrom(
                "localhost",
                "localhost.",
                "127.0.0.1",
                "127.1",
                "[::1]",
                "10.0.0.1",
                "a.example",
              ),
              fc.webPath(),
            )
            .map(([scheme, host, path]) => `${scheme}://${host}${path}`),
        ),
        fc.boolean(),
        (raw, allowLocalHttp) => {
          const result = checkWebhookUrl(raw, { allowLocalHttp });
          if (!result.ok) return;
          const url = new URL(result.url);
          const host = url.hostname.replace(/\.$/, "");
          const loopback = /^(localhost|.+\.localhost|\[::1\]|127(\.\d+){3})$/.test(host);
          expect(result.local).toBe(allowLocalHttp && loopback);
          expect(result.url.length).toBeLessThanOrEqual(MAX_WEBHOOK_URL_LENGTH);
          expect(url.username + url.password).toBe("");
          expect(host).not.toMatch(/^10\./);
          if (!allowLocalHttp) expect(loopback).toBe(false);
          if (url.protocol !== "https:") {
            expect(url.protocol).toBe("http:");
            expect(allowLocalHttp && loopback).toBe(true);
          }
        },
      ),
    );
  });
});

describe("mayConnectTo", () => {
  it("lets a call connect to a global unicast address only, and to loopback only for this machine's address", () => {
    for (const address of ["8.8.8.8", "2606:4700:4700::1111"]) {
      expect(mayConnectTo(address, false), address).toBe(true);
      expect(mayConnectTo(address, true), address).toBe(true);
    }
    for (const address of ["127.0.0.1", "127.1.2.3", "::1"]) {
      expect(mayConnectTo(address, false), address).toBe(false);
      expect(mayConnectTo(address, true), address).toBe(true);
    }
    for (const address of [
      "10.0.0.1",
      "169.254.169.254",
      "::ffff:127.0.0.1",
      "64:ff9b::7f00:1",
      "fd00::1",
      "",
      "vm",
    ]) {
      expect(mayConnectTo(address, false), address).toBe(false);
      expect(mayConnectTo(address, true), address).toBe(false);
    }
  });
});

describe("what came of a call", () => {
  it.each([
    [200, "delivered"],
    [204, "delivered"],
    [299, "delivered"],
    [301, "redirected"],
    [302, "redirected"],
    [399, "redirected"],
    [100, "answered"],
    [400, "answered"],
    [410, "answered"],
    [500, "answered"],
    [503, "answered"],
  ] as const)("an answer of %i is %s", (status, outcome) => {
    expect(outcomeOfAnswer(status)).toBe(outcome);
  });

  it.each([
    [{ name: "AbortError", code: "ABORT_ERR" }, "no-answer"],
    [{ name: "TimeoutError" }, "no-answer"],
    [{ name: "Error", code: "ECONNREFUSED" }, "could-not-connect"],
    [{ name: "Error", code: "ECONNRESET" }, "could-not-connect"],
    [{ name: "Error", code: "EHOSTUNREACH" }, "could-not-connect"],
    [{ name: "Error", code: "ENETUNREACH" }, "could-not-connect"],
    [{ name: "Error", code: "ETIMEDOUT" }, "could-not-connect"],
    [{ name: "Error" }, "could-not-connect"],
    [{ name: "Error", code: 42 }, "could-not-connect"],
    [{}, "could-not-connect"],
    [{ name: "Error", code: "DEPTH_ZERO_SELF_SIGNED_CERT" }, "refused-by-tls"],
    [{ name: "Error", code: "SELF_SIGNED_CERT_IN_CHAIN" }, "refused-by-tls"],
    [{ name: "Error", code: "CERT_HAS_EXPIRED" }, "refused-by-tls"],
    [{ name: "Error", code: "UNABLE_TO_VERIFY_LEAF_SIGNATURE" }, "refused-by-tls"],
    [{ name: "Error", code: "ERR_TLS_CERT_ALTNAME_INVALID" }, "refused-by-tls"],
    [{ name: "Error", code: "ERR_SSL_WRONG_VERSION_NUMBER" }, "refused-by-tls"],
    [{ name: "Error", code: "EPROTO" }, "refused-by-tls"],
    [{ name: "Error", code: "ENOTFOUND" }, "not-found"],
    [{ name: "Error", code: "EAI_AGAIN" }, "not-found"],
    [{ name: "Error", code: ADDRESS_REFUSED_CODE }, "not-found"],
  ] as const)("a failure %j is %s", (error, outcome) => {
    expect(outcomeOfFailure(error)).toBe(outcome);
  });

  it("words every outcome in a few words of its own, with the answer's status and nothing else", () => {
    const words = WEBHOOK_OUTCOMES.map((outcome) => companyMessages.webhookOutcome(outcome, 503));
    expect(new Set(words).size).toBe(WEBHOOK_OUTCOMES.length);
    for (const text of words) {
      expect(text.length).toBeLessThanOrEqual(80);
      expect(text).not.toMatch(/undefined|null|\d+\.\d+\.\d+|E[A-Z]{4,}/);
    }
    expect(companyMessages.webhookOutcome("answered", 500)).toBe("answered 500");
    expect(companyMessages.webhookOutcome("could-not-connect", null)).toBe("could not connect");
  });
});
