import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { companyMessages } from "../text/company-messages";
import {
  CUSTOMER_KEYS,
  clashesOf,
  FLEET_KEYS,
  listKey,
  NewCustomerSchema,
  NewFleetVehicleSchema,
  RetireRequestSchema,
} from "./company-lists";

const vehicle = { qrCode: "ACME-1", plantNumber: "AX-1", checkTemplate: "excavator" };

describe("a machine or customer of the company's own lists", () => {
  it("takes a machine's code, plant number and check list, trimmed, the rest optional", () => {
    expect(NewFleetVehicleSchema.parse({ ...vehicle, qrCode: " ACME-1 " })).toEqual({
      qrCode: "ACME-1",
      plantNumber: "AX-1",
      machineNumber: "",
      vehicleType: "",
      description: "",
      checkTemplate: "excavator",
    });
  });

  it("refuses a blank or overlong code, a name on more than one line, and an unknown check list", () => {
    const problem = (input: object) => NewFleetVehicleSchema.safeParse(input).error?.issues[0]?.message;
    expect(problem({ ...vehicle, qrCode: "  " })).toBe("Please enter the code on the machine's QR label.");
    expect(problem({ ...vehicle, plantNumber: "" })).toBe("Please enter the plant number.");
    expect(problem({ ...vehicle, qrCode: "x".repeat(201) })).toBeDefined();
    expect(problem({ ...vehicle, plantNumber: "AX\n1" })).toBe(companyMessages.oneLine("plantNumber"));
    expect(problem({ ...vehicle, machineNumber: "JCB\u2028180" })).toBe(companyMessages.oneLine("machine"));
    expect(problem({ ...vehicle, checkTemplate: "spaceship" })).toBeDefined();
    // A description may run over lines.
    expect(NewFleetVehicleSchema.safeParse({ ...vehicle, description: "one\ntwo" }).success).toBe(true);
    expect(
      NewCustomerSchema.safeParse({ name: "Acme\tLtd", requiresOrderValidation: false }).error?.issues[0]
        ?.message,
    ).toBe(companyMessages.oneLine("customerName"));
    expect(RetireRequestSchema.safeParse({ retired: "yes" }).success).toBe(false);
  });

  it("compares keys without case and with runs of spaces as one", () => {
    expect(listKey("  AX  9 ")).toBe("ax 9");
    expect(listKey("Łukasz\tWRÓBEL")).toBe("łukasz wróbel");
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(listKey(listKey(text))).toBe(listKey(text));
        expect(listKey(text.toUpperCase())).toBe(listKey(text.toLowerCase().toUpperCase()));
      }),
    );
  });

  it("finds where an entry clashes with the rest of its list, retired entries included", () => {
    const fleet = [
      { qrCode: "ACME-1", plantNumber: "AX-1", retired: false },
      { qrCode: "ACME-2", plantNumber: "AX-2", retired: true },
    ];
    expect(clashesOf({ qrCode: "acme-1", plantNumber: "NEW" }, fleet, FLEET_KEYS)).toEqual([
      { field: "qrCode", retired: false },
    ]);
    expect(clashesOf({ qrCode: "NEW", plantNumber: " ax-2" }, fleet, FLEET_KEYS)).toEqual([
      { field: "plantNumber", retired: true },
    ]);
    expect(clashesOf({ qrCode: "ACME-2", plantNumber: "AX-1" }, fleet, FLEET_KEYS)).toEqual([
      { field: "qrCode", retired: true },
      { field: "plantNumber", retired: false },
    ]);
    expect(clashesOf({ qrCode: "NEW", plantNumber: "NEW" }, fleet, FLEET_KEYS)).toEqual([]);
    expect(clashesOf({ name: "acme  ltd" }, [{ name: "Acme Ltd", retired: false }], CUSTOMER_KEYS)).toEqual([
      { field: "name", retired: false },
    ]);
  });

  it("keeps a list free of two entries with one key when each entry is added only without a clash", () => {
    const entry = fc.record({
      qrCode: fc.string({ maxLength: 3 }),
      plantNumber: fc.string({ maxLength: 3 }),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 20 }), (candidates) => {
        const list: Array<{ qrCode: string; plantNumber: string; retired: boolean }> = [];
        for (const candidate of candidates) {
          if (clashesOf(candidate, list, FLEET_KEYS).length === 0)
            list.push({ ...candidate, retired: false });
        }
        for (const field of FLEET_KEYS) {
          const keys = list.map((item) => listKey(item[field])).filter((key) => key !== "");
          expect(new Set(keys).size).toBe(keys.length);
        }
      }),
    );
  });
});
