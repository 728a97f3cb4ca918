import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { CUSTOMERS_URL, IMAGE_CACHE, ORDER_RULE_URL, REFERENCE_CACHE } from "./cache-names";
import { flushOutbox, listOutbox, OUTBOX_SYNC_TAG } from "./outbox";

// The app's tsconfig has the DOM library, not the worker one; these are the few worker types used here.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
interface ServiceWorkerScope {
  readonly __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
  addEventListener(type: "activate", listener: (event: ExtendableEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;

// Every file of the build (each screen's chunk, styles, icons, the QR decoder's WebAssembly): a cold start
// with no signal opens any screen. The build writes the list in place of `self.__WB_MANIFEST`, which must
// stay spelled out like this.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// Every address of the app is the same page; the router inside decides what to show.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api(\/|$)/] }));

// Reference data read offline: the customer list, the fleet, the company's order-number rule, and vehicles looked
// up by QR code. Fresh when there is signal, the last answer when there is none.
const FLEET_URL = "/api/vehicles";
const REFERENCE_URLS = [CUSTOMERS_URL, FLEET_URL, ORDER_RULE_URL];
const QR_PREFIX = "/api/vehicles/qr/";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

/** A QR code never looked up with signal: answered from the fleet list kept on the device. */
async function vehicleFromFleet(request: Request): Promise<Response | undefined> {
  const url = new URL(request.url);
  if (!url.pathname.startsWith(QR_PREFIX)) return undefined;
  const code = decodeURIComponent(url.pathname.slice(QR_PREFIX.length)).trim();
  const cached = await caches.match(FLEET_URL, { cacheName: REFERENCE_CACHE });
  if (!cached) return undefined;
  const fleet = (await cached.json()) as ({ qrCode: string } & Record<string, unknown>)[];
  // Plant numbers compare without case, as the server compares them.
  const found = fleet.find((vehicle) => vehicle.qrCode.toLowerCase() === code.toLowerCase());
  if (!found) {
    return jsonResponse(
      { code: "not_found", message: "Vehicle information not found for this QR code." },
      404,
    );
  }
  const { qrCode: _code, ...vehicle } = found;
  return jsonResponse(vehicle);
}

registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === location.origin &&
    (REFERENCE_URLS.includes(url.pathname) || url.pathname.startsWith(QR_PREFIX)),
  new NetworkFirst({
    cacheName: REFERENCE_CACHE,
    networkTimeoutSeconds: 10,
    plugins: [{ handlerDidError: async ({ request }) => vehicleFromFleet(request) }],
  }),
);

// Signatures of kept forms: an image's address is the hash of its bytes, so a copy never goes stale. Kept once
// seen, so History's records show their signatures without signal; logout deletes the cache.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" && url.origin === location.origin && url.pathname.startsWith("/api/images/"),
  new CacheFirst({ cacheName: IMAGE_CACHE }),
);

// Fetched once at install, so the customer dropdown, its order check and QR labels work offline even before they
// were opened.
scope.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .open(REFERENCE_CACHE)
      .then((cache) => cache.addAll(REFERENCE_URLS))
      .catch(() => {
        // No signal at install: the lists are kept the first time the app reads them instead.
      }),
  );
});

// A new version waits until the driver taps Reload, so it is never swapped in under a half-filled form.
scope.addEventListener("message", (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === "SKIP_WAITING") void scope.skipWaiting();
  // A page that was still loading when this version took over is not taken by that claim: it asks again.
  if (type === "CLAIM") void scope.clients.claim();
});

// The first version takes the open page at once, so the app works offline from the first visit.
clientsClaim();

// Background Sync: the browser wakes this worker when the signal returns, even with the app closed.
scope.addEventListener("sync", (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    flushOutbox().then(async () => {
      const waiting = (await listOutbox()).filter((item) => item.state === "waiting");
      // Rejecting asks the browser to fire the sync again later, with its own back-off.
      if (waiting.length > 0) throw new Error(`${waiting.length} requests still waiting`);
    }),
  );
});
