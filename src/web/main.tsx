import "./lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { applyThemeChoice, followSystemTheme, readThemeChoice } from "./lib/theme";
import "./styles.css";

// Before the first render, so a dark-theme user never sees a light flash; the CSP forbids doing this in an
// inline <head> script.
applyThemeChoice(readThemeChoice());
followSystemTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// As a transition the first render is done in short slices, so a slow phone stays responsive while the screen
// is built.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
