import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ANONYMOUS_EMAILS, MAX_EMAILS } from "../forms/constants";
import {
  addEmailRow,
  BLOCKED_EMAIL_DOMAINS,
  canRemoveEmailRow,
  distinctEmails,
  domainName,
  invalidClientEmails,
  isInvalidEmailEntry,
  isValidClientEmail,
  nonBlankEmails,
  parseEmailList,
  removeEmailRow,
  setEmailRow,
} from "./client-email";

describe("isValidClientEmail", () => {
  // Ordinary addresses pass; what does not look like an address does not.
  it.each([
    ["site.manager@acmeplant.co.uk", true],
    ["ops@groundworks.com", true],
    ["first.last+hire@mail.civils-ltd.org", true],
    ["  padded@plant-hire.ie  ", true],
    ["x@myexample.com", true],
    ["x@testing-ltd.co.uk", true],
    ["x@abcplant.com", true],
    ["", false],
    ["   ", false],
    ["plainaddress", false],
    ["@acme.com", false],
    ["a@", false],
    ["a@acme", false],
    ["a@acme.c", false],
    ["a b@acme.com", false],
    ["a@@acme.com", false],
    ["a@acme..com", false],
    ["a@-acme.com", false],
    ["a,b@acme.com", false],
  ])("judges %j valid: %s", (address, valid) => {
    expect(isValidClientEmail(address)).toBe(valid);
  });

  it("refuses each blocked domain name, whatever the TLD", () => {
    expect(BLOCKED_EMAIL_DOMAINS).toHaveLength(14);
    for (const name of BLOCKED_EMAIL_DOMAINS) {
      expect(isValidClientEmail(`user@${name}.com`), name).toBe(false);
      expect(isValidClientEmail(`user@${name}.co.uk`), name).toBe(false);
      expect(isValidClientEmail(`user@mail.${name}.org`), name).toBe(false);
    }
  });

  it("refuses example.com in any case", () => {
    expect(isValidClientEmail("user@example.com")).toBe(false);
    expect(isValidClientEmail("User@EXAMPLE.COM")).toBe(false);
    expect(isValidClientEmail("user@test.co.uk")).toBe(false);
    expect(isValidClientEmail("user@10minutemail.net")).toBe(false);
  });

  it("refuses reserved top-level domains", () => {
    expect(isValidClientEmail("user@acme.test")).toBe(false);
    expect(isValidClientEmail("user@acme.invalid")).toBe(false);
    expect(isValidClientEmail("user@acme.example")).toBe(false);
  });

  it("refuses overlong addresses", () => {
    expect(isValidClientEmail(`${"a".repeat(250)}@acme.com`)).toBe(false);
  });

  it("accepts any plain address on a real-looking domain", () => {
    const label = fc
      .stringMatching(/^[a-z][a-z0-9]{3,12}$/)
      .filter((l) => !(BLOCKED_EMAIL_DOMAINS as readonly string[]).includes(l));
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z0-9._%+-]{1,20}$/),
        label,
        fc.constantFrom("com", "co.uk", "ie", "org"),
        (local, name, tld) => {
          expect(isValidClientEmail(`${local}@${name}.${tld}`)).toBe(true);
        },
      ),
    );
  });
});

describe("domainName", () => {
  it("is the label before the TLD, or before a country's second level", () => {
    expect(domainName("a@example.com")).toBe("example");
    expect(domainName("a@mail.example.com")).toBe("example");
    expect(domainName("a@test.co.uk")).toBe("test");
    expect(domainName("a@co.uk")).toBe("co");
    expect(domainName("a@acme.com.au")).toBe("acme");
    expect(domainName("nope")).toBeNull();
    expect(domainName("a@localhost")).toBeNull();
  });
});

describe("parseEmailList", () => {
  it("splits on commas, trims and drops empties", () => {
    expect(parseEmailList(" a@acme.com, b@acme.com ,,  ,c@acme.com,")).toEqual([
      "a@acme.com",
      "b@acme.com",
      "c@acme.com",
    ]);
    expect(parseEmailList("")).toEqual([]);
    expect(parseEmailList(" , ")).toEqual([]);
  });

  it("never returns blank or padded entries", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        for (const part of parseEmailList(text)) {
          expect(part).toBe(part.trim());
          expect(part).not.toBe("");
          expect(part).not.toContain(",");
        }
      }),
    );
  });
});

