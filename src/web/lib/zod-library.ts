import { z } from "zod";

/**
 * The first of a wizard's steps of evaluation (routes.tsx): the build puts this module in zod's chunk
 * (vite.config.ts), so importing it runs zod's library alone, before any schema is built. Nobody reads this
 * export: it is a use of zod, which keeps this module's import of zod's chunk.
 */
export const zodObject = z.object;
