import "./lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { DEFAULT_LOCALE } from "../domain/text/i18n/locales";
import { App } from "./app";
import { cn } from "./lib/cn";
import { chosenLocale, startInChosenLocale } from "./lib/i18n";
import { followSystemTheme } from "./lib/theme";
import "./styles.css";

// boot.js has put the theme on <html> before the first paint; from here on it follows the phone's.
followSystemTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const html = document.documentElement;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/** Runs `step` in a new task, so the browser can handle a tap between two steps of the start on a slow phone. */
const inNextTask = (step: () => void) => setTimeout(step, 0);

function hydrate(root: HTMLElement) {
  // The first render is a transition, done in short slices, so a slow phone stays responsive while the
  // prerendered screen is taken over.
  startTransition(() => {
    hydrateRoot(root, app, {
      // Markup that differs after all (e.g. something else kept on the phone) is drawn anew by React.
      onRecoverableError: (error) => console.info("Prerendered markup replaced:", error),
    });
  });
}

// The prerendered markup is English: in another language the app draws the screen anew, once its catalog is here.
if (html.dataset.render === "hydrate" && chosenLocale() === DEFAULT_LOCALE) {
  // tailwind-merge builds its class tables on first use: a step of its own rather than part of a render slice.
  inNextTask(() => {
    cn();
    inNextTask(() => hydrate(root));
  });
} else {
  void startInChosenLocale().then(() => {
    root.replaceChildren();
    delete html.dataset.render;
    startTransition(() => createRoot(root).render(app));
  });
}
