// Runs before the first paint, as a classic script in <head> (the CSP allows no inline script). It puts the
// theme on <html> (as src/web/lib/theme.ts does later), so a dark-theme user never sees a light flash, and says
// whether the markup the build put in this page (data-prerendered, src/web/prerender.tsx) is what this visitor
// would see: a first visit to exactly that address. If not, the markup stays hidden (styles.css) and the app
// draws the screen itself (src/web/start-app.tsx).
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
})();
