import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { About } from "../../domain/api/about";

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/health", async () => {
    const { database } = app.deps;
    await sql`select 1`.execute(database.db);
    return { ok: true, database: database.dialect };
  });

  /** What the app asks of the server it runs on, for anyone: where a wrong translation is reported. */
  app.get("/about", async (): Promise<About> => ({ translationsEmail: app.deps.config.translationsEmail }));
};
