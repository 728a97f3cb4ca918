/**
 * A catalog comes in two parts, so the first screen waits only for its own words: "start" holds the namespaces
 * (a key's part before its first dot) of the app's frame and the home page with its banners; "rest" holds every
 * other screen's, fetched while the first screen is read (decision record 049).
 */
export const FIRST_SCREEN_NAMESPACES: ReadonlySet<string> = new Set([
  "common",
  "consent",
  "errorScreen",
  "header",
  "home",
  "language",
  "notFound",
  "offline",
  "outbox",
  "theme",
  "update",
]);

export const CATALOG_PARTS = ["start", "rest"] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

/** Whether a message belongs to the first screen's part. */
export function isFirstScreenKey(key: string): boolean {
  return FIRST_SCREEN_NAMESPACES.has(key.slice(0, key.indexOf(".")));
}

/** One part of a catalog's messages, in the catalog's order. */
export function catalogPart<M>(messages: Readonly<Record<string, M>>, part: CatalogPart): Record<string, M> {
  const wanted = part === "start";
  return Object.fromEntries(Object.entries(messages).filter(([key]) => isFirstScreenKey(key) === wanted));
}
