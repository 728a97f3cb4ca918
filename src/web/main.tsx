import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { applyThemeChoice, followSystemTheme, readThemeChoice } from "./lib/theme";
import "./styles.css";

// Otherwise zod probes for eval with `new Function`, which the content security policy (rightly) refuses and
// the browser reports as a violation; the checks run just as well without it. Loaded beside the first screen,
// not in its way: nothing parses with zod before a form screen, which arrives after this.
void import("zod/v4/core").then(({ config }) => config({ jitless: true }));

// Before the first render, so a dark-theme user never sees a light flash; the CSP forbids doing this in an
// inline <head> script.
applyThemeChoice(readThemeChoice());
followSystemTheme();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
