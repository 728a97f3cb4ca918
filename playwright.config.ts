import { defineConfig, devices } from "@playwright/test";
import { chromiumPath } from "./e2e/chromium-path";
import { e2ePaths } from "./e2e/fixtures/e2e-paths";

const { port, dataDir, mailDir, webRoot } = e2ePaths;
// Mail goes over real SMTP to a sink that files each message as .eml in the data folder's mail/ for the tests.
const smtpPort = port + 1000;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Generous on purpose: the suite must pass on a machine busy with other builds, where the app takes seconds
  // to start. Waits rely on Playwright's own retrying assertions and actions, never on a short fixed timeout.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? "line" : "list",
  // A folder per port, as the build's: a second suite on the machine empties its own, never this one's traces.
  outputDir: `test-results/e2e-${port}`,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    browserName: "chromium",
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: [
    {
      command: "npx tsx e2e/support/smtp-sink.ts",
      port: smtpPort,
      reuseExistingServer: false,
      env: { SMTP_PORT: String(smtpPort), MAILBOX_DIR: mailDir },
    },
    {
      // The built app, served by the real server on its embedded defaults (but SMTP) in a throwaway data folder.
      command: `rm -rf ${dataDir} && npx vite build --outDir ../../${webRoot} --emptyOutDir && npx tsx src/server/main.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        WEB_ROOT: webRoot,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: "warn",
        // Every test signs up its own drivers, all from this one address.
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: "1000",
        // And every form completed without an account is mailed from it, often to the same office.
        ANON_MAILS_PER_ADDRESS_PER_HOUR: "10000",
        ANON_MAILS_PER_RECIPIENT_PER_DAY: "10000",
        // A company's webhook may go to a receiver the test starts on this machine, over http.
        WEBHOOKS_ALLOW_LOCAL_HTTP: "true",
        // An export holds at most seven rows (a working week's five days, a defect and the week's invoice line): a
        // workbook of a week worked every day of the seven passes the cap.
        EXPORT_MAX_ROWS: "7",
      },
    },
  ],
});
