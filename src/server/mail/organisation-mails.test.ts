import { describe, expect, it } from "vitest";
import {
  defectAlertMail,
  defectSummaryMail,
  invitationMail,
  returnedFormsMail,
  workshopLinkMail,
} from "./organisation-mails";

const LINK = "https://plant-sheets.example.co.uk/x?token=abc";
const PHOTO = { data: new Uint8Array([1, 2, 3]), contentType: "image/jpeg" as const };

describe("the company's mails, each in its reader's language", () => {
  const invitation = (language: string | null) =>
    invitationMail({
      to: "new@acme.co.uk",
      organisationName: "Acme <Plant>",
      inviterName: "Ann Admin",
      role: "supervisor",
      link: LINK,
      language,
    });

  it("invites in English as before, and in Polish for a Polish company", () => {
    expect(invitation(null)).toMatchObject({
      subject: "You have been invited to join a company on Plant Sheets",
      text: [
        "Hello,",
        'Ann Admin has invited you to join "Acme <Plant>" on Plant Sheets as a supervisor.',
        "Open this link within the next 7 days to join. You will be asked to confirm, after logging in (or creating an account) with this email address:",
        LINK,
        "The link works once. If you did not expect this, you can ignore this email: nothing changes unless you confirm.",
      ].join("\n\n"),
    });
    expect(invitation(null).html).toContain("Acme &lt;Plant&gt;");
    const polish = invitation("pl");
    expect(polish.subject).toBe("Zaproszenie do firmy w Plant Sheets");
    expect(polish.text).toContain(
      "Ann Admin zaprasza Cię do firmy „Acme <Plant>” w Plant Sheets jako kierownika.",
    );
    expect(polish.html).toContain(">Zobacz zaproszenie</a>");
    expect(polish.html).toContain("Acme &lt;Plant&gt;");
  });

  const alert = (language: string | null, photos = [PHOTO], site = "Riverside") =>
    defectAlertMail({
      to: "workshop@acme.co.uk",
      vehicle: { plantNumber: "EX-001", machineNumber: "M-9", description: "Mini excavator" },
      checkDate: "09/06/2025",
      driverName: "Łukasz Wróbel",
      site,
      report: { items: ["Tyres", "Lights"], notes: "Tyre cut", stoodDown: false },
      photos,
      language,
    });

  it("alerts the workshop in English as before, and in Polish for a Polish company", () => {
    expect(alert(null)).toMatchObject({
      subject: "Defect reported - EX-001 - 09/06/2025",
      text: [
        "A daily check of EX-001, M-9, Mini excavator on 09/06/2025 found 2 defects.",
        "Reported by: Łukasz Wróbel, at Riverside",
        "Defect: Tyres",
        "Defect: Lights",
        "Notes: Tyre cut",
        "1 photo attached.",
        'The vehicle shows as "defect reported" in the company\'s fleet until an admin marks it fixed.',
      ].join("\n\n"),
    });
    const single = defectAlertMail({
      to: "w@acme.co.uk",
      vehicle: { plantNumber: "EX-001", machineNumber: "", description: "" },
      checkDate: "09/06/2025",
      driverName: "",
      site: "",
      report: { items: ["Tyres"], notes: null, stoodDown: false },
      photos: [],
      language: null,
    });
    expect(single.text.split("\n\n").slice(0, 2)).toEqual([
      "A daily check of EX-001 on 09/06/2025 found a defect.",
      "Reported by: (no name given)",
    ]);
    expect(single.text).toContain("Notes: (none)\n\nNo photos were attached.");

    const polish = alert("pl", [PHOTO, PHOTO]);
    expect(polish.subject).toBe("Zgłoszono usterkę - EX-001 - 09/06/2025");
    expect(polish.text).toContain(
      "Codzienna kontrola maszyny EX-001, M-9, Mini excavator w dniu 09/06/2025 wykazała 2 usterki.",
    );
    expect(polish.text).toContain("Zgłosił(a): Łukasz Wróbel, budowa: Riverside");
    expect(polish.text).toContain("Uwagi: Tyre cut");
    expect(polish.text).toContain("Załączono 2 zdjęcia.");
    expect(polish.text).toContain("„Zgłoszono usterkę”");
    expect(polish.attachments.map((a) => a.filename)).toEqual(["defect-photo-1.jpg", "defect-photo-2.jpg"]);
  });

  it("says first, and in its subject, that the driver stood the machine down", () => {
    const stoodDown = (language: string | null) =>
      defectAlertMail({
        to: "workshop@acme.co.uk",
        vehicle: { plantNumber: "EX-001", machineNumber: "", description: "" },
        checkDate: "18/11/2026",
        driverName: "Dave Digger",
        site: "",
        report: { items: ["Hydraulics"], notes: "Leaking ram", stoodDown: true },
        photos: [],
        language,
      });
    const english = stoodDown(null);
    expect(english.subject).toBe("Machine stood down - EX-001 - 18/11/2026");
    const paragraphs = english.text.split("\n\n");
    expect(paragraphs[0]).toBe("STOOD DOWN: the driver's check found this machine not safe to use.");
    expect(paragraphs.at(-1)).toBe(
      'The vehicle shows as "off hire: stood down" in the company\'s fleet until an admin marks it fixed.',
    );
    const polish = stoodDown("pl");
    expect(polish.subject).toBe("Maszyna wyłączona z pracy - EX-001 - 18/11/2026");
    expect(polish.text.startsWith("WYŁĄCZONA Z PRACY")).toBe(true);
  });

  const link = (language: string | null) =>
    workshopLinkMail({
      to: "workshop@acme.co.uk",
      organisationName: "Acme",
      adminName: "Ann Admin",
      link: LINK,
      language,
    });

  it("asks a workshop address in English as before, and in Polish for a Polish company", () => {
    expect(link(null)).toMatchObject({
      subject: "Confirm that this address receives defect alerts from Plant Sheets",
      text: [
        "Hello,",
        'Ann Admin of "Acme" asks to email the defects its drivers find in their daily checks of its machines to this address.',
        "Nothing is sent here unless you confirm. To confirm, open this link within the next 7 days and press Confirm:",
        LINK,
        "If you did not expect this, you can ignore this email: nothing more is sent.",
      ].join("\n\n"),
    });
    const polish = link("pl");
    expect(polish.subject).toBe(
      "Potwierdź, że ten adres ma otrzymywać powiadomienia o usterkach z Plant Sheets",
    );
    expect(polish.text).toContain("naciśnij Potwierdź:");
    expect(polish.html).toContain(">Zobacz prośbę</a>");
  });

  const summary = (language: string | null, machines = 2) =>
    defectSummaryMail({
      to: "workshop@acme.co.uk",
      organisationName: "Acme",
      hour: { start: new Date("2025-06-10T09:00:00.000Z"), end: new Date("2025-06-10T10:00:00.000Z") },
      perHour: 30,
      machines: Array.from({ length: machines }, (_, i) => ({
        plantNumber: `EX-${i}`,
        machineNumber: i === 0 ? "M-1" : "",
        reports: i === 0 ? 3 : 1,
      })),
      fleetLink: LINK,
      language,
    });

  it("sums up the held-back reports in English as before, and in Polish for a Polish company", () => {
    expect(summary(null)).toMatchObject({
      subject: "Defect reports held back - 10/06/2025, 10:00 to 11:00 BST",
      text: [
        '4 defect reports on the machines of "Acme" on 10/06/2025, 10:00 to 11:00 BST were not emailed one by one, to keep the number of emails down (at most 30 an hour are). Here they are, counted by machine:',
        "EX-0 (M-1): 3",
        "EX-1: 1",
        "Each report, with its items, notes and photos, is in the company's fleet on Plant Sheets:",
        LINK,
      ].join("\n\n"),
    });
    expect(summary(null, 52).text).toContain("\n\nand 2 more machines\n\n");
    const polish = summary("pl", 53);
    expect(polish.subject).toBe("Wstrzymane zgłoszenia usterek - 10/06/2025, 10:00–11:00 BST");
    expect(polish.text).toMatch(
      /^55 zgłoszeń usterek dla maszyn firmy „Acme” w godzinach 10\/06\/2025, 10:00–11:00 BST/,
    );
    expect(polish.text).toContain("oraz 3 inne maszyny");
    expect(polish.html).toContain(">Otwórz flotę</a>");
  });

  const returned = (how: "sent_back" | "reopened", language: string | null) =>
    returnedFormsMail({
      to: "dave@haulage.co.uk",
      how,
      byName: "Ann Admin",
      reason: "Check Monday",
      forms: [
        { kind: "timesheet", date: "14/06/2025" },
        { kind: "check-sheet", date: "09/06/2025" },
      ],
      link: LINK,
      language,
    });

  it("tells a driver of returned forms in English as before, and in Polish for a Polish account", () => {
    expect(returned("sent_back", null)).toMatchObject({
      subject: "Your company sent forms back to you on Plant Sheets",
      text: [
        "Hello,",
        "Ann Admin at your company sent these forms back to you to fix:",
        "- the timesheet of the week ending 14/06/2025",
        "- the check sheet of 09/06/2025",
        "Reason: Check Monday",
        "Open them on Plant Sheets (they are on your home screen), change what is asked and submit them to the office again.",
        LINK,
      ].join("\n\n"),
    });
    expect(returned("reopened", null).subject).toBe("Your company reopened your week on Plant Sheets");
    expect(returned("reopened", null).text).toContain(
      "Ann Admin at your company reopened these approved forms so that you can change them:",
    );
    const polish = returned("sent_back", "pl");
    expect(polish.subject).toBe("Twoja firma zwróciła Ci formularze w Plant Sheets");
    expect(polish.text).toContain("Powód: Check Monday");
    expect(polish.html).toContain(">Otwórz Plant Sheets</a>");
    expect(returned("reopened", "pl").subject).toBe(
      "Twoja firma ponownie otworzyła Twój tydzień w Plant Sheets",
    );
  });
});
