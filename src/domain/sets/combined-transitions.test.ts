import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SAMPLE_SIGNATURE as SIG } from "../../test-support/sample-signature";
import type { ErrorText } from "../api/api-error";
import { FORM_STATUSES, type FormStatus } from "../forms/form-status";
import { english } from "../text/i18n/english";
import {
  approvalProblem,
  approveAndCompleteProblem,
  canArchive,
  SET_ACTIONS,
  SET_TRANSITIONS,
  setStage,
  setTransitionProblem,
} from "./combined-transitions";

const at = (...statuses: FormStatus[]) => statuses.map((status) => ({ status }));

const words = (problem: ErrorText | null) => problem && english(problem.key, problem.params);

describe("setTransitionProblem", () => {
  it("lets each step start only from its statuses", () => {
    expect(setTransitionProblem("approve", at("draft", "ready_for_approval"))).toBeNull();
    expect(setTransitionProblem("dispatch", at("approved", "approved"))).toBeNull();
    expect(setTransitionProblem("approve-and-complete", at("draft", "ready_for_approval"))).toBeNull();
    expect(setTransitionProblem("approve-and-complete", at("approved", "approved"))).toBeNull();
    expect(setTransitionProblem("complete", at("dispatched", "dispatched"))).toBeNull();
    expect(setTransitionProblem("archive", at("dispatched", "dispatched"))).toBeNull();
    expect(setTransitionProblem("archive", at("completed", "completed"))).toBeNull();
  });

  it("refuses with a message naming where the set stands", () => {
    expect(words(setTransitionProblem("dispatch", at("draft", "draft")))).toBe(
      "These forms must be approved before they can be dispatched.",
    );
    expect(words(setTransitionProblem("dispatch", at("dispatched", "dispatched")))).toBe(
      "These forms have already been dispatched.",
    );
    expect(words(setTransitionProblem("approve", at("approved", "approved")))).toBe(
      "These forms have already been approved.",
    );
    expect(words(setTransitionProblem("complete", at("completed", "completed")))).toBe(
      "These forms have already been completed and emailed.",
    );
    expect(words(setTransitionProblem("complete", at("approved", "approved")))).toBe(
      "These forms must be dispatched before they can be completed.",
    );
    expect(words(setTransitionProblem("archive", at("draft")))).toBe(
      "Only forms that have been dispatched or completed can be archived.",
    );
    expect(words(setTransitionProblem("archive", at("archived", "archived")))).toBe(
      "These forms have been archived and can no longer be changed.",
    );
    expect(words(setTransitionProblem("approve-and-complete", at("dispatched", "dispatched")))).toBe(
      "These forms have already been dispatched. Archive them instead.",
    );
  });

  it("refuses a set whose members stand in different places, and an empty one", () => {
    expect(setTransitionProblem("dispatch", at("approved", "draft"))).not.toBeNull();
    expect(words(setTransitionProblem("approve", at("draft", "approved")))).toBe(
      "These forms have already been approved.",
    );
    expect(setTransitionProblem("approve", [])).not.toBeNull();
  });

  it("allows a step exactly when every member is in one of its starting statuses", () => {
    const status = fc.constantFrom(...FORM_STATUSES);
    fc.assert(
      fc.property(
        fc.constantFrom(...SET_ACTIONS),
        fc.array(status, { minLength: 1, maxLength: 6 }),
        (action, statuses) => {
          const allowed = statuses.every((s) => SET_TRANSITIONS[action].from.includes(s));
          const problem = setTransitionProblem(action, at(...statuses));
          expect(problem === null).toBe(allowed);
          if (problem !== null) expect(english(problem.key).trim()).not.toBe("");
        },
      ),
    );
  });

  it("never goes back: no step ends where another step of the set can start it again", () => {
    expect(SET_TRANSITIONS.approve.to).toBe("approved");
    expect(SET_TRANSITIONS.dispatch.to).toBe("dispatched");
    expect(SET_TRANSITIONS.complete.to).toBe("completed");
    expect(SET_TRANSITIONS.archive.to).toBe("archived");
    for (const action of SET_ACTIONS) {
      expect(SET_TRANSITIONS[action].from).not.toContain(SET_TRANSITIONS[action].to);
    }
    expect(SET_ACTIONS.some((action) => SET_TRANSITIONS[action].from.includes("archived"))).toBe(false);
  });
});

