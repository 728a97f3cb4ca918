// zod keeps its settings on this global, shared by every copy of it, and decides at each object schema's
// creation whether to compile a fast parser with `new Function`; its probe for that is refused by the content
// security policy, which the browser reports as a violation. Set before any zod module loads (main.tsx imports
// this first, and zod only arrives with later chunks), the probe never runs; the checks run just as well.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
