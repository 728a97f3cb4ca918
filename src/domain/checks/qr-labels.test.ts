import { describe, expect, it } from "vitest";
import { qrLabelsOf } from "./qr-labels";

const vehicle = (plantNumber: string, retired = false) => ({
  qrCode: `PLANT-${plantNumber}`,
  plantNumber,
  machineNumber: "JCB 3CX",
  retired,
});

describe("a fleet's QR label sheet", () => {
  it("labels the machines drivers can scan, in plant-number order, numbers as numbers", () => {
    const labels = qrLabelsOf([vehicle("EX-10"), vehicle("DMP-1", true), vehicle("EX-2"), vehicle("dmp-3")]);
    expect(labels.map((label) => label.plantNumber)).toEqual(["dmp-3", "EX-2", "EX-10"]);
    expect(labels[0]).toEqual({ qrCode: "PLANT-dmp-3", plantNumber: "dmp-3", machineNumber: "JCB 3CX" });
  });

  it("is empty for a fleet of retired machines only", () => {
    expect(qrLabelsOf([vehicle("EX-1", true)])).toEqual([]);
  });
});
