import { readFileSync } from "node:fs";
import sharp from "sharp";
import { type CheckSheetFields, emptyCheckSheet } from "../../domain/checks/check-sheet";
import { applyTimesheetInput, emptyTimesheet, type TimesheetFields } from "../../domain/hours/timesheet";
import type { SupervisorApproval } from "../../domain/sets/rating";
import type { PdfPhoto } from "./pdf-canvas";

/**
 * Realistic signed forms, drawn signatures and site photos for tests of the PDFs (and of
 * anything that sends them): the images are real PNG and JPEG files under `fixtures/`.
 */

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const pngDataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

/** Signatures as the app sends them: drawn on its pad in Chromium at 390x844 and a pixel ratio of 3, cut to the ink. */
export const OPERATOR_SIGNATURE = pngDataUrl(fixture("operator-signature.png"));
export const CLIENT_SIGNATURE = pngDataUrl(fixture("client-signature.png"));

/** Three JPEG site photos (two landscape, one portrait) and one PNG. */
export const PHOTOS: readonly PdfPhoto[] = [
  { data: fixture("photo-1.jpg"), contentType: "image/jpeg" },
  { data: fixture("photo-2.jpg"), contentType: "image/jpeg" },
  { data: fixture("photo-3.jpg"), contentType: "image/jpeg" },
  { data: fixture("photo-4.png"), contentType: "image/png" },
];

/**
 * A JPEG of one colour at the given size, as a phone might send it (1600x1200 by default): larger than a PDF
 * prints, so it gets a smaller print copy. An EXIF orientation can be given.
 */
