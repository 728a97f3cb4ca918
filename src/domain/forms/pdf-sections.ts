import type { CheckValue } from "../checks/check-items";
import type { Rating } from "../sets/rating";
import type { Translator } from "../text/i18n/translate";

/**
 * A PDF as data: what it says, section by section, with no word about fonts or positions. Each form type's
 * builder turns a form into sections (`timesheetPdfSections`, `checkSheetPdfSections`), the weekly pack puts
 * several together, and one renderer on the server lays out and draws any list of them.
 */
export interface PdfDocument {
  /** The file's title, as a PDF reader shows it. */
  title: string;
  subject: string;
  sections: readonly PdfSection[];
}

/** A part that starts on a new page; each of its pages carries its stamp in the footer. */
export interface PdfSection {
  stamp: PageStamp;
  blocks: readonly PdfBlock[];
}

/** What every page of a section carries in its footer. */
export interface PageStamp {
  /** The document's name, e.g. "Weekly Timesheet". */
  title: string;
  /** What it is about, e.g. the plant and week. */
  reference: string;
  /** SHA-256 of the signed content shown on the page. */
  fingerprint: string;
}

/** An image as a PDF is given it: a signature's PNG or JPEG data URL, or a photo's bytes. */
export type PdfImageSource = string | Uint8Array;

export interface KeyValue {
  label: string;
  value: string | number | null | undefined;
}

export type CellTone = "ok" | "defect" | "muted" | "strong" | "code";
export type TableCell = string | { text: string; tone?: CellTone };

export interface TableColumn {
  header: string;
  /** Relative width: the columns share the page width in proportion. */
  width: number;
  align?: "left" | "center" | "right";
}

export interface TableRow {
  cells: readonly TableCell[];
  /** A totals row: bold on a shaded background. */
  total?: boolean;
}

export interface SignatureBox {
  title: string;
  /** Blank, or an image that cannot be read, draws an empty box saying "Not signed". */
  image: PdfImageSource | null | undefined;
  name: string;
  date: string;
  /** When the signature was drawn, as shown; boxes without it have no such line. */
  drawnAt?: string;
}

export interface PdfPhotoItem {
  image: PdfImageSource;
  caption: string;
}

/** One block of a section, drawn in order; each moves to a new page when it does not fit. */
export type PdfBlock =
  /** The title block: product name, title, and key facts on the right. */
  | { kind: "header"; title: string; facts: readonly KeyValue[] }
  /** A heading, kept on the page of the block that follows it. */
  | { kind: "heading"; text: string }
  /** Labelled values in a boxed grid, `columns` to a row; empty values show a dash. */
  | { kind: "keyValues"; entries: readonly KeyValue[]; columns: number }
  /** A table whose header repeats on each page it runs onto. */
  | { kind: "table"; columns: readonly TableColumn[]; rows: readonly TableRow[] }
  /** Numbered check items with OK, DEFECT or N/A, two to a row as on the paper form. */
  | { kind: "checks"; items: readonly { label: string; value: CheckValue }[] }
  /** Free text in a box; `emptyText` shows, greyed, when there is none. */
  | { kind: "text"; text: string; emptyText: string }
  /** What the reader must see first, in white on red: a machine stood down. */
  | { kind: "alert"; text: string }
  /** Small print, such as a notice printed on the paper form. */
  | { kind: "notice"; text: string }
  | { kind: "signatures"; boxes: readonly SignatureBox[] }
  /** Photos two to a row, captioned. */
  | { kind: "photos"; photos: readonly PdfPhotoItem[] }
  | { kind: "space"; points: number };

/** What a form's PDF needs beside the form itself. */
export interface FormPdfContext {
  /** The SHA-256 of the form's signed content, printed at the foot of each page. */
  fingerprint: string;
  /** The customer picked before the form, when there was one. */
  customerName?: string;
  /** The driver's rating; left out where a document shows one rating for several forms. */
  rating?: { rating: Rating; notes?: string };
  /** The form's photos at print resolution, in the order attached (a check sheet's). */
  photos?: readonly PdfImageSource[];
  /** The words of the document, in its reader's language: English unless given. */
  t?: Translator["t"];
}
