import { describe, expect, it } from "vitest";
import { ACCOUNT_TABS, appPaths, isAccountTab, parseHomeTab } from "./app-paths";

describe("parseHomeTab", () => {
  it("knows the two form tabs and the four account tabs", () => {
    expect(parseHomeTab("timesheet")).toBe("timesheet");
    expect(parseHomeTab("check-sheet")).toBe("check-sheet");
    for (const tab of ACCOUNT_TABS) expect(parseHomeTab(tab)).toBe(tab);
  });

  it("gives null for anything else, so the page falls back to its default tab", () => {
    expect(parseHomeTab(null)).toBeNull();
    expect(parseHomeTab("")).toBeNull();
    expect(parseHomeTab("Forms")).toBeNull();
    expect(parseHomeTab("admin")).toBeNull();
  });
});

describe("isAccountTab", () => {
  it("is true only for the tabs reached from More Options", () => {
    expect(ACCOUNT_TABS).toEqual(["forms", "history", "supervisor", "account"]);
    expect(isAccountTab("timesheet")).toBe(false);
    expect(isAccountTab("check-sheet")).toBe(false);
    expect(isAccountTab("history")).toBe(true);
  });
});

describe("appPaths.home", () => {
  it("keeps the tab in the query string", () => {
    expect(appPaths.home()).toBe("/");
    expect(appPaths.home("forms")).toBe("/?tab=forms");
  });
});