describe("setStage and canArchive", () => {
  it("reads the set's combined status, or open", () => {
    expect(setStage(at("draft", "ready_for_approval"))).toBe("open");
    expect(setStage(at("approved", "draft"))).toBe("approved");
    expect(setStage(at("completed", "archived"))).toBe("archived");
    expect(setStage([])).toBe("open");
  });

  it("archives only what has been sent", () => {
    expect(FORM_STATUSES.filter(canArchive)).toEqual(["dispatched", "completed"]);
  });
});

const timesheet = (patch: Record<string, unknown> = {}) => ({
  id: "t1",
  status: "draft" as FormStatus,
  driverSignedName: "Sam Driver",
  plantNumber: "PL-1",
  weekEnding: "2025-03-15",
  createdAt: "2025-03-10T08:00:00Z",
  operatorSignature: SIG,
  clientSignature: SIG,
  ...patch,
});
const checkSheet = (patch: Record<string, unknown> = {}) => ({
  id: "c1",
  status: "draft" as FormStatus,
  driverSignedName: "Sam Driver",
  plantNumber: "PL-1",
  checkDate: "2025-03-12",
  createdAt: "2025-03-12T08:00:00Z",
  operatorSignature: SIG,
  clientSignature: SIG,
  clientSignedName: "Chris Client",
  ...patch,
});

describe("approvalProblem (Get Approval)", () => {
  it("allows a green set", () => {
    expect(approvalProblem(timesheet(), [checkSheet(), checkSheet({ id: "c2" })])).toBeNull();
  });

  it("refuses a set that is not fully signed", () => {
    expect(approvalProblem(timesheet({ clientSignature: "" }), [checkSheet()])).toEqual({
      key: "apiError.setNotSigned",
    });
    expect(approvalProblem(timesheet(), [checkSheet(), checkSheet({ clientSignedName: " " })])).toEqual({
      key: "apiError.setNotSigned",
    });
  });

  it("allows a fully signed set whose check sheets were submitted the normal way", () => {
    expect(approvalProblem(timesheet(), [checkSheet({ status: "ready_for_approval" })])).toBeNull();
    // Submitted without the client's signature: not fully signed, the dashboard collects it.
    expect(
      approvalProblem(timesheet(), [
        checkSheet({ status: "ready_for_approval", clientSignature: "", clientSignedName: "" }),
      ]),
    ).toEqual({ key: "apiError.setNotSigned" });
  });

  it("refuses a set already approved", () => {
    expect(
      words(approvalProblem(timesheet({ status: "approved" }), [checkSheet({ status: "approved" })])),
    ).toBe("These forms have already been approved.");
  });
});

describe("approveAndCompleteProblem (Email to Clients & Complete)", () => {
  it("needs the forms the collation screen calls ready: the check sheet's client may sign later", () => {
    expect(approveAndCompleteProblem(timesheet(), [checkSheet({ status: "ready_for_approval" })])).toBeNull();
    expect(
      approveAndCompleteProblem(timesheet(), [checkSheet({ clientSignature: "", clientSignedName: "" })]),
    ).toBeNull();
    expect(approveAndCompleteProblem(timesheet(), [checkSheet({ operatorSignature: "" })])).toEqual({
      key: "apiError.setNotReadyForApproval",
    });
    expect(approveAndCompleteProblem(timesheet({ operatorSignature: "" }), [checkSheet()])).toEqual({
      key: "apiError.setNotReadyForApproval",
    });
  });

  it("takes an approved set as it is, and refuses one already sent", () => {
    expect(
      approveAndCompleteProblem(timesheet({ status: "approved" }), [checkSheet({ status: "approved" })]),
    ).toBeNull();
    expect(
      words(
        approveAndCompleteProblem(timesheet({ status: "completed" }), [checkSheet({ status: "completed" })]),
      ),
    ).toBe("These forms have already been completed and emailed.");
  });
});
