import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerJsonBodyParser } from "./json-body";

async function echo(withOurParser: boolean) {
  const app = Fastify({ logger: false });
  if (withOurParser) registerJsonBodyParser(app);
  app.post("/", async (request) => ({ body: request.body ?? null }));
  await app.ready();
  return app;
}

describe("registerJsonBodyParser", () => {
  it("answers every body as Fastify's own JSON parser does", async () => {
    const ours = await echo(true);
    const fastify = await echo(false);
    const bodies = [
      '{"a":1,"b":"text","c":[1,{"d":null}]}',
      '"just a string"',
      "42",
      "",
      "{not json",
      '{"a":1}trailing',
      '\ufeff{"a":1}',
      '{"__proto__":{"admin":true}}',
      '{"a":{"__proto__":{"admin":true}}}',
      '{"\\u005f_proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"\\u0063onstructor":{"prototype":{"admin":true}}}',
      '{"notes":"the constructor was late"}',
      '{"notes":"caf\\u00e9"}',
      '{"a":"\\\\u"}',
    ];
    for (const payload of bodies) {
      const request = {
        method: "POST" as const,
        url: "/",
        headers: { "content-type": "application/json" },
        payload,
      };
      const [a, b] = await Promise.all([ours.inject(request), fastify.inject(request)]);
      expect({ payload, status: a.statusCode, body: a.body }).toEqual({
        payload,
        status: b.statusCode,
        body: b.body,
      });
    }
    await Promise.all([ours.close(), fastify.close()]);
  });
});
