import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORM_STATUSES } from "../forms/form-status";
import {
  COMPANY_STATE_LABELS,
  changedFieldsText,
  changedFieldWords,
  companyStatusLabel,
} from "../forms/sent-back";
import {
  approvalBlockers,
  approvedWeek,
  type CompanyFormFacts,
  changedFields,
  companyFormStatus,
  companyWeekStatus,
} from "./company-state";

const t = (minute: number) => `2026-11-20T09:${String(minute).padStart(2, "0")}:00.000Z`;
const fresh: CompanyFormFacts = {
  status: "draft",
  reviewApprovedAt: null,
  sentBackAt: null,
  reopenedAt: null,
  resubmittedAt: null,
  resubmittedChanges: null,
};

describe("a company member's form in the company's words", () => {
  it("is a draft until submitted, and submitted in any status the driver's flow gives a finished form", () => {
    expect(companyFormStatus(fresh)).toEqual({ state: "draft", resubmitted: null });
    for (const status of FORM_STATUSES.filter((s) => s !== "draft")) {
      expect(companyFormStatus({ ...fresh, status })).toEqual({ state: "submitted", resubmitted: null });
    }
  });

  it("is sent back or reopened while the driver holds a returned form, by whichever came last", () => {
    expect(companyFormStatus({ ...fresh, sentBackAt: t(1) }).state).toBe("sent_back");
    expect(companyFormStatus({ ...fresh, reopenedAt: t(1) }).state).toBe("reopened");
    expect(companyFormStatus({ ...fresh, reopenedAt: t(1), sentBackAt: t(2) }).state).toBe("sent_back");
    expect(companyFormStatus({ ...fresh, sentBackAt: t(1), reopenedAt: t(2) }).state).toBe("reopened");
  });

  it("carries the resubmitted marker only when submitted again after its last return", () => {
    const back = { ...fresh, status: "completed" as const, sentBackAt: t(1) };
    expect(companyFormStatus({ ...back, resubmittedAt: t(2), resubmittedChanges: ["fridayFinish"] })).toEqual(
      {
        state: "submitted",
        resubmitted: { at: t(2), changes: ["fridayFinish"] },
      },
    );
    // A resubmission before a later reopening is history: the form was submitted again after it, not resubmitted.
    expect(companyFormStatus({ ...back, reopenedAt: t(3), resubmittedAt: t(2) }).resubmitted).toBeNull();
    expect(companyFormStatus({ ...back, resubmittedAt: t(2) }).resubmitted).toEqual({
      at: t(2),
      changes: [],
    });
  });

  it("is approved once the office approved it, whatever else the form says", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FORM_STATUSES),
        fc.option(fc.integer({ min: 0, max: 59 }).map(t)),
        fc.option(fc.integer({ min: 0, max: 59 }).map(t)),
        fc.option(fc.integer({ min: 0, max: 59 }).map(t)),
        (status, sentBackAt, reopenedAt, resubmittedAt) => {
          const facts = { status, sentBackAt, reopenedAt, resubmittedAt, resubmittedChanges: null };
          expect(companyFormStatus({ ...facts, reviewApprovedAt: t(0) })).toEqual({
            state: "approved",
            resubmitted: null,
          });
          // Without an approval, the driver holds exactly the drafts.
          const { state } = companyFormStatus({ ...facts, reviewApprovedAt: null });
          expect(state === "submitted").toBe(status !== "draft");
        },
      ),
    );
  });

  it("has a word for every state, and Resubmitted for the marker", () => {
    expect(Object.values(COMPANY_STATE_LABELS)).toEqual([
      "Draft",
      "Submitted",
      "Sent back",
      "Approved",
      "Reopened",
    ]);
    expect(companyStatusLabel({ state: "submitted", resubmitted: { at: t(1), changes: [] } })).toBe(
      "Resubmitted",
    );
    expect(companyStatusLabel({ state: "sent_back", resubmitted: null })).toBe("Sent back");
  });
});

