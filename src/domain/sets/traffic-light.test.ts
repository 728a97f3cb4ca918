import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import { checkSheetCard, timesheetCard } from "../forms/form-card";
import { FORM_STATUSES, type FormStatus } from "../forms/form-status";
import { type CombinedSet, pairForms } from "./pairing";
import { cardActions, cardLabel, TRAFFIC_LIGHTS, trafficLight } from "./traffic-light";

interface Patch {
  operatorSignature?: string;
  operatorSignedName?: string;
  driverSignedName?: string;
  clientSignature?: string;
  clientSignedName?: string;
  status?: FormStatus;
}
const common = {
  driverSignedName: "",
  plantNumber: "PL-1",
  createdAt: "2025-03-10T08:00:00Z",
  status: "draft" as FormStatus,
};
const timesheet = (patch: Patch = {}) => ({ ...common, id: "t1", weekEnding: "2025-03-15", ...patch });
const checkSheet = (id: string, patch: Patch = {}) => ({ ...common, id, checkDate: "2025-03-12", ...patch });

const signedTs: Patch = { operatorSignature: SIG, clientSignature: SIG };
const signedCs: Patch = {
  operatorSignature: SIG,
  clientSignature: SIG,
  driverSignedName: "Sam Driver",
  clientSignedName: "Chris Client",
};

function combined(
  ts: Patch,
  ...sheets: Patch[]
): CombinedSet<ReturnType<typeof timesheet>, ReturnType<typeof checkSheet>> {
  const t = timesheet(ts);
  return {
    id: "combined-t1",
    type: "combined",
    timesheet: t,
    checkSheets: sheets.map((p, i) => checkSheet(`c${i}`, p)),
    driverName: "Sam Driver",
    plantNumber: "PL-1",
    weekEnding: t.weekEnding,
    createdAt: t.createdAt,
  };
}

describe("single timesheet", () => {
  const light = (p: Patch) => trafficLight(timesheetCard(timesheet(p)));
  const label = (p: Patch) => cardLabel(timesheetCard(timesheet(p)));

  it("is green with both signatures, orange with one, red with none", () => {
    expect(light(signedTs)).toBe("green");
    expect(light({ operatorSignature: SIG })).toBe("orange");
    expect(light({ clientSignature: SIG })).toBe("orange");
    expect(light({})).toBe("red");
    expect(light({ operatorSignature: "  " })).toBe("red");
  });

  it("says Ready for Approval when green and Needs Completion otherwise", () => {
    expect(label(signedTs)).toBe("Ready for Approval");
    expect(label({ operatorSignature: SIG })).toBe("Needs Completion");
    expect(label({})).toBe("Needs Completion");
  });

  it("shows archived, completed, dispatched and approved before signatures", () => {
    expect(light({ status: "archived" })).toBe("archived");
    expect(light({ ...signedTs, status: "completed" })).toBe("completed");
    expect(light({ status: "dispatched" })).toBe("dispatched");
    expect(light({ status: "approved" })).toBe("approved");
    expect(label({ status: "archived" })).toBe("Archived");
    expect(label({ status: "completed" })).toBe("Completed - Emailed to Client");
    expect(label({ status: "dispatched" })).toBe("Dispatched - Ready for Archive");
    expect(label({ status: "approved" })).toBe("Approved - Ready for Email Dispatch");
  });
});

describe("single check sheet", () => {
  const light = (p: Patch) => trafficLight(checkSheetCard(checkSheet("c1", p)));

  it("is orange when ready_for_approval, even fully signed", () => {
    expect(light({ status: "ready_for_approval" })).toBe("orange");
    expect(light({ ...signedCs, status: "ready_for_approval" })).toBe("orange");
  });

  it("is green with both signatures and both printed names", () => {
    expect(light(signedCs)).toBe("green");
    expect(light({ ...signedCs, driverSignedName: "", operatorSignedName: "Sam Driver" })).toBe("green");
    expect(cardLabel(checkSheetCard(checkSheet("c1", signedCs)))).toBe("Ready for Approval");
  });

  it("is orange with only the operator signature, or with both names", () => {
    expect(light({ operatorSignature: SIG })).toBe("orange");
    expect(light({ ...signedCs, clientSignedName: "" })).toBe("orange");
    expect(light({ driverSignedName: "Sam", clientSignedName: "Chris" })).toBe("orange");
    expect(cardLabel(checkSheetCard(checkSheet("c1", { operatorSignature: SIG })))).toBe("Needs Completion");
  });

  it("is red otherwise", () => {
    expect(light({})).toBe("red");
    expect(light({ clientSignature: SIG })).toBe("red");
    expect(light({ driverSignedName: "Sam" })).toBe("red");
    expect(light({ clientSignature: SIG, clientSignedName: "Chris" })).toBe("red");
  });

  it("shows a progress status first", () => {
    expect(light({ status: "dispatched" })).toBe("dispatched");
  });
});

