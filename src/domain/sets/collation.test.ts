import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import { FORM_STATUSES, type FormStatus } from "../forms/form-status";
import {
  buildCollations,
  COLLATION_CATEGORY_LABELS,
  type CollationEntry,
  CollationEntrySchema,
  collationCategory,
  collationCounts,
  collationLabel,
} from "./collation";

const entry = (patch: Partial<CollationEntry>): CollationEntry => ({
  id: "e1",
  driverSignedName: "Sam",
  plantNumber: "PL-1",
  collationDate: "2025-03-15",
  timesheetId: "t1",
  checkSheetId: "c1",
  checkSheetIds: ["c1"],
  status: "ready_for_approval",
  timesheetComplete: true,
  checkSheetComplete: true,
  days: [],
  totalHours: null,
  defects: [],
  ...patch,
});

describe("collationCategory and collationLabel", () => {
  it("is ready when both forms are complete", () => {
    expect(collationCategory(entry({}))).toBe("ready");
    expect(collationLabel(entry({}))).toBe("Ready for Approval");
  });

  it("is incomplete when one form is missing, and says which", () => {
    const noCheck = entry({ checkSheetComplete: false });
    expect(collationCategory(noCheck)).toBe("incomplete");
    expect(collationLabel(noCheck)).toBe("Missing Check Sheet");
    const noTimesheet = entry({ timesheetId: null, timesheetComplete: false });
    expect(collationCategory(noTimesheet)).toBe("incomplete");
    expect(collationLabel(noTimesheet)).toBe("Missing Timesheet");
  });

  it("treats a form without an id as missing, whatever its flag", () => {
    const e = entry({ checkSheetId: null });
    expect(collationCategory(e)).toBe("incomplete");
    expect(collationLabel(e)).toBe("Missing Check Sheet");
  });

  it("needs completion when both are missing or the status is draft", () => {
    const none = entry({ timesheetComplete: false, checkSheetComplete: false });
    expect(collationCategory(none)).toBe("needs_completion");
    expect(collationLabel(none)).toBe("Missing Both Forms");
    expect(collationCategory(entry({ status: "draft" }))).toBe("needs_completion");
    expect(collationCategory(entry({ status: "draft", checkSheetComplete: false }))).toBe("needs_completion");
  });

  it("has the three tab labels", () => {
    expect(Object.values(COLLATION_CATEGORY_LABELS)).toEqual([
      "Ready for Approval",
      "Incomplete",
      "Needs Completion",
    ]);
  });

  it("counts each entry in exactly one category", () => {
    const arb = fc.record({
      status: fc.constantFrom(...FORM_STATUSES),
      timesheetId: fc.constantFrom(null, "t1"),
      checkSheetId: fc.constantFrom(null, "c1"),
      timesheetComplete: fc.boolean(),
      checkSheetComplete: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arb), (entries) => {
        const counts = collationCounts(entries);
        expect(counts.ready + counts.incomplete + counts.needs_completion).toBe(entries.length);
        for (const e of entries) {
          if (collationCategory(e) === "ready") expect(collationLabel(e)).toBe("Ready for Approval");
          if (e.status === "draft") expect(collationCategory(e)).toBe("needs_completion");
        }
      }),
    );
  });
});