describe("nonBlankEmails and invalidClientEmails", () => {
  it("keep the rows that hold something", () => {
    expect(nonBlankEmails(["", " a@acme.com ", "  ", null, undefined, "b@acme.com"])).toEqual([
      "a@acme.com",
      "b@acme.com",
    ]);
    expect(nonBlankEmails([])).toEqual([]);
  });

  it("name the non-blank rows that are not client addresses", () => {
    expect(invalidClientEmails(["ok@acme.com", "", "bad@example.com", "nope"])).toEqual([
      "bad@example.com",
      "nope",
    ]);
  });
});

describe("isInvalidEmailEntry (the red border)", () => {
  it("marks typed rows that are not client addresses", () => {
    expect(isInvalidEmailEntry("office@example.com")).toBe(true);
    expect(isInvalidEmailEntry("not an address")).toBe(true);
  });

  it("leaves blank rows and good addresses unmarked", () => {
    expect(isInvalidEmailEntry("")).toBe(false);
    expect(isInvalidEmailEntry("   ")).toBe(false);
    expect(isInvalidEmailEntry(null)).toBe(false);
    expect(isInvalidEmailEntry("office@buildco.co.uk")).toBe(false);
  });

  it("agrees with invalidClientEmails row by row", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.emailAddress(), fc.string({ maxLength: 20 }))), (rows) => {
        expect(rows.filter((row) => isInvalidEmailEntry(row)).map((row) => row.trim())).toEqual(
          invalidClientEmails(rows),
        );
      }),
    );
  });
});

describe("email rows", () => {
  it("adds an empty row, up to the most a form may carry", () => {
    expect(addEmailRow(["a@b.co.uk"])).toEqual(["a@b.co.uk", ""]);
    const full = Array.from({ length: MAX_EMAILS }, () => "");
    expect(addEmailRow(full)).toHaveLength(MAX_EMAILS);
    // Without an account, at most 5.
    const five = ["a@b.co.uk", "", "", "", ""];
    expect(addEmailRow(five, MAX_ANONYMOUS_EMAILS)).toEqual(five);
    expect(addEmailRow(five.slice(0, 4), MAX_ANONYMOUS_EMAILS)).toHaveLength(5);
  });

  it("removes a row only while more than one exists", () => {
    expect(canRemoveEmailRow(["a"])).toBe(false);
    expect(canRemoveEmailRow(["a", "b"])).toBe(true);
    expect(removeEmailRow(["a"], 0)).toEqual(["a"]);
    expect(removeEmailRow(["a", "b", "c"], 1)).toEqual(["a", "c"]);
    expect(removeEmailRow(["a", "b"], 5)).toEqual(["a", "b"]);
  });

  it("never removes the last row, and otherwise removes exactly one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string(), { maxLength: 8 }),
        fc.integer({ min: -2, max: 10 }),
        (rows, index) => {
          const next = removeEmailRow(rows, index);
          const removable = rows.length > 1 && index >= 0 && index < rows.length;
          expect(next).toHaveLength(removable ? rows.length - 1 : rows.length);
          if (rows.length > 0) expect(next.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("replaces one row's text", () => {
    expect(setEmailRow(["a", "b"], 1, "c")).toEqual(["a", "c"]);
    expect(setEmailRow(["a"], 3, "c")).toEqual(["a"]);
  });
});

describe("distinctEmails", () => {
  it("keeps each address once, whatever its case or spaces, in the first spelling given", () => {
    expect(
      distinctEmails([
        "Site.Office@BuildCo.co.uk",
        " site.office@buildco.co.uk ",
        "",
        null,
        "a@b.co.uk",
        "A@B.CO.UK",
      ]),
    ).toEqual(["Site.Office@BuildCo.co.uk", "a@b.co.uk"]);
  });
});
