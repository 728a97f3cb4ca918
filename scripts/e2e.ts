// Runs the Playwright suite against the built app in the system Chromium.
// Without a Chromium: outside CI it says so loudly and how to install it; under CI it fails.
import { spawnSync } from "node:child_process";
import { chromiumPath } from "../e2e/chromium-path";

if (!chromiumPath()) {
  console.error(
    [
      "",
      "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
      "!! No Chromium found: the browser (e2e) tests did NOT run.",
      "!! Install it with:  sudo apt-get install -y chromium",
      "!! or point CHROMIUM_PATH at a Chromium or Chrome binary.",
      "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!",
      "",
    ].join("\n"),
  );
  process.exit(process.env.CI ? 1 : 0);
}

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
