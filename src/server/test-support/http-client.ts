import { type Agent, request as httpRequest } from "node:http";
import { takeSignUpToken } from "./sign-up-mail";

/** What a test needs from an answer of a server process. */
export interface Answer {
  status: number;
  body: unknown;
  setCookie: string[];
}

/** No answer within the time allowed: the call was abandoned. */
export class CallTimeoutError extends Error {}

/**
 * Calls a running server as the web app does: JSON, our own Origin, and the session cookie when given. Each call
 * opens its own connection, like many phones at once (fetch would queue them on one keep-alive connection),
 * unless an `agent` keeps one phone's connection open between calls. A network failure (the server died)
 * rejects, and so does a call unanswered after `timeoutMs` (with a CallTimeoutError).
 */
export function callServer(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    body?: unknown;
    cookie?: string;
    headers?: Record<string, string>;
    agent?: Agent;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const payload = options.body !== undefined ? JSON.stringify(options.body) : undefined;
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${baseUrl}${path}`,
      {
        method,
        agent: options.agent ?? false,
        headers: {
          origin: baseUrl,
          ...(payload !== undefined
            ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) }
            : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : null;
          } catch {
            // Not JSON: kept as text.
          }
          const setCookie = res.headers["set-cookie"] ?? [];
          resolve({ status: res.statusCode ?? 0, body, setCookie });
        });
      },
    );
    req.on("error", reject);
    if (options.timeoutMs !== undefined) {
      const timer = setTimeout(() => {
        reject(new CallTimeoutError(`${method} ${path}: no answer in ${options.timeoutMs} ms`));
        req.destroy();
      }, options.timeoutMs);
      req.on("close", () => clearTimeout(timer));
    }
    req.end(payload);
  });
}

/**
 * Signs a new account up on a server process whose mail goes to `mailDir` (.eml files): registers, takes the
 * emailed link and confirms it with the password. Returns the session cookie ("name=value").
 */
export async function registerAccount(
  baseUrl: string,
  account: { fullName: string; email: string; password: string },
  mailDir: string,
): Promise<string> {
  const { password, ...details } = account;
  const asked = await callServer(baseUrl, "POST", "/api/drivers/register", { body: details });
  if (asked.status !== 202) throw new Error(`register failed: ${asked.status} ${JSON.stringify(asked.body)}`);
  const token = await takeSignUpToken(mailDir, account.email);
  const answer = await callServer(baseUrl, "POST", "/api/drivers/register/confirm", {
    body: { token, password },
  });
  const cookie = answer.setCookie[0]?.split(";")[0];
  if (answer.status !== 201 || !cookie) {
    throw new Error(`sign-up link refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  return cookie;
}
