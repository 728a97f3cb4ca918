import { describe, expect, it } from "vitest";
import { translatorFor } from "../i18n";
import {
  PHOTOS,
  signedCheckSheet,
  signedHireTimesheet,
  signedTimesheet,
  supervisorApproval,
} from "./pdf-fixtures";
import { pdfImages } from "./pdf-images";
import { pdfText } from "./pdf-text";
import {
  approvalFingerprint,
  contentsFingerprint,
  signedContentFingerprint,
} from "./signed-content-fingerprint";
import { renderWeeklyPackPdf } from "./weekly-pack-pdf";

const generatedAt = new Date("2025-06-08T16:00:00.000Z");
const A4_HEIGHT = 841.89;
const CHECK_DATES = [
  "2025-06-05",
  "2025-06-02",
  "2025-06-08",
  "2025-06-03",
  "2025-06-07",
  "2025-06-04",
  "2025-06-06",
];

/** A week of seven check sheets, given out of date order, with five photos each: 35 separate files. */
function week() {
  const timesheet = signedTimesheet();
  const checkSheets = CHECK_DATES.map((date) => ({
    checkSheet: signedCheckSheet(date, { defectsNotes: `Walk-round on ${date}` }),
    photos: Array.from({ length: 5 }, (_, i) => {
      const photo = PHOTOS[i % PHOTOS.length]!;
      return { ...photo, data: Buffer.from(photo.data) };
    }),
  }));
  return { timesheet, checkSheets, approval: supervisorApproval() };
}

