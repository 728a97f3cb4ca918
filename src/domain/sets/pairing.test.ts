import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  combinedSetId,
  type DateSpan,
  formsMatch,
  matchKey,
  offHireNoteOfWeek,
  type PairableCheckSheet,
  type PairableOffHireNote,
  type PairableTimesheet,
  pairForms,
  pairingSpans,
  timesheetIdOfCombined,
} from "./pairing";

function ts(id: string, weekEnding: string, driver = "Sam Driver", plant = "PL-101"): PairableTimesheet {
  return {
    id,
    weekEnding,
    driverSignedName: driver,
    plantNumber: plant,
    createdAt: `${weekEnding}T18:00:00Z`,
  };
}
function cs(id: string, checkDate: string, driver = "Sam Driver", plant = "PL-101"): PairableCheckSheet {
  return { id, checkDate, driverSignedName: driver, plantNumber: plant, createdAt: `${checkDate}T07:00:00Z` };
}
function note(
  id: string,
  offHireDate: string,
  offHireTime = "16:30",
  driver = "Sam Driver",
  plant = "PL-101",
): PairableOffHireNote {
  return {
    id,
    offHireDate,
    offHireTime,
    driverSignedName: driver,
    plantNumber: plant,
    createdAt: `${offHireDate}T17:00:00Z`,
  };
}
const ids = (list: { id: string }[]) => list.map((x) => x.id);

describe("formsMatch", () => {
  const week = ts("t1", "2025-03-15");

  it("matches the same driver and plant within the 7 days ending on the week ending", () => {
    expect(formsMatch(week, cs("c", "2025-03-09"))).toBe(true);
    expect(formsMatch(week, cs("c", "2025-03-12"))).toBe(true);
    expect(formsMatch(week, cs("c", "2025-03-15"))).toBe(true);
  });

  it("does not match outside that week", () => {
    expect(formsMatch(week, cs("c", "2025-03-08"))).toBe(false);
    expect(formsMatch(week, cs("c", "2025-03-16"))).toBe(false);
  });

  it("does not match another driver or plant", () => {
    expect(formsMatch(week, cs("c", "2025-03-12", "Alex Other"))).toBe(false);
    expect(formsMatch(week, cs("c", "2025-03-12", "Sam Driver", "PL-102"))).toBe(false);
  });

  it("ignores case and stray spaces in hand-typed names and plant numbers", () => {
    expect(formsMatch(week, cs("c", "2025-03-12", "  sam  DRIVER ", "pl-101 "))).toBe(true);
  });

  it("never matches blank names or plants", () => {
    expect(formsMatch(ts("t", "2025-03-15", "", "PL-1"), cs("c", "2025-03-12", "", "PL-1"))).toBe(false);
    expect(formsMatch(ts("t", "2025-03-15", "Sam", " "), cs("c", "2025-03-12", "Sam", " "))).toBe(false);
    expect(matchKey("", "x")).toBeNull();
  });

  it("needs a week ending", () => {
    expect(formsMatch(ts("t", ""), cs("c", "2025-03-12"))).toBe(false);
  });
});

describe("offHireNoteOfWeek", () => {
  const week = ts("t1", "2025-03-15");

  it("finds the same driver's note for the same plant off hire within the week, as pairing matches names", () => {
    expect(offHireNoteOfWeek(week, [note("n", "2025-03-09")])?.id).toBe("n");
    expect(offHireNoteOfWeek(week, [note("n", "2025-03-15", "09:00", " sam  DRIVER", "pl-101 ")])?.id).toBe(
      "n",
    );
  });

  it("finds none off hire outside the week, for another plant or driver, or without a name", () => {
    expect(offHireNoteOfWeek(week, [note("a", "2025-03-08"), note("b", "2025-03-16")])).toBeNull();
    expect(offHireNoteOfWeek(week, [note("a", "2025-03-12", "16:30", "Alex Other")])).toBeNull();
    expect(offHireNoteOfWeek(week, [note("a", "2025-03-12", "16:30", "Sam Driver", "PL-102")])).toBeNull();
    expect(offHireNoteOfWeek(ts("t", "2025-03-15", ""), [note("a", "2025-03-12", "16:30", "")])).toBeNull();
    expect(offHireNoteOfWeek(ts("t", ""), [note("a", "2025-03-12")])).toBeNull();
  });

  it("of several, takes the last off hire whatever order they came in", () => {
    const notes = [
      note("mon", "2025-03-10"),
      note("fri-am", "2025-03-14", "08:00"),
      note("fri-pm", "2025-03-14"),
    ];
    fc.assert(
      fc.property(fc.shuffledSubarray(notes, { minLength: 3, maxLength: 3 }), (order) => {
        expect(offHireNoteOfWeek(week, order)?.id).toBe("fri-pm");
      }),
    );
  });
});

describe("combined set ids", () => {
  it("are 'combined-' plus the timesheet id", () => {
    expect(combinedSetId("abc")).toBe("combined-abc");
    expect(timesheetIdOfCombined("combined-abc")).toBe("abc");
    expect(timesheetIdOfCombined("abc")).toBeNull();
    expect(timesheetIdOfCombined("combined-")).toBeNull();
  });
});

