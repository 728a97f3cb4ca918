import { lookup as systemLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { ADDRESS_REFUSED_CODE, mayConnectTo } from "../../domain/company/webhook";

/** A name's addresses, as `dns.lookup(name, { all: true })` answers them. */
export type ResolveName = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/** The system's resolver (/etc/hosts, then DNS), as every other connection of the server resolves. */
export const resolveWithSystem: ResolveName = (hostname) => systemLookup(hostname, { all: true });

/** The error a call fails with when the address it would connect to is refused: never says which address. */
function addressRefused(): NodeJS.ErrnoException {
  return Object.assign(new Error("webhook address refused"), { code: ADDRESS_REFUSED_CODE });
}

/**
 * The `lookup` of a call's socket: resolves the name, refuses the call unless every address it resolves to may be
 * called (`mayConnectTo`: global unicast, or this machine's loopback for a `local` address), and hands the socket
 * the addresses it checked. The socket connects to nothing else, so a name that answers a public address to one
 * lookup and 127.0.0.1 to the next cannot slip between a check and the call.
 *
 * It answers in both forms Node asks for: the list (`all`, as a socket trying IPv4 and IPv6 in turn asks) and the
 * first address.
 */
export function checkedLookup(resolve: ResolveName, local: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const fail = (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : "");
    resolve(hostname).then((answers) => {
      if (answers.length === 0 || !answers.every((answer) => mayConnectTo(answer.address, local))) {
        fail(addressRefused());
        return;
      }
      const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
      const usable = family ? answers.filter((answer) => answer.family === family) : answers;
      const [first] = usable;
      if (!first) fail(addressRefused());
      else if (options.all) callback(null, usable);
      else callback(null, first.address, first.family);
    }, fail);
  };
}

export interface WebhookCall {
  /** As checkWebhookUrl wrote it. */
  url: string;
  /** checkWebhookUrl's `local`: this machine, let through for tests and development. */
  local: boolean;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  resolve: ResolveName;
}

/**
 * POSTs one call and answers the answer's status, without reading its body; fails with the socket's error (no
 * answer within `timeoutMs` is an AbortError). A redirect is an answer like any other: never followed. Each call
 * has a connection of its own, made through `checkedLookup`.
 */
export function postWebhook(call: WebhookCall): Promise<number> {
  const url = new URL(call.url);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return new Promise<number>((resolve, reject) => {
    // Node connects to an IP address without a lookup: that address is judged here, by the same rule.
    if (isIP(host) !== 0 && !mayConnectTo(host, call.local)) {
      reject(addressRefused());
      return;
    }
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      done();
    };
    const body = Buffer.from(call.body, "utf8");
    const request = (url.protocol === "https:" ? https : http).request(
      {
        method: "POST",
        host,
        port: url.port === "" ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: { ...call.headers, "content-length": String(body.length) },
        lookup: checkedLookup(call.resolve, call.local),
        agent: false,
        signal: AbortSignal.timeout(call.timeoutMs),
      },
      (response) => {
        settle(() => resolve(response.statusCode ?? 0));
        // The answer's body is not wanted: let the connection go without reading it.
        response.destroy();
      },
    );
    request.on("error", (error) => settle(() => reject(error)));
    request.end(body);
  });
}
