import "./lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { followSystemTheme } from "./lib/theme";
import "./styles.css";

// public/boot.js has put the theme on <html> before the first paint; from here on it follows the phone's.
followSystemTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const html = document.documentElement;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// As a transition the first render is done in short slices, so a slow phone stays responsive while the screen
// is built or the prerendered one taken over.
startTransition(() => {
  if (html.dataset.render === "hydrate") {
    hydrateRoot(root, app, {
      // Markup that differs after all (e.g. something else kept on the phone) is drawn anew by React.
      onRecoverableError: (error) => console.info("Prerendered markup replaced:", error),
    });
  } else {
    root.replaceChildren();
    delete html.dataset.render;
    createRoot(root).render(app);
  }
});
