import "./styles.css";

/** Resolves once the browser has painted what it has, or at once in a tab nobody can see. */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState === "hidden") return Promise.resolve();
  return new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));
}

// A prerendered screen (public/boot.js) is shown before the app's code is fetched, so on a weak signal the
// stylesheet and the screen's markup do not share the line with it.
if (document.documentElement.dataset.render === "hydrate") await afterFirstPaint();
await import("./start-app");
