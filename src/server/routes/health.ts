import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get("/health", async () => {
    const { database } = app.deps;
    await sql`select 1`.execute(database.db);
    return { ok: true, database: database.dialect };
  });
};
