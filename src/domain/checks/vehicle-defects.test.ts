import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHECK_TEMPLATES } from "../forms/check-templates";
import { FORM_STATUSES } from "../forms/form-status";
import { defectItems } from "./check-items";
import {
  alertHourOf,
  defectReportOf,
  FixDefectRequestSchema,
  sameAddress,
  vehicleState,
  WorkshopRequestSchema,
  workshopState,
} from "./vehicle-defects";

describe("defectReportOf", () => {
  it("reports the items marked as defects, in form order, with the notes, once the sheet is sent", () => {
    const sheet = {
      defectTyres: false,
      defectLights: true,
      defectMirrors: false,
      defectsNotes: "Mirror cracked",
    };
    expect(defectReportOf("ready_for_approval", sheet)).toEqual({
      items: defectItems(sheet).map((item) => item.label),
      notes: "Mirror cracked",
      stoodDown: false,
    });
    expect(defectReportOf("ready_for_approval", { ...sheet, machineSafe: "no" })?.stoodDown).toBe(true);
    expect(defectReportOf("ready_for_approval", { ...sheet, machineSafe: "yes" })?.stoodDown).toBe(false);
    expect(defectReportOf("ready_for_approval", sheet)?.items).toHaveLength(2);
  });

  it("reports nothing for a draft, nor for a sheet without a defect, and drops notes that say there are none", () => {
    expect(defectReportOf("draft", { defectTyres: false })).toBeNull();
    expect(defectReportOf("completed", { defectTyres: true, defectsNotes: "All fine" })).toBeNull();
    expect(defectReportOf("completed", { defectTyres: false, defectsNotes: " no defects noted. " })).toEqual({
      items: [expect.any(String)],
      notes: null,
      stoodDown: false,
    });
  });

  it("reports exactly the template's defect items for any answers of any template and any sent status", () => {
    const template = fc.constantFrom(...CHECK_TEMPLATES);
    fc.assert(
      fc.property(
        template.chain((t) =>
          fc.tuple(
            fc.constant(t),
            fc.array(fc.constantFrom(true, false, null), {
              minLength: t.items.length,
              maxLength: t.items.length,
            }),
          ),
        ),
        fc.constantFrom(...FORM_STATUSES),
        ([t, answers], status) => {
          const sheet = {
            checkTemplate: t.id,
            ...Object.fromEntries(t.items.map((item, i) => [item.field, answers[i]])),
          };
          const marked = t.items.filter((_, i) => answers[i] === false).map((item) => item.label);
          const report = defectReportOf(status, sheet);
          if (status === "draft" || marked.length === 0) expect(report).toBeNull();
          else expect(report?.items).toEqual(marked);
        },
      ),
    );
  });
});

describe("vehicleState", () => {
  const fixed = "2025-06-10T08:00:00.000Z";
  it("is 'defect reported' while any defect is not fixed, 'ok' otherwise", () => {
    expect(vehicleState([])).toBe("ok");
    expect(vehicleState([{ fixedAt: fixed, stoodDown: false }])).toBe("ok");
    expect(
      vehicleState([
        { fixedAt: fixed, stoodDown: false },
        { fixedAt: null, stoodDown: false },
      ]),
    ).toBe("defect-reported");
  });

  it("is 'stood down' while a defect that stood the machine down is not fixed, whatever else is open", () => {
    expect(
      vehicleState([
        { fixedAt: null, stoodDown: false },
        { fixedAt: null, stoodDown: true },
      ]),
    ).toBe("stood-down");
    expect(
      vehicleState([
        { fixedAt: fixed, stoodDown: true },
        { fixedAt: null, stoodDown: false },
      ]),
    ).toBe("defect-reported");
    expect(vehicleState([{ fixedAt: fixed, stoodDown: true }])).toBe("ok");
  });
});

describe("the requests", () => {
  it("take a fix note of 1 to 500 characters after trimming", () => {
    expect(FixDefectRequestSchema.parse({ note: "  New mirror fitted " })).toEqual({
      note: "New mirror fitted",
    });
    for (const note of ["", "   ", "x".repeat(501)])
      expect(FixDefectRequestSchema.safeParse({ note }).success).toBe(false);
  });

  it("take a workshop address, or blank or null to stop the alerts, and refuse anything else", () => {
    expect(WorkshopRequestSchema.parse({ email: " workshop@acme.co.uk " })).toEqual({
      email: "workshop@acme.co.uk",
    });
    expect(WorkshopRequestSchema.parse({ email: "" })).toEqual({ email: null });
    expect(WorkshopRequestSchema.parse({ email: null })).toEqual({ email: null });
    for (const email of ["not an address", "a@b.c\r\nBcc: x@y.z", `${"a".repeat(250)}@x.co`]) {
      expect(WorkshopRequestSchema.safeParse({ email }).success).toBe(false);
    }
  });
});

describe("the workshop address", () => {
  const at = "2025-06-10T09:00:00.000Z";
  it("is confirmed once someone there confirmed it, waiting once a link was sent, and otherwise has no link", () => {
    expect(workshopState(null)).toBe("none");
    expect(workshopState({ email: "w@acme.co.uk", confirmedAt: at, linkSentAt: at })).toBe("confirmed");
    expect(workshopState({ email: "w@acme.co.uk", confirmedAt: null, linkSentAt: at })).toBe("waiting");
    // Kept from before confirmations: nothing sent yet.
    expect(workshopState({ email: "w@acme.co.uk", confirmedAt: null, linkSentAt: null })).toBe("no-link");
  });

  it("is the same address whatever the letters' case, and another for any other difference", () => {
    expect(sameAddress("Workshop@Acme.co.uk", "workshop@acme.CO.UK")).toBe(true);
    expect(sameAddress("workshop@acme.co.uk", "workshop2@acme.co.uk")).toBe(false);
    expect(sameAddress("workshop@acme.co.uk", "workshop@acme.co")).toBe(false);
  });
});

describe("alertHourOf", () => {
  it("is the clock hour a moment falls in, from its start to the next hour's", () => {
    expect(alertHourOf(new Date("2025-06-10T09:59:59.999Z"))).toEqual({
      start: new Date("2025-06-10T09:00:00.000Z"),
      end: new Date("2025-06-10T10:00:00.000Z"),
    });
    expect(alertHourOf(new Date("2025-06-10T10:00:00.000Z")).start).toEqual(
      new Date("2025-06-10T10:00:00.000Z"),
    );
  });

  it("holds every moment, and the hours follow one another without a gap", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (moment) => {
          const hour = alertHourOf(moment);
          expect(hour.start.getTime()).toBeLessThanOrEqual(moment.getTime());
          expect(moment.getTime()).toBeLessThan(hour.end.getTime());
          expect(hour.end.getTime() - hour.start.getTime()).toBe(60 * 60_000);
          expect(alertHourOf(hour.end).start).toEqual(hour.end);
        },
      ),
    );
  });
});
