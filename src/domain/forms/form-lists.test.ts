import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import { completedList, draftList, isDraftCheckSheet, isDraftItem, isDraftTimesheet } from "./form-lists";
import { FORM_STATUSES, type FormStatus } from "./form-status";

interface Form {
  id: string;
  status: FormStatus;
  createdAt: string;
  operatorSignature?: string;
  clientSignature?: string;
  submittedAt?: string | null;
}
const form = (id: string, patch: Partial<Form> = {}): Form => ({
  id,
  status: "draft",
  createdAt: "2025-03-10T08:00:00Z",
  ...patch,
});

describe("draft items", () => {
  it("include a timesheet missing either signature", () => {
    expect(isDraftTimesheet(form("t"))).toBe(true);
    expect(isDraftTimesheet(form("t", { operatorSignature: SIG }))).toBe(true);
    expect(isDraftTimesheet(form("t", { clientSignature: SIG }))).toBe(true);
    expect(isDraftTimesheet(form("t", { operatorSignature: SIG, clientSignature: SIG }))).toBe(false);
  });

  it("include a check sheet without an operator signature, whatever the client did", () => {
    expect(isDraftCheckSheet(form("c"))).toBe(true);
    expect(isDraftCheckSheet(form("c", { clientSignature: SIG }))).toBe(true);
    expect(isDraftCheckSheet(form("c", { operatorSignature: SIG }))).toBe(false);
  });

  it("leave out forms that are on the completed list", () => {
    for (const status of ["completed", "approved", "dispatched", "archived"] as const) {
      expect(isDraftTimesheet(form("t", { status }))).toBe(false);
      expect(isDraftCheckSheet(form("c", { status }))).toBe(false);
    }
    expect(isDraftCheckSheet(form("c", { status: "ready_for_approval" }))).toBe(true);
  });

  it("are told apart by card type", () => {
    const half = form("x", { operatorSignature: SIG });
    expect(isDraftItem({ type: "timesheet", id: "x", form: half })).toBe(true);
    expect(isDraftItem({ type: "check-sheet", id: "x", form: half })).toBe(false);
  });
});

describe("draftList", () => {
  it("lists the draft items of both kinds, newest first", () => {
    const list = draftList(
      [
        form("t-old", { createdAt: "2025-03-01T08:00:00Z" }),
        form("t-signed", { operatorSignature: SIG, clientSignature: SIG }),
      ],
      [form("c-new", { createdAt: "2025-03-12T08:00:00Z" }), form("c-signed", { operatorSignature: SIG })],
    );
    expect(list.map((c) => [c.type, c.id])).toEqual([
      ["check-sheet", "c-new"],
      ["timesheet", "t-old"],
    ]);
  });
});

describe("completedList", () => {
  it("keeps completed, approved, dispatched and archived forms, newest first", () => {
    const list = completedList(
      [
        form("t-draft"),
        form("t-done", { status: "completed", createdAt: "2025-03-05T08:00:00Z" }),
        form("t-arch", { status: "archived", createdAt: "2025-02-01T08:00:00Z" }),
      ],
      [
        form("c-ready", { status: "ready_for_approval" }),
        form("c-appr", {
          status: "approved",
          createdAt: "2025-01-01T08:00:00Z",
          submittedAt: "2025-03-20T08:00:00Z",
        }),
        form("c-disp", { status: "dispatched", createdAt: "2025-03-06T08:00:00Z" }),
      ],
    );
    expect(list.map((c) => c.id)).toEqual(["c-appr", "c-disp", "t-done", "t-arch"]);
  });

  it("and the draft list never share a form, and drop only signed open forms", () => {
    const arb = fc.record({
      status: fc.constantFrom(...FORM_STATUSES),
      operatorSignature: fc.constantFrom("", SIG),
      clientSignature: fc.constantFrom("", SIG),
    });
    fc.assert(
      fc.property(fc.array(arb, { maxLength: 6 }), fc.array(arb, { maxLength: 6 }), (ts, cs) => {
        const tss = ts.map((p, i) => form(`t${i}`, p));
        const css = cs.map((p, i) => form(`c${i}`, p));
        const drafts = draftList(tss, css).map((c) => c.id);
        const done = completedList(tss, css).map((c) => c.id);
        expect(drafts.filter((id) => done.includes(id))).toEqual([]);
        for (const t of tss) {
          const open = t.status === "draft" || t.status === "ready_for_approval";
          const signed = t.operatorSignature !== "" && t.clientSignature !== "";
          expect(drafts.includes(t.id) || done.includes(t.id)).toBe(!(open && signed));
        }
      }),
    );
  });
});
