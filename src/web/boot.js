// Runs before the first paint: the build writes it into the <head> of every page (vite.config.ts), so the first
// paint waits for no other request, and the server's CSP allows it by its hash (src/server/app.ts). It puts the
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
  // Exactly the address the page was prerendered for, its query included (customer selection's has one).
  const here = html.dataset.prerendered === window.location.pathname + window.location.search;
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
  // A tap on the prerendered screen before the app has taken it over is kept, not lost: the control says it is
  // loading (aria-busy, and data-early-tap for styles.css) and gets the tap again once the app is listening; the
  // app sends "plant-sheets:ready" when the screen is its own (src/web/routes.tsx). Links are real links, to
  // pages the server sends prerendered too: they only say that their page is on its way. A control tapped twice
  // gets one tap.
  const keepEarlyTaps = () => {
    const controls =
      'button, [role="button"], [role="tab"], [role="combobox"], [role="checkbox"], [role="switch"]';
    const kept = [];
    const keep = (event) => {
      if (!(event.target instanceof Element)) return;
      const link = event.target.closest("a[href]");
      if (link) {
        // The browser follows it. While its page is on the way the link says so, and a second tap, which
        // would only start the load again, is let go.
        if (link.hasAttribute("data-early-tap")) event.preventDefault();
        else if (!(link.target || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)) {
          link.setAttribute("aria-busy", "true");
          link.setAttribute("data-early-tap", "");
        }
        return;
      }
      const control = event.target.closest(controls);
      if (!control) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!kept.some((tap) => tap.control === control))
        kept.push({ control, path: pathOf(control), pointerType: event.pointerType || "mouse" });
      control.setAttribute("aria-busy", "true");
      control.setAttribute("data-early-tap", "");
    };
    // A tap as the browser sends it, for controls that act on the press (tabs, menus) as for those on the click.
    const tapAgain = ({ control, pointerType }) => {
      const press = { bubbles: true, cancelable: true, composed: true, view: window, button: 0, buttons: 1 };
      const lift = { ...press, buttons: 0 };
      const pointer = { pointerId: 1, pointerType, isPrimary: true };
      control.dispatchEvent(new PointerEvent("pointerdown", { ...press, ...pointer }));
      control.dispatchEvent(new MouseEvent("mousedown", press));
      control.dispatchEvent(new PointerEvent("pointerup", { ...lift, ...pointer }));
      control.dispatchEvent(new MouseEvent("mouseup", lift));
      control.click();
    };
    // Where a control sits in the page: the app draws a screen in another language than the prerendered English
    // anew, so the tapped control is then found again at the same place in the new page.
    const pathOf = (element) => {
      const path = [];
      for (let node = element; node.parentElement; node = node.parentElement)
        path.unshift([...node.parentElement.children].indexOf(node));
      return path;
    };
    const atPath = (path) =>
      path.reduce((node, index) => node?.children[index] ?? null, document.documentElement);
    const clearLinks = () => {
      for (const link of document.querySelectorAll("a[data-early-tap]")) {
        link.removeAttribute("aria-busy");
        link.removeAttribute("data-early-tap");
      }
    };
    const stop = (replay) => {
      window.removeEventListener("click", keep, true);
      clearLinks();
      for (const tap of kept.splice(0)) {
        tap.control.removeAttribute("aria-busy");
        tap.control.removeAttribute("data-early-tap");
        const control = tap.control.isConnected ? tap.control : atPath(tap.path);
        if (replay && control?.tagName === tap.control.tagName && control.matches(controls))
          tapAgain({ ...tap, control });
      }
    };
    window.addEventListener("click", keep, true);
    document.addEventListener("plant-sheets:ready", () => stop(true), { once: true });
    // Back to this page from the next one's, as it was left: no page is on its way any more.
    window.addEventListener("pageshow", (event) => {
      if (event.persisted) clearLinks();
    });
    return () => stop(false);
  };
  // The app's chunks run one task each, every chunk after those it imports (the build lists them so), then the
  // app itself: on a slow phone no single task holds all of the app's code, and a tap can be handled in between.
  const startApp = async () => {
    for (const href of preload ? preload.split(" ") : []) {
      await import(href);
      await new Promise((next) => setTimeout(next, 0));
    }
    return import(app);
  };
  if (html.dataset.render === "hydrate" && document.visibilityState !== "hidden") {
    const dropEarlyTaps = keepEarlyTaps();
    afterParsing(() =>
      afterFirstPaint(() => {
        fetchApp();
        // Should the app never start, the controls stop saying they are loading.
        startApp().catch((error) => {
          dropEarlyTaps();
          throw error;
        });
      }),
    );
  } else {
    fetchApp();
    afterParsing(startApp);
  }
})();