describe("pairForms", () => {
  it("groups a timesheet with its week's check sheets", () => {
    const result = pairForms(
      [ts("t1", "2025-03-15"), ts("t2", "2025-03-15", "Alex", "PL-7")],
      [cs("c3", "2025-03-14"), cs("c1", "2025-03-10"), cs("c9", "2025-03-20"), cs("c5", "2025-03-11", "Jo")],
    );
    expect(result.combined).toHaveLength(1);
    const [set] = result.combined;
    expect(set).toEqual({
      id: "combined-t1",
      type: "combined",
      timesheet: ts("t1", "2025-03-15"),
      checkSheets: [cs("c1", "2025-03-10"), cs("c3", "2025-03-14")],
      driverName: "Sam Driver",
      plantNumber: "PL-101",
      weekEnding: "2025-03-15",
      createdAt: "2025-03-15T18:00:00Z",
    });
    expect(ids(result.lonelyTimesheets)).toEqual(["t2"]);
    expect(ids(result.lonelyCheckSheets)).toEqual(["c5", "c9"]);
  });

  it("uses a check sheet once, for the earliest week ending that covers it", () => {
    // Week endings two days apart overlap; the check on the 14th fits both.
    const result = pairForms([ts("late", "2025-03-17"), ts("early", "2025-03-15")], [cs("c", "2025-03-14")]);
    expect(result.combined.map((s) => [s.id, ids(s.checkSheets)])).toEqual([["combined-early", ["c"]]]);
    expect(ids(result.lonelyTimesheets)).toEqual(["late"]);
  });

  it("gives nothing for nothing", () => {
    expect(pairForms([], [])).toEqual({ combined: [], lonelyTimesheets: [], lonelyCheckSheets: [] });
  });

  const drivers = fc.constantFrom("Sam", "sam ", "Alex", "");
  const plants = fc.constantFrom("PL-1", "pl-1", "PL-2");
  const dates = fc.integer({ min: 1, max: 28 }).map((d) => `2025-02-${String(d).padStart(2, "0")}`);
  const timesheets = fc.uniqueArray(
    fc.record({
      id: fc.uuid(),
      driverSignedName: drivers,
      plantNumber: plants,
      weekEnding: dates,
      createdAt: dates,
    }),
    { selector: (t) => t.id, maxLength: 6 },
  );
  const checkSheets = fc.uniqueArray(
    fc.record({
      id: fc.uuid(),
      driverSignedName: drivers,
      plantNumber: plants,
      checkDate: dates,
      createdAt: dates,
    }),
    { selector: (c) => c.id, maxLength: 12 },
  );

  it("uses no check sheet twice, pairs only matching forms and loses nothing", () => {
    fc.assert(
      fc.property(timesheets, checkSheets, (tss, css) => {
        const { combined, lonelyTimesheets, lonelyCheckSheets } = pairForms(tss, css);
        const usedIds = combined.flatMap((s) => ids(s.checkSheets));
        expect(new Set(usedIds).size).toBe(usedIds.length);
        for (const set of combined) {
          expect(set.checkSheets.length).toBeGreaterThan(0);
          expect(set.id).toBe(`combined-${set.timesheet.id}`);
          for (const sheet of set.checkSheets) expect(formsMatch(set.timesheet, sheet)).toBe(true);
        }
        expect([...combined.map((s) => s.timesheet.id), ...ids(lonelyTimesheets)].sort()).toEqual(
          ids(tss).sort(),
        );
        expect([...usedIds, ...ids(lonelyCheckSheets)].sort()).toEqual(ids(css).sort());
      }),
    );
  });

  it("leaves a check sheet lonely only when no timesheet matches it", () => {
    fc.assert(
      fc.property(timesheets, checkSheets, (tss, css) => {
        for (const sheet of pairForms(tss, css).lonelyCheckSheets) {
          expect(tss.some((t) => formsMatch(t, sheet))).toBe(false);
        }
      }),
    );
  });

  it("gives the same result whatever order the forms come in", () => {
    fc.assert(
      fc.property(
        timesheets.chain((t) => fc.tuple(fc.constant(t), fc.shuffledSubarray(t, { minLength: t.length }))),
        checkSheets.chain((c) => fc.tuple(fc.constant(c), fc.shuffledSubarray(c, { minLength: c.length }))),
        ([tss, tssShuffled], [css, cssShuffled]) => {
          expect(pairForms(tssShuffled, cssShuffled)).toEqual(pairForms(tss, css));
        },
      ),
    );
  });

  it("reads one span per run of touching weeks", () => {
    expect(pairingSpans(["2025-02-15", "2025-02-08", "2025-02-15", "2025-03-08", ""])).toEqual([
      { from: "2025-02-02", to: "2025-02-15" },
      { from: "2025-03-02", to: "2025-03-08" },
    ]);
    expect(pairingSpans([])).toEqual([]);
  });

  it("gives a page's timesheets the same check sheets from the forms of their spans as from all forms", () => {
    const inSpans = (date: string, spans: readonly DateSpan[]) =>
      spans.some((span) => span.from <= date && date <= span.to);
    fc.assert(
      fc.property(
        timesheets.chain((t) => fc.tuple(fc.constant(t), fc.subarray(t))),
        checkSheets,
        ([tss, page], css) => {
          const spans = pairingSpans(page.map((t) => t.weekEnding));
          const read = pairForms(
            tss.filter((t) => inSpans(t.weekEnding, spans)),
            css.filter((c) => inSpans(c.checkDate, spans)),
          );
          const all = pairForms(tss, css);
          const setOf = (pairing: typeof all, id: string) =>
            ids(pairing.combined.find((set) => set.timesheet.id === id)?.checkSheets ?? []);
          for (const timesheet of page) expect(setOf(read, timesheet.id)).toEqual(setOf(all, timesheet.id));
        },
      ),
      // A check sheet on a span's first day is rare among random forms: enough runs to meet it.
      { numRuns: 2000 },
    );
  });
});
