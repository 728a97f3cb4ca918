import { describe, expect, it } from "vitest";
import { emptyOffHireNote } from "../hire/off-hire-note";
import pl from "../text/catalogs/pl.json";
import { type Catalog, createTranslator } from "../text/i18n/translate";
import { fieldLabel } from "./field-labels";
import { FORM_SPECS } from "./form-specs";
import { offHirePdfSection } from "./off-hire-pdf-sections";
import type { PdfBlock, PdfSection } from "./pdf-sections";

const blocksOf = <K extends PdfBlock["kind"]>(section: PdfSection, kind: K) =>
  section.blocks.filter((block): block is Extract<PdfBlock, { kind: K }> => block.kind === kind);
const valuesOf = (section: PdfSection) =>
  new Map(blocksOf(section, "keyValues").flatMap((block) => block.entries.map((e) => [e.label, e.value])));

const note = {
  ...emptyOffHireNote("2026-11-27"),
  offHireTime: "16:30",
  plantNumber: "EX-014",
  clientCompany: "Acme <b>Civils</b>",
  orderNumber: "PO-77",
  meterReading: "4521.5",
  fuelLevel: "3/4",
  damageNotes: "Cracked mirror <script>x</script>",
  collectionReference: "COL-991",
  clientSignedName: "Fred Foreman",
};

describe("the off-hire note's PDF section", () => {
  it("is the one its spec gives", () => {
    expect(FORM_SPECS["off-hire"].pdfSection).toBe(offHirePdfSection);
  });

  it("heads the note with its date, time, order and collection reference", () => {
    const section = offHirePdfSection(note, { fingerprint: "abc" });
    const [header] = blocksOf(section, "header");
    expect(header?.title).toBe("Off-Hire Note");
    expect(header?.facts).toEqual([
      { label: fieldLabel("offHireDate"), value: "27/11/2026" },
      { label: fieldLabel("offHireTime"), value: "16:30" },
      { label: fieldLabel("orderNumber"), value: "PO-77" },
      { label: fieldLabel("collectionReference"), value: "COL-991" },
    ]);
    expect(section.stamp).toEqual({
      title: "Off-Hire Note",
      reference: "Plant EX-014  |  off hire 27/11/2026",
      fingerprint: "abc",
    });
  });

  it("shows the meter, the fuel, the damage as typed and the client's signed name", () => {
    const section = offHirePdfSection(note, { fingerprint: "f", customerName: "Acme" });
    const values = valuesOf(section);
    expect(values.get(fieldLabel("meterReading"))).toBe("4521.5");
    expect(values.get(fieldLabel("fuelLevel"))).toBe("3/4");
    expect(values.get(fieldLabel("clientCompany"))).toBe("Acme <b>Civils</b>");
    expect(values.get(fieldLabel("customerId"))).toBe("Acme");
    expect(blocksOf(section, "text").map((block) => block.text)).toContain(
      "Cracked mirror <script>x</script>",
    );
    const [signatures] = blocksOf(section, "signatures");
    expect(signatures?.boxes.map((box) => box.title)).toEqual([
      "Operator Signature",
      "Client / Foreman Signature",
    ]);
    expect(signatures?.boxes[1]?.name).toBe("Fred Foreman");
  });

  it("says no damage was noted, and no photos, when there are none", () => {
    const section = offHirePdfSection({ ...note, damageNotes: "" }, { fingerprint: "f" });
    const texts = blocksOf(section, "text");
    expect(texts.map((block) => block.emptyText)).toEqual(["No damage noted", "No photos attached"]);
  });

  it("captions each photo of the machine's condition", () => {
    const photos = [new Uint8Array([1]), new Uint8Array([2])];
    const section = offHirePdfSection(note, { fingerprint: "f", photos });
    const [shown] = blocksOf(section, "photos");
    expect(shown?.photos.map((p) => p.caption)).toEqual(["Photo 1 of 2", "Photo 2 of 2"]);
  });

  it("is written in the reader's language", () => {
    const { t } = createTranslator("pl", pl as Catalog);
    const section = offHirePdfSection(note, { fingerprint: "f", t });
    expect(section.stamp.title).toBe("Protokół zakończenia wynajmu");
    expect(blocksOf(section, "heading").map((block) => block.text)).toContain("Uwagi o uszkodzeniach");
  });
});
