import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../domain/forms/constants";

const BOOT = readFileSync(join(import.meta.dirname, "boot.js"), "utf8");

/** Runs boot.js against a page at `url` built for `prerendered`, with what the phone has stored. */
function boot(options: {
  url: string;
  prerendered?: string;
  stored?: Record<string, string>;
  darkPhone?: boolean;
  storageBlocked?: boolean;
}) {
  const classes = new Set<string>();
  const html = {
    dataset:
      options.prerendered === undefined
        ? {}
        : ({ prerendered: options.prerendered } as Record<string, string>),
    style: {} as Record<string, string>,
    classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
  };
  const { pathname, search } = new URL(options.url, "https://plant-sheets.example");
  const localStorage = {
    getItem(key: string) {
      if (options.storageBlocked) throw new Error("SecurityError");
      return options.stored?.[key] ?? null;
    },
  };
  const window = {
    localStorage,
    location: { pathname, search },
    matchMedia: (query: string) => ({
      matches: query === "(prefers-color-scheme: dark)" && !!options.darkPhone,
    }),
  };
  runInNewContext(BOOT, { window, document: { documentElement: html } });
  return { render: html.dataset.render, dark: classes.has("dark"), colorScheme: html.style.colorScheme };
}

describe("boot.js", () => {
  it("takes the prerendered markup over on a first visit to exactly its address", () => {
    expect(boot({ url: "/timesheet", prerendered: "/timesheet" }).render).toBe("hydrate");
    expect(boot({ url: "/", prerendered: "/" }).render).toBe("hydrate");
    const selection = "/?screen=customer-selection&form=timesheet";
    expect(boot({ url: selection, prerendered: selection }).render).toBe("hydrate");
    // A phone that refuses storage has nothing stored either.
    expect(boot({ url: "/", prerendered: "/", storageBlocked: true }).render).toBe("hydrate");
  });

  it("draws the screen afresh at another address, with a query, or with no prerendered markup", () => {
    expect(boot({ url: "/completed-form/abc", prerendered: "/" }).render).toBe("client");
    expect(boot({ url: "/timesheet?id=abc", prerendered: "/timesheet" }).render).toBe("client");
    expect(boot({ url: "/?tab=check-sheet", prerendered: "/" }).render).toBe("client");
    const selection = "/?screen=customer-selection&form=timesheet";
    expect(boot({ url: "/", prerendered: selection }).render).toBe("client");
    expect(boot({ url: `${selection}&x=1`, prerendered: selection }).render).toBe("client");
    expect(boot({ url: "/?form=timesheet&screen=customer-selection", prerendered: selection }).render).toBe(
      "client",
    );
    expect(boot({ url: "/" }).render).toBe("client");
  });

  it("draws the screen afresh for a returning visitor, whose screen differs from a first visit's", () => {
    const returning: Record<string, string>[] = [
      { [STORAGE_KEYS.session]: JSON.stringify({ driverName: "Dave", loginTime: 1 }) },
      { [STORAGE_KEYS.privacyAccepted]: "true" },
      { [STORAGE_KEYS.theme]: "dark" },
      { [STORAGE_KEYS.theme]: "light" },
    ];
    for (const stored of returning)
      expect(boot({ url: "/", prerendered: "/", stored }).render).toBe("client");
    // Declining the policy or choosing the default theme leaves the first-visit screen as it was.
    const unchanged: Record<string, string>[] = [
      { [STORAGE_KEYS.privacyRejected]: "true" },
      { [STORAGE_KEYS.theme]: "system" },
    ];
    for (const stored of unchanged) {
      expect(boot({ url: "/", prerendered: "/", stored }).render).toBe("hydrate");
    }
  });

  it("puts the stored theme on the page, following the phone for system or no choice", () => {
    expect(boot({ url: "/", stored: { [STORAGE_KEYS.theme]: "dark" } })).toMatchObject({
      dark: true,
      colorScheme: "dark",
    });
    expect(boot({ url: "/", stored: { [STORAGE_KEYS.theme]: "light" }, darkPhone: true })).toMatchObject({
      dark: false,
      colorScheme: "light",
    });
    expect(boot({ url: "/", darkPhone: true })).toMatchObject({ dark: true, colorScheme: "dark" });
    expect(boot({ url: "/", stored: { [STORAGE_KEYS.theme]: "system" } })).toMatchObject({ dark: false });
  });
});
