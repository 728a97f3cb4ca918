import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
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
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  addEventListener(type: "sync", listener: (event: SyncEvent) => void): void;
}

const scope = self as unknown as ServiceWorkerScope;

// Every file of the build (each screen's chunk, styles, icons, the QR decoder's WebAssembly): a cold start
// with no signal opens any screen. The build writes the list in place of `self.__WB_MANIFEST`, which must
// stay spelled out like this.
precacheAndRoute((self as unknown as ServiceWorkerScope).__WB_MANIFEST);
cleanupOutdatedCaches();

// Every address of the app is the same page; the router inside decides what to show.
registerRoute(new NavigationRoute(createHandlerBoundToURL("/index.html"), { denylist: [/^\/api(\/|$)/] }));

// Reference data read offline: the customer list and the vehicles looked up by QR code. Fresh when there is
// signal, the last answer when there is none.
registerRoute(
  ({ url, request }) =>
    request.method === "GET" &&
    url.origin === location.origin &&
    (url.pathname === "/api/customers" || url.pathname.startsWith("/api/vehicles/")),
  new NetworkFirst({ cacheName: "plant-sheets-reference-data", networkTimeoutSeconds: 10 }),
);

// A new version waits until the driver taps Reload, so it is never swapped in under a half-filled form.
scope.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void scope.skipWaiting();
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