describe("buildCollations", () => {
  const base = { driverSignedName: "Sam", plantNumber: "PL-1", createdAt: "2025-03-10T08:00:00Z" };
  const ts = (id: string, weekEnding: string, patch: { status?: FormStatus; sigs?: number } = {}) => ({
    ...base,
    id,
    weekEnding,
    status: patch.status ?? ("draft" as FormStatus),
    operatorSignature: (patch.sigs ?? 2) >= 1 ? SIG : "",
    clientSignature: (patch.sigs ?? 2) >= 2 ? SIG : "",
  });
  const cs = (
    id: string,
    checkDate: string,
    patch: { status?: FormStatus; signed?: boolean; driver?: string } = {},
  ) => ({
    ...base,
    driverSignedName: patch.driver ?? base.driverSignedName,
    id,
    checkDate,
    status: patch.status ?? ("draft" as FormStatus),
    operatorSignature: (patch.signed ?? true) ? SIG : "",
    clientSignature: "",
  });

  it("makes a ready entry for a signed timesheet with its signed check sheets", () => {
    const [e, ...rest] = buildCollations(
      [ts("t1", "2025-03-15")],
      [cs("c1", "2025-03-11"), cs("c2", "2025-03-13")],
    );
    expect(rest).toEqual([]);
    expect(e).toMatchObject({
      id: "combined-t1",
      driverSignedName: "Sam",
      plantNumber: "PL-1",
      collationDate: "2025-03-15",
      timesheetId: "t1",
      checkSheetId: "c1",
      checkSheetIds: ["c1", "c2"],
      status: "ready_for_approval",
      timesheetComplete: true,
      checkSheetComplete: true,
    });
    expect(collationCategory(e as CollationEntry)).toBe("ready");
  });

  it("carries the week's days, total hours and defects, so the screen shows them before anything is sent", () => {
    const [e] = buildCollations(
      [{ ...ts("t1", "2025-03-15"), mondayStart: "07:00", mondayFinish: "16:30", mondayBreak: 30 }],
      [{ ...cs("c1", "2025-03-11"), defectMirrors: false, defectsNotes: "Nearside mirror cracked" }],
    );
    expect(e?.totalHours).toBe(9);
    expect(e?.days.map((d) => d.hours)).toEqual([9, 0, 0, 0, 0, 0, 0]);
    expect(e?.defects).toEqual([
      {
        checkSheetId: "c1",
        checkDate: "2025-03-11",
        label: "Mirrors, Indicator & Horn",
        notes: "Nearside mirror cracked",
      },
    ]);
  });

  it("marks a set with an unsigned form as needing completion", () => {
    const [a] = buildCollations([ts("t1", "2025-03-15", { sigs: 1 })], [cs("c1", "2025-03-11")]);
    expect(a?.status).toBe("draft");
    expect(a?.timesheetComplete).toBe(false);
    expect(collationCategory(a as CollationEntry)).toBe("needs_completion");
    const [b] = buildCollations(
      [ts("t1", "2025-03-15")],
      [cs("c1", "2025-03-11"), cs("c2", "2025-03-12", { signed: false })],
    );
    expect(b?.checkSheetComplete).toBe(false);
    expect(collationCategory(b as CollationEntry)).toBe("needs_completion");
  });

  it("makes incomplete entries for signed forms without a partner", () => {
    const entries = buildCollations([ts("t1", "2025-03-15")], [cs("c9", "2025-03-20", { driver: "Jo" })]);
    expect(entries.map((e) => [e.id, collationCategory(e), collationLabel(e)])).toEqual([
      ["check-sheet-c9", "incomplete", "Missing Timesheet"],
      ["timesheet-t1", "incomplete", "Missing Check Sheet"],
    ]);
  });

  it("leaves out forms past approval", () => {
    const entries = buildCollations(
      [ts("t1", "2025-03-15", { status: "archived" })],
      [cs("c1", "2025-03-11", { status: "archived" }), cs("c2", "2025-03-12", { status: "approved" })],
    );
    expect(entries).toEqual([]);
  });

  it("puts every open form in exactly one valid entry", () => {
    const status = fc.constantFrom<FormStatus>("draft", "ready_for_approval");
    const arb = fc.record({
      t: fc.array(fc.record({ day: fc.integer({ min: 1, max: 28 }), sigs: fc.nat(2), status }), {
        maxLength: 4,
      }),
      c: fc.array(fc.record({ day: fc.integer({ min: 1, max: 28 }), signed: fc.boolean(), status }), {
        maxLength: 8,
      }),
    });
    const day = (d: number) => `2025-02-${String(d).padStart(2, "0")}`;
    fc.assert(
      fc.property(arb, ({ t, c }) => {
        const tss = t.map((x, i) => ts(`t${i}`, day(x.day), x));
        const css = c.map((x, i) => cs(`c${i}`, day(x.day), x));
        const entries = buildCollations(tss, css);
        for (const e of entries) expect(CollationEntrySchema.safeParse(e).success).toBe(true);
        const tIds = entries.flatMap((e) => (e.timesheetId ? [e.timesheetId] : []));
        const cIds = entries.flatMap((e) => e.checkSheetIds);
        expect(tIds.sort()).toEqual(tss.map((x) => x.id).sort());
        expect(cIds.sort()).toEqual(css.map((x) => x.id).sort());
      }),
    );
  });
});