describe("a company's week", () => {
  const form = (id: string, facts: Partial<CompanyFormFacts>) => ({
    id,
    kind: id.startsWith("t") ? ("timesheet" as const) : ("check-sheet" as const),
    ...fresh,
    status: "completed" as const,
    ...facts,
  });

  it("is held by the driver while any form is returned or a draft, sent back first", () => {
    const week = [
      form("t", {}),
      form("c1", { status: "draft" }),
      form("c2", { status: "draft", sentBackAt: t(1) }),
    ];
    expect(companyWeekStatus(week).state).toBe("sent_back");
    expect(companyWeekStatus(week.slice(0, 2)).state).toBe("draft");
    expect(companyWeekStatus([form("t", { status: "draft", reopenedAt: t(1) }), week[1]!]).state).toBe(
      "reopened",
    );
  });

  it("is approved only when every form is, and resubmitted when a submitted form carries the marker", () => {
    expect(companyWeekStatus([form("t", { reviewApprovedAt: t(1) })]).state).toBe("approved");
    expect(companyWeekStatus([form("t", { reviewApprovedAt: t(1) }), form("c", {})]).state).toBe("submitted");
    expect(companyWeekStatus([form("t", {}), form("c", { sentBackAt: t(1), resubmittedAt: t(2) })])).toEqual({
      state: "submitted",
      resubmitted: true,
    });
    expect(companyWeekStatus([])).toEqual({ state: "draft", resubmitted: false });
  });

  it("as the office approves it: every form approved, each keeping the marker it was resubmitted with", () => {
    const changes = ["mondayFinish"];
    expect(
      approvedWeek([
        form("t", { sentBackAt: t(1), resubmittedAt: t(2), resubmittedChanges: changes }),
        form("c", {}),
      ]),
    ).toEqual({
      week: { state: "approved", resubmitted: true },
      forms: [
        { id: "t", kind: "timesheet", state: "approved", resubmitted: { at: t(2), changes } },
        { id: "c", kind: "check-sheet", state: "approved", resubmitted: null },
      ],
    });
    // A marker from before a later return is not the approved version's; nor is a form's that never came back.
    expect(
      approvedWeek([
        form("t", {
          status: "ready_for_approval",
          sentBackAt: t(3),
          resubmittedAt: t(2),
          resubmittedChanges: changes,
        }),
      ]),
    ).toEqual({
      week: { state: "approved", resubmitted: false },
      forms: [{ id: "t", kind: "timesheet", state: "approved", resubmitted: null }],
    });
  });

  it("names the forms that stop the approval, and why", () => {
    const week = [
      form("t", {}),
      form("c1", { status: "draft" }),
      form("c2", { status: "draft", sentBackAt: t(1) }),
      form("c3", { status: "draft", reopenedAt: t(1) }),
      form("c4", { sentBackAt: t(1), resubmittedAt: t(2) }),
    ];
    expect(approvalBlockers(week)).toEqual([
      { id: "c1", kind: "check-sheet", state: "draft" },
      { id: "c2", kind: "check-sheet", state: "sent_back" },
      { id: "c3", kind: "check-sheet", state: "reopened" },
    ]);
    expect(approvalBlockers([form("t", {}), form("c4", {})])).toEqual([]);
  });
});

describe("what changed on a resubmitted form", () => {
  it("names the content fields that differ, not how it moves or the rating", () => {
    const before = { fridayFinish: "16:30", plantNumber: "EX-1", status: "draft", supervisorRating: "happy" };
    const after = {
      fridayFinish: "17:30",
      plantNumber: "EX-1",
      status: "completed",
      supervisorRating: "okay",
    };
    expect(changedFields(before, after)).toEqual(["fridayFinish"]);
    expect(changedFields({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toEqual([]);
    expect(changedFields({ note: "" }, {})).toEqual([]);
    expect(changedFields({}, { defectsNotes: "Cracked glass" })).toEqual(["defectsNotes"]);
  });

  it("finds no change between a form and itself, and is symmetric", () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.dictionary(fc.string(), value), fc.dictionary(fc.string(), value), (a, b) => {
        expect(changedFields(a, a)).toEqual([]);
        expect(changedFields(a, b)).toEqual(changedFields(b, a));
      }),
    );
  });

  it("words the fields", () => {
    expect(changedFieldWords("fridayFinish")).toBe("Friday Finish");
    expect(changedFieldWords("plantNumber")).toBe("Plant/Registration Number");
    expect(changedFieldWords("tyresWheels")).toBe("Tyres Wheels");
    expect(changedFieldsText(["fridayFinish", "totalHours"])).toBe("Changed: Friday Finish, Total Hours");
    expect(changedFieldsText([])).toBe("Nothing changed");
  });
});
