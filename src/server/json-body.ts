import type { FastifyInstance } from "fastify";
import { markNulFree } from "./nul-check";

/**
 * Fastify's JSON body parser, without its poisoning scan where the text cannot hold what it looks for. The scan
 * (two patterns run over the whole text after parsing) looks for a "__proto__" or "constructor" key, written out
 * or with \u escapes; text with neither name nor any \u escape cannot hold one, and a form's tens of kilobytes of
 * signatures made the scan cost a good part of what the parse itself does. Any other text, and text that does
 * not parse (including the empty body), goes through Fastify's own parser with its answers.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const checkedParse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (!text.includes("\\u") && !text.includes("__proto__") && !text.includes("constructor")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return checkedParse(request, text, done);
      }
      if (typeof parsed === "object" && parsed !== null) markNulFree(parsed);
      return done(null, parsed);
    }
    return checkedParse(request, text, done);
  });
}
