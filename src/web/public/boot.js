// Runs before the first paint, as a classic script in <head> (the CSP allows no inline script). It puts the
// theme on <html> (as src/web/lib/theme.ts does later), so a dark-theme user never sees a light flash, and says
// whether the markup the build put in this page (data-prerendered, src/web/prerender.tsx) is what this visitor
// would see: a first visit to exactly that address. If not, the markup stays hidden (styles.css) and the app
// draws the screen itself (src/web/main.tsx).
(() => {
  const html = document.documentElement;
  const stored = (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const theme = stored("plant-sheets.theme");
  const dark =
    theme === "dark" || (theme !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  html.classList.toggle("dark", dark);
  html.style.colorScheme = dark ? "dark" : "light";

  const firstVisit =
    stored("plant-sheets.session") === null &&
    stored("plant-sheets.privacy-accepted") !== "true" &&
    (theme === null || theme === "system");
  const here = html.dataset.prerendered === window.location.pathname && window.location.search === "";
  html.dataset.render = firstVisit && here ? "hydrate" : "client";

  // The build moves the app's script from a module tag to this tag's data-app, with the modules it imports in
  // data-preload, so that for a prerendered screen the app's code is fetched only once the screen has been
  // painted: on a weak signal the markup and the stylesheet do not share the line with it.
  const { app, preload } = document.currentScript?.dataset ?? {};
  if (!app) return;
  const fetchApp = () => {
    for (const href of [app, ...(preload ? preload.split(" ") : [])]) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.append(link);
    }
  };
  // As a module script would: the app runs once the page is parsed (it needs #root), even when its code is
  // already in the cache and arrives at once.
  const afterParsing = (then) => {
    if (document.readyState === "loading")
      document.addEventListener("DOMContentLoaded", then, { once: true });
    else then();
  };
  // The browser reports the first contentful paint once that frame is on the screen, which on a slow phone can be
  // well after the frame's own callbacks have run. Should it never be reported, the app starts all the same.
  const afterFirstPaint = (then) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      setTimeout(then, 0);
    };
    if (!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
      window.requestAnimationFrame(start);
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: "paint", buffered: true });
    setTimeout(start, 3000);
  };
  const startApp = () => import(app);
  if (html.dataset.render === "hydrate" && document.visibilityState !== "hidden") {
    afterParsing(() =>
      afterFirstPaint(() => {
        fetchApp();
        startApp();
      }),
    );
  } else {
    fetchApp();
    afterParsing(startApp);
  }
})();