describe("renderWeeklyPackPdf", () => {
  it("prints every word of the pack in Polish for a Polish reader, and what people typed exactly as typed", async () => {
    const timesheet = signedTimesheet({ driverSignedName: "Дмитър Петров" });
    const defective = signedCheckSheet("2025-06-03", { defectTyres: false, defectsNotes: "Гума срязана" });
    const pdf = await renderWeeklyPackPdf({
      timesheet,
      checkSheets: [{ checkSheet: defective, photos: [] }],
      approval: supervisorApproval(),
      rating: "happy",
      generatedAt,
      t: translatorFor("pl").t,
    });
    const flat = (await pdfText(pdf)).replace(/\s+/g, " ");
    for (const words of [
      "Pakiet tygodniowy: zatwierdzony",
      "Pakiet tygodniowy zatwierdzili i podpisali Colin Client i Frank Foreman.",
      "Podsumowanie",
      "SUMA GODZIN",
      "Dokumenty w tym pakiecie",
      "SHA-256 PODPISANEJ TREŚCI",
      "DATA KONTROLI POZYCJA UWAGI 03/06/2025 Opony Гума срязана",
      "Opony",
      "PRZEDSTAWICIEL KLIENTA",
      "BRYGADZISTA",
      "Tygodniowa karta czasu pracy",
      "Codzienna kontrola usterek maszyny",
      "Strona 1 z",
      "Zatwierdzony i podpisany",
    ]) {
      expect(flat, words).toContain(words);
    }
    // The driver's name as typed, in Cyrillic; the notes too.
    expect(flat).toContain("IMIĘ I NAZWISKO OPERATORA Дмитър Петров NUMER MASZYNY/REJESTRACYJNY EX-042");
    expect(flat).toContain("Гума срязана");
    for (const english of [
      "Weekly Pack",
      "Summary",
      "Documents in this pack",
      "Client representative",
      "Page 1 of",
    ]) {
      expect(flat, english).not.toContain(english);
    }
  });

  it("puts the approval, the timesheet and the seven check sheets with their 35 photos in one PDF", async () => {
    const { timesheet, checkSheets, approval } = week();
    const pdf = await renderWeeklyPackPdf({
      timesheet,
      checkSheets,
      approval,
      rating: "happy",
      ratingNotes: "Good week",
      generatedAt,
    });
    const flat = (await pdfText(pdf)).replace(/\s+/g, " ");

    expect(flat).toContain("Weekly Pack: Approved");
    expect(flat).toContain("Weekly Pack approved and signed by Colin Client and Frank Foreman.");
    expect(flat).toContain("CLIENT REPRESENTATIVE NAME Colin Client DATE 08/06/2025");
    expect(flat).toContain("FOREMAN NAME Frank Foreman DATE 08/06/2025");
    expect(flat).toContain("Driver Rating RATING Excellent RATING NOTES Good week");
    // One rating for the set: the sections inside it carry none of their own.
    expect(flat.match(/RATING NOTES/g)).toHaveLength(1);
    expect(flat).toContain("Weekly total 45.4");

    // The check sheets follow the timesheet in date order, whatever order they came in.
    const sections = [
      ...flat.matchAll(/(Weekly Timesheet|Daily Plant Defect Check) (?:WEEK ENDING|CHECK DATE) (\S+)/g),
    ];
    expect(sections.map((m) => m[2])).toEqual([
      "08/06/2025",
      "02/06/2025",
      "03/06/2025",
      "04/06/2025",
      "05/06/2025",
      "06/06/2025",
      "07/06/2025",
      "08/06/2025",
    ]);
    for (const date of CHECK_DATES) expect(flat).toContain(`Walk-round on ${date}`);

    // The contents list every form's fingerprint, and every page's footer carries its own section's.
    const fingerprints = [
      signedContentFingerprint(timesheet),
      ...[...checkSheets]
        .sort((a, b) => a.checkSheet.checkDate.localeCompare(b.checkSheet.checkDate))
        .map(({ checkSheet }) => signedContentFingerprint(checkSheet)),
    ];
    for (const fingerprint of fingerprints) {
      expect(flat).toContain(fingerprint);
      expect(flat).toContain(`SHA-256 of signed content, the same in every language: ${fingerprint}`);
    }
    expect(flat).toContain(
      `SHA-256 of signed content, the same in every language: ${approvalFingerprint(approval, fingerprints)}`,
    );

    const pages = [...flat.matchAll(/Page (\d+) of (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(pages).toEqual(Array.from({ length: pages.length }, (_, i) => [i + 1, pages.length]));

    const images = (await pdfImages(pdf)).flat();
    // Client and foreman, operator and client on the timesheet, and on each check sheet two signatures and five photos.
    expect(images).toHaveLength(2 + 2 + 7 * (2 + 5));
    for (const box of images) {
      expect(box.bottom).toBeGreaterThanOrEqual(52);
      expect(box.bottom + box.height).toBeLessThanOrEqual(A4_HEIGHT - 40);
    }
  });

  it("goes out before approval with empty approval boxes and no rating", async () => {
    const { timesheet, checkSheets } = week();
    const pdf = await renderWeeklyPackPdf({ timesheet, checkSheets: checkSheets.slice(0, 1), generatedAt });
    const flat = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(flat).toContain("Weekly Pack: For Approval");
    expect(flat).toContain(
      "Weekly Pack for approval: not yet signed by the client representative or the foreman.",
    );
    expect(flat).not.toContain("approved and signed");
    expect(flat).toContain("CLIENT REPRESENTATIVE Not signed");
    expect(flat).toContain("FOREMAN Not signed");
    expect(flat).toContain("RATING Not rated yet");
    const fingerprints = [
      signedContentFingerprint(timesheet),
      signedContentFingerprint(checkSheets[0]!.checkSheet),
    ];
    expect(flat).toContain(
      `SHA-256 of signed content, the same in every language: ${contentsFingerprint(fingerprints)}`,
    );
    // Two signatures on the timesheet, two on the check sheet and its five photos; none for the approval.
    expect((await pdfImages(pdf)).flat()).toHaveLength(2 + 2 + 5);
  });

  it("shows 'Not signed' where an approval signature cannot be read", async () => {
    const { timesheet } = week();
    const pdf = await renderWeeklyPackPdf({
      timesheet,
      checkSheets: [],
      approval: supervisorApproval({ foremanSignature: "data:image/png;base64,iVBORw0KGgo=" }),
      rating: "unhappy",
      generatedAt,
    });
    const flat = (await pdfText(pdf)).replace(/\s+/g, " ");
    expect(flat).toContain("FOREMAN Not signed NAME Frank Foreman");
    expect(flat).toContain("RATING Poor");
    expect((await pdfImages(pdf)).flat()).toHaveLength(3);
  });
});

describe("the weekly pack's cover page", () => {
  it("gives the week's total hours and every defect with its notes", async () => {
    const pdf = await renderWeeklyPackPdf({
      timesheet: signedTimesheet(),
      checkSheets: [
        {
          checkSheet: signedCheckSheet("2025-06-04", {
            defectMirrors: false,
            defectsNotes: "Nearside mirror cracked",
            machineSafe: "no",
          }),
          photos: [],
        },
        { checkSheet: signedCheckSheet("2025-06-03", {}), photos: [] },
      ],
      generatedAt,
    });
    const text = await pdfText(pdf);
    const cover = text.slice(0, text.indexOf("Weekly Timesheet")).replace(/\s+/g, " ");
    expect(cover).toContain("TOTAL HOURS 45.4");
    // The fixture's sheets report worn tyres and a broken light; Wednesday adds the mirror.
    expect(cover).toContain("DEFECTS 5");
    expect(cover).toContain("04/06/2025 Mirrors, Indicator & Horn Nearside mirror cracked");
    expect(cover).toContain(
      "STOOD DOWN from the daily check of 04/06/2025: the driver found the machine not safe to use.",
    );
    expect(cover).not.toContain("03/06/2025: the driver");
    expect(cover.indexOf("03/06/2025 Tyres")).toBeLessThan(cover.indexOf("04/06/2025 Tyres"));
  });

  it("states beside a stand-down the breakdown the week's timesheet took from it", async () => {
    const pdf = await renderWeeklyPackPdf({
      timesheet: signedHireTimesheet(),
      checkSheets: [
        {
          checkSheet: signedCheckSheet("2025-06-04", { defectMirrors: false, machineSafe: "no" }),
          photos: [],
        },
      ],
      generatedAt,
    });
    const text = await pdfText(pdf);
    const cover = text.slice(0, text.indexOf("Weekly Timesheet")).replace(/\s+/g, " ");
    expect(cover).toContain(
      "STOOD DOWN from the daily check of 04/06/2025: the driver found the machine not safe to use. Breakdown from it: 4.8 h, on 04/06/2025.",
    );
  });
});