describe("combined set", () => {
  const light = (set: ReturnType<typeof combined>) => trafficLight(set);

  it("takes the set's status first", () => {
    expect(light(combined(signedTs, { status: "archived" }, signedCs))).toBe("archived");
    expect(light(combined({ status: "completed" }, {}))).toBe("completed");
    expect(light(combined({ status: "approved" }, { status: "dispatched" }))).toBe("dispatched");
    expect(light(combined({ status: "approved" }, {}))).toBe("approved");
    expect(cardLabel(combined({ status: "approved" }, {}))).toBe("Approved - Ready for Email Dispatch");
    expect(cardLabel(combined({ status: "dispatched" }, {}))).toBe("Dispatched - Ready for Archive");
    expect(cardLabel(combined({ status: "completed" }, {}))).toBe("Completed - Emailed to Client");
    expect(cardLabel(combined({}, { status: "archived" }))).toBe("Archived");
  });

  it("is green when the timesheet and every check sheet are fully signed", () => {
    const set = combined(signedTs, signedCs, signedCs);
    expect(light(set)).toBe("green");
    expect(cardLabel(set)).toBe("Ready for Client/Foreman Approval");
  });

  it("is orange when a part is ready_for_approval and something is signed", () => {
    const set = combined(signedTs, signedCs, { ...signedCs, status: "ready_for_approval" });
    expect(light(set)).toBe("orange");
    expect(cardLabel(set)).toBe("Ready for Supervisor Email Dispatch");
    expect(light(combined({ status: "ready_for_approval" }, { operatorSignature: SIG }))).toBe("orange");
  });

  it("is orange when partly signed", () => {
    expect(light(combined(signedTs, {}))).toBe("orange");
    expect(light(combined({}, { clientSignature: SIG }))).toBe("orange");
    expect(light(combined(signedTs, signedCs, { ...signedCs, clientSignedName: "" }))).toBe("orange");
  });

  it("is red when nothing is signed, even if ready_for_approval", () => {
    const set = combined({}, {});
    expect(light(set)).toBe("red");
    expect(cardLabel(set)).toBe("Forms Need Completion");
    expect(light(combined({ status: "ready_for_approval" }, { status: "ready_for_approval" }))).toBe("red");
  });

  it("is green, for open statuses, exactly when every member is fully signed and none is ready_for_approval", () => {
    const patch = fc.record({
      operatorSignature: fc.constantFrom("", SIG),
      clientSignature: fc.constantFrom("", SIG),
      driverSignedName: fc.constantFrom("", "Sam"),
      clientSignedName: fc.constantFrom("", "Chris"),
      status: fc.constantFrom<FormStatus>("draft", "ready_for_approval"),
    });
    fc.assert(
      fc.property(patch, fc.array(patch, { minLength: 1, maxLength: 3 }), (ts, sheets) => {
        const set = combined(ts, ...sheets);
        const lit = light(set);
        expect(["green", "orange", "red"]).toContain(lit);
        const members = [ts, ...sheets];
        const allSigned =
          members.every((m) => m.operatorSignature && m.clientSignature) &&
          sheets.every((s) => s.driverSignedName && s.clientSignedName);
        const anySigned = members.some((m) => m.operatorSignature || m.clientSignature);
        const anyReady = members.some((m) => m.status === "ready_for_approval");
        expect(lit === "green").toBe(allSigned && !anyReady);
        expect(lit === "red").toBe(!anySigned);
      }),
    );
  });
});

describe("every card", () => {
  it("has a light and a non-empty label for any status", () => {
    fc.assert(
      fc.property(fc.constantFrom(...FORM_STATUSES), fc.constantFrom(...FORM_STATUSES), (a, b) => {
        const pairing = pairForms(
          [timesheet({ status: a, driverSignedName: "Sam" })],
          [checkSheet("c1", { status: b, driverSignedName: "Sam" })],
        );
        const [set] = pairing.combined;
        expect(set).toBeDefined();
        const card = set as NonNullable<typeof set>;
        expect(TRAFFIC_LIGHTS).toContain(trafficLight(card));
        expect(cardLabel(card).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe("cardActions", () => {
  it("offers Get Approval for a green set, Email Dispatch when approved, Archive when dispatched", () => {
    expect(cardActions(combined(signedTs, signedCs))).toEqual(["get-approval", "review-set", "delete"]);
    expect(cardActions(combined({ status: "approved" }, {}))).toEqual([
      "email-dispatch",
      "review-set",
      "delete",
    ]);
    expect(cardActions(combined({ status: "dispatched" }, {}))).toEqual(["archive", "review-set", "delete"]);
  });

  it("offers Archive on a set completed on the approval dashboard, whose mail has gone out", () => {
    expect(cardActions(combined({ status: "completed" }, {}))).toEqual(["archive", "review-set", "delete"]);
    expect(cardActions(combined({ status: "completed" }, { status: "archived" }))).toEqual([
      "review-set",
      "delete",
    ]);
  });

  it("makes an orange set's actions match 'Ready for Supervisor Email Dispatch'", () => {
    const submitted = { ...signedCs, status: "ready_for_approval" as FormStatus };
    // Submitted and fully signed: orange by the spec's order, yet Get Approval and the dashboard's dispatch.
    const full = combined(signedTs, submitted);
    expect(cardLabel(full)).toBe("Ready for Supervisor Email Dispatch");
    expect(cardActions(full)).toEqual(["get-approval", "supervisor-dispatch", "review-set", "delete"]);
    // Submitted without the client's signature: the dashboard collects it and sends.
    const noClient = combined(signedTs, { ...submitted, clientSignature: "", clientSignedName: "" });
    expect(cardActions(noClient)).toEqual(["supervisor-dispatch", "review-set", "delete"]);
    // Only the operator has signed the timesheet: nothing can be sent yet.
    expect(cardActions(combined({ operatorSignature: SIG }, {}))).toEqual(["review-set", "delete"]);
  });

  it("always offers Review Set and delete on a set", () => {
    expect(cardActions(combined({}, {}))).toEqual(["review-set", "delete"]);
    expect(cardActions(combined({ status: "archived" }, {}))).toEqual(["review-set", "delete"]);
  });

  it("lets a single form be continued or deleted", () => {
    expect(cardActions(timesheetCard(timesheet(signedTs)))).toEqual(["continue", "delete"]);
    expect(cardActions(checkSheetCard(checkSheet("c1")))).toEqual(["continue", "delete"]);
  });
});
