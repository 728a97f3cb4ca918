import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { hashToken, newToken, SESSION_COOKIE } from "../auth/sessions";
import { loadConfig } from "../config";
import { insertSession } from "../db/accounts-repository";
import type { Database } from "../db/database";

/**
 * The app over a database a fixture filled, each of the fixture's accounts signed in: what a migration test asks
 * the API of, as the accounts' own phones would. `close` ends the app and removes its files.
 */
export async function fixtureApp(
  database: Database,
  accountIds: readonly string[],
  origin: string,
): Promise<{ app: FastifyInstance; cookies: Map<string, string>; close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), "plant-sheets-fixture-"));
  const app = await buildApp({
    config: loadConfig({ PUBLIC_URL: origin, DATA_DIR: dataDir }),
    database,
    now: () => new Date(),
  });
  const cookies = new Map<string, string>();
  for (const accountId of accountIds) {
    const token = newToken();
    const now = new Date();
    await insertSession(database.db, {
      tokenHash: hashToken(token),
      accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
    });
    cookies.set(accountId, `${SESSION_COOKIE}=${token}`);
  }
  return {
    app,
    cookies,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
