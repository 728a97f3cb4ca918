import { describe, expect, it } from "vitest";
import {
  ACCOUNT_TABS,
  appPaths,
  isAccountTab,
  parseCollationTab,
  parseFlowScreen,
  parseHomeTab,
} from "./app-paths";

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
    expect(ACCOUNT_TABS).toEqual(["forms", "history", "supervisor", "company", "account"]);
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

describe("the supervisor's screens of the / flow", () => {
  it("names the collation screen and its tab in the query string", () => {
    expect(appPaths.collation()).toBe("/?screen=collation");
    expect(appPaths.collation("needs_completion")).toBe("/?screen=collation&tab=needs_completion");
    expect(parseCollationTab("ready")).toBe("ready");
    expect(parseCollationTab("Ready")).toBeNull();
    expect(parseCollationTab(null)).toBeNull();
  });

  it("carries the combined set's id to the approval dashboard", () => {
    const id = "combined-6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
    expect(appPaths.combinedApproval(id)).toBe(`/?screen=combined-approval&id=${id}`);
  });

  it("knows the flow's screens and nothing else", () => {
    expect(parseFlowScreen("customer-selection")).toBe("customer-selection");
    expect(parseFlowScreen("collation")).toBe("collation");
    expect(parseFlowScreen("combined-approval")).toBe("combined-approval");
    expect(parseFlowScreen("timesheet")).toBeNull();
    expect(parseFlowScreen(null)).toBeNull();
  });
});