export async function phonePhoto(
  options: { width?: number; height?: number; background?: string; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 1600, height = 1200, background = "#c08040", orientation } = options;
  const image = sharp({ create: { width, height, channels: 3, background } }).jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

/**
 * A signed week for plant EX-042, net hours Mon 9.0, Tue 8.3, Wed 9.8, Thu 9.0 (default break),
 * Fri 5.0, Sat 4.3, Sun none: 41.1 Monday to Friday, 45.4 for the week.
 */
export function signedTimesheet(overrides: Partial<TimesheetFields> = {}): TimesheetFields {
  // Signed before hours by kind existed: each day's working, standing and breakdown are the driver's words.
  const {
    hireDays: _days,
    hireTerms: _terms,
    meterStart: _start,
    meterEnd: _end,
    ...before
  } = emptyTimesheet();
  return {
    ...before,
    status: "completed",
    weekEnding: "2025-06-08",
    company: "Acme Plant Hire Ltd",
    siteLocation: "Riverside Depot, Leeds LS10 1AB",
    clientCompany: "BuildCo Construction",
    driverSignedName: "Dave Digger",
    customerId: "cust-buildco",
    orderNumber: "P-12345",
    machineNumber: "13T Excavator",
    plantNumber: "EX-042",
    machineHours: "4521.5",
    vanMileage: "88213",
    mondayStart: "07:00",
    mondayFinish: "16:30",
    mondayBreak: 30,
    mondayNetHours: 9,
    mondayWorking: "Bulk dig, plot 4",
    tuesdayStart: "07:00",
    tuesdayFinish: "15:48",
    tuesdayBreak: 30,
    tuesdayNetHours: 8.3,
    tuesdayWorking: "Trenching for drainage",
    tuesdayStanding: "1h waiting for banksman",
    wednesdayStart: "06:30",
    wednesdayFinish: "17:00",
    wednesdayBreak: 45,
    wednesdayNetHours: 9.8,
    wednesdayWorking: "Loading muck away wagons",
    wednesdayBreakdown: "Hydraulic hose split at 14:10, fitter attended, back working 15:00",
    thursdayStart: "07:00",
    thursdayFinish: "16:30",
    thursdayBreak: null,
    thursdayNetHours: 9,
    thursdaySiteLocation: "Plot 7, north gate",
    fridayStart: "07:00",
    fridayFinish: "12:00",
    fridayBreak: 0,
    fridayNetHours: 5,
    saturdayStart: "08:00",
    saturdayFinish: "12:30",
    saturdayBreak: 15,
    saturdayNetHours: 4.3,
    totalHours: 45.4,
    breakdownNotes: "Hose replaced on Wednesday by the hire company's fitter. No further issues.",
    operatorSignature: OPERATOR_SIGNATURE,
    operatorSignedName: "Dave Digger",
    clientSignature: CLIENT_SIGNATURE,
    clientSignedName: "Fiona Foreman",
    signatureDate: "2025-06-07",
    submitViaEmail: true,
    submissionEmails: ["site.office@buildco.co.uk"],
    ...overrides,
  };
}

/**
 * The same signed week with hours by kind, under the default hire terms: Wednesday's afternoon broken down from a
 * daily check (4.8 h of its 9.8), Tuesday's hour waiting for the banksman as standing, the rest worked.
 */
export function signedHireTimesheet(): TimesheetFields {
  const { hireDays, hireTerms } = emptyTimesheet();
  const days = hireDays as NonNullable<TimesheetFields["hireDays"]>;
  return applyTimesheetInput(
    { ...signedTimesheet(), hireTerms, meterStart: "4521.5", meterEnd: "4564" },
    {
      hireDays: {
        ...days,
        tuesday: { ...days.tuesday, standing: 1, standingReason: "noAccess", note: "Waiting for banksman" },
        wednesday: {
          ...days.wednesday,
          breakdown: 4.8,
          breakdownReason: "hydraulics",
          breakdownFrom: { date: "2025-06-04", time: "12:12", item: "Hydraulics", hours: 4.8 },
        },
      },
    },
  );
}

/** A signed check of EX-042 on the given date: Tyres and Lights defective, Tracks not applicable, the rest OK. */
export function signedCheckSheet(checkDate = "2025-06-02", overrides: Partial<CheckSheetFields> = {}) {
  const sheet = emptyCheckSheet(checkDate);
  return {
    ...sheet,
    status: "completed" as const,
    company: "Acme Plant Hire Ltd",
    siteLocation: "Riverside Depot, Leeds LS10 1AB",
    clientCompany: "BuildCo Construction",
    driverSignedName: "Dave Digger",
    orderNumber: "P-12345",
    plantNumber: "EX-042",
    machineNumber: "13T Excavator",
    defectSteering: true,
    defectHoist: true,
    defectFireSafety: true,
    defectTyres: false,
    defectTracks: null,
    defectFuelOil: true,
    defectCabGlass: true,
    defectMirrors: true,
    defectWipers: true,
    defectBucket: true,
    defectRams: true,
    defectBrakes: true,
    defectHoses: true,
    defectLights: false,
    defectDefects: true,
    defectOperators: true,
    defectsNotes: "Nearside rear tyre worn to the cords. Offside work light cracked and not working.",
    fuelLevel: "3/4",
    photos: ["/objects/photos/1.jpg", "/objects/photos/2.jpg", "/objects/photos/3.jpg"],
    operatorSignature: OPERATOR_SIGNATURE,
    operatorSignedName: "Dave Digger",
    clientSignature: CLIENT_SIGNATURE,
    clientSignedName: "Fiona Foreman",
    signatureDate: checkDate,
    submittedAt: `${checkDate}T07:15:00.000Z`,
    ...overrides,
  } satisfies CheckSheetFields;
}

export function supervisorApproval(overrides: Partial<SupervisorApproval> = {}): SupervisorApproval {
  return {
    clientSignature: CLIENT_SIGNATURE,
    clientName: "Colin Client",
    foremanSignature: OPERATOR_SIGNATURE,
    foremanName: "Frank Foreman",
    approvedAt: "2025-06-08T15:30:00.000Z",
    supervisorNotes: "",
    ...overrides,
  };
}
