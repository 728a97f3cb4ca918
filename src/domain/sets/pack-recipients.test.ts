import { describe, expect, it } from "vitest";
import { approvalRecipients, packRecipients } from "./pack-recipients";

describe("packRecipients", () => {
  it("adds the account holder's copy after the addresses typed", () => {
    expect(packRecipients(["office@buildco.co.uk", " site@leeds.co.uk "], "sam@plant.co.uk")).toEqual([
      "office@buildco.co.uk",
      "site@leeds.co.uk",
      "sam@plant.co.uk",
    ]);
  });

  it("sends each address once, whatever its case, and drops blanks", () => {
    expect(packRecipients(["Sam@Plant.co.uk", "", null, "office@buildco.co.uk"], "sam@plant.co.uk")).toEqual([
      "Sam@Plant.co.uk",
      "office@buildco.co.uk",
    ]);
  });

  it("is the typed addresses alone without an account address", () => {
    expect(packRecipients(["office@buildco.co.uk"], undefined)).toEqual(["office@buildco.co.uk"]);
  });
});

describe("approvalRecipients", () => {
  it("leaves out a timesheet address that reaches nobody, keeps the account holder's", () => {
    expect(approvalRecipients(["user@example.com", "office@buildco.co.uk"], "sam@plant.co.uk")).toEqual([
      "office@buildco.co.uk",
      "sam@plant.co.uk",
    ]);
  });
});
