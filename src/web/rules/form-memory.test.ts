import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  emptyFormMemory,
  FORM_MEMORY_LIMIT,
  FORM_MEMORY_LISTS,
  type FormMemory,
  parseFormMemory,
  remember,
  rememberForm,
  useLastEntry,
} from "./form-memory";

describe("remember", () => {
  it("puts the newest value first", () => {
    expect(remember(["B", "A"], "C")).toEqual(["C", "B", "A"]);
  });

  it("trims and ignores blanks", () => {
    expect(remember(["A"], "  Acme Hire  ")).toEqual(["Acme Hire", "A"]);
    expect(remember(["A"], "   ")).toEqual(["A"]);
    expect(remember(["A"], null)).toEqual(["A"]);
    expect(remember(["A"], undefined)).toEqual(["A"]);
  });

  it("keeps each value once, moving a repeat to the front in its newest spelling", () => {
    expect(remember(["B", "Acme", "C"], "Acme")).toEqual(["Acme", "B", "C"]);
    expect(remember(["B", "Acme"], "ACME")).toEqual(["ACME", "B"]);
  });

  it("keeps at most 10", () => {
    expect(FORM_MEMORY_LIMIT).toBe(10);
    const ten = Array.from({ length: 10 }, (_, i) => `v${i}`);
    expect(remember(ten, "new")).toEqual(["new", ...ten.slice(0, 9)]);
  });

  it("always holds the newest value first, distinct and at most 10 entries", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 })), (values) => {
        let list: string[] = [];
        for (const value of values) list = remember(list, value);
        expect(list.length).toBeLessThanOrEqual(10);
        const keys = list.map((v) => v.toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
        for (const v of list) expect(v).toBe(v.trim());
        for (const v of list) expect(v).not.toBe("");
        const lastNonBlank = [...values].reverse().find((v) => v.trim() !== "");
        if (lastNonBlank !== undefined) expect(list[0]).toBe(lastNonBlank.trim());
        else expect(list).toEqual([]);
      }),
    );
  });

  it("loses nothing among the 10 most recent distinct values", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"), {
          maxLength: 40,
        }),
        (values) => {
          let list: string[] = [];
          for (const value of values) list = remember(list, value);
          const recentDistinct = [...new Set([...values].reverse())].slice(0, 10);
          expect(list).toEqual(recentDistinct);
        },
      ),
    );
  });
});

describe("rememberForm", () => {
  it("remembers each field in its own list", () => {
    const memory = rememberForm(emptyFormMemory(), {
      company: "Acme",
      clientCompany: "BuildCo",
      siteLocation: "Leeds",
      machineNumber: "Excavator 20t",
      plantNumber: "PL-101",
      driverSignedName: "Sam Driver",
    });
    expect(memory).toEqual({
      companies: ["Acme"],
      clientCompanies: ["BuildCo"],
      siteLocations: ["Leeds"],
      machineTypes: ["Excavator 20t"],
      plantNumbers: ["PL-101"],
      driverNames: ["Sam Driver"],
    });
    const again = rememberForm(memory, { company: "Other", siteLocation: "" });
    expect(again.companies).toEqual(["Other", "Acme"]);
    expect(again.siteLocations).toEqual(["Leeds"]);
    expect(memory.companies).toEqual(["Acme"]);
  });
});

describe("useLastEntry", () => {
  const memory: FormMemory = {
    ...emptyFormMemory(),
    companies: ["Acme", "Old Co"],
    siteLocations: ["Leeds"],
    driverNames: ["Sam Driver"],
  };

  it("fills only empty fields with the most recent value", () => {
    const form = {
      company: "",
      siteLocation: "York",
      driverSignedName: "  ",
      plantNumber: "",
      weekEnding: "2025-03-15",
    };
    expect(useLastEntry(form, memory)).toEqual({
      company: "Acme",
      siteLocation: "York",
      driverSignedName: "Sam Driver",
      plantNumber: "",
      weekEnding: "2025-03-15",
    });
    expect(form.company).toBe("");
  });

  it("never overwrites a filled field", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => s.trim() !== ""),
        (typed) => {
          expect(useLastEntry({ company: typed }, memory).company).toBe(typed);
        },
      ),
    );
  });
});

describe("parseFormMemory", () => {
  it("reads what was stored", () => {
    const stored = { ...emptyFormMemory(), companies: ["Acme", "Old Co"] };
    expect(parseFormMemory(JSON.stringify(stored))).toEqual(stored);
  });

  it("survives corrupt and hostile values", () => {
    expect(parseFormMemory(null)).toEqual(emptyFormMemory());
    expect(parseFormMemory("{oops")).toEqual(emptyFormMemory());
    expect(parseFormMemory("42")).toEqual(emptyFormMemory());
    const messy = JSON.stringify({
      companies: [1, " Acme ", "acme", "", null, "B"],
      plantNumbers: "PL-1",
      driverNames: Array.from({ length: 30 }, (_, i) => `d${i}`),
    });
    const memory = parseFormMemory(messy);
    expect(memory.companies).toEqual(["Acme", "B"]);
    expect(memory.plantNumbers).toEqual([]);
    expect(memory.driverNames).toEqual(Array.from({ length: 10 }, (_, i) => `d${i}`));
    for (const list of FORM_MEMORY_LISTS) expect(Array.isArray(memory[list])).toBe(true);
  });
});
