import { createHash } from "node:crypto";
import PDFDocument from "pdfkit";
import { type CheckValue, checkValueLabel } from "../../domain/checks/check-items";
import type {
  CellTone,
  KeyValue,
  PageStamp,
  PdfImageSource,
  SignatureBox,
  TableColumn,
  TableRow,
} from "../../domain/forms/pdf-sections";
import type { Translator } from "../../domain/text/i18n/translate";
import { printedText } from "../../domain/text/printed-text";
import { formatUkTime } from "../../domain/time/uk-time";
import { type FontStyle, pdfFonts } from "./pdf-fonts";
import { type ImageRole, type PdfImage, pdfImage } from "./pdf-image";
import { textRuns } from "./text-runs";

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 42;
const MARGIN_TOP = 40;
const FOOTER_HEIGHT = 52;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const CONTENT_BOTTOM = PAGE_HEIGHT - FOOTER_HEIGHT;
const GAP = 12;

const REGULAR: FontStyle = "regular";
const BOLD: FontStyle = "bold";
const ITALIC: FontStyle = "italic";
/** Where a line's baseline sits below its top, as a share of the font size: capitals reach up to the top. */
const BASELINE = 0.72;

const INK = "#1f2933";
const MUTED = "#52606d";
const FAINT = "#9aa5b1";
const RULE = "#cbd2d9";
const SHADE = "#f0f4f8";
const ACCENT = "#c05621";
const OK_GREEN = "#1e7b34";
const DEFECT_RED = "#b42318";

interface TextStyle {
  font: FontStyle;
  size: number;
  color: string;
}

const STYLES = {
  body: { font: REGULAR, size: 9.5, color: INK },
  cell: { font: REGULAR, size: 8.5, color: INK },
  cellStrong: { font: BOLD, size: 8.5, color: INK },
  label: { font: BOLD, size: 6.5, color: MUTED },
  value: { font: REGULAR, size: 9.5, color: INK },
  heading: { font: BOLD, size: 11, color: INK },
  small: { font: REGULAR, size: 7, color: MUTED },
  notice: { font: ITALIC, size: 7.5, color: MUTED },
} as const satisfies Record<string, TextStyle>;

const lineHeight = (style: TextStyle) => style.size * 1.3;
const HEADING_HEIGHT = lineHeight(STYLES.heading) + 7;

/** An image given as bytes (a photo from storage); the bytes decide the format. */
export interface PdfPhoto {
  data: Uint8Array;
  contentType: string;
}

interface Cursor {
  page: number;
  y: number;
}

/**
 * An A4 document and the drawing blocks every Plant Sheets PDF is made of: a header, headings,
 * key-value grids, tables, text blocks, signature boxes and image grids. Each block moves to a new
 * page when it does not fit; tables repeat their header there and long text continues line by
 * line. Every page gets a footer with its section's fingerprint, the generation time and its number.
 */
export class PdfCanvas {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly ended: Promise<Buffer>;
  private readonly stamps: PageStamp[] = [];
  /** Images made ready by `loadImages`, by `imageKey`; null for one that cannot be shown. */
  private readonly images = new Map<string, PdfImage | null>();
  private readonly widths = new Map<string, number>();
  private readonly generatedAt: Date;
  /** The document's words, in its reader's language. */
  private readonly t: Translator["t"];
  private stamp: PageStamp | null = null;
  private cursor: Cursor = { page: -1, y: MARGIN_TOP };
  /** Where content starts on the current page: a block placed there never moves on. */
  private pageTop = MARGIN_TOP;
  private pendingHeading: string | null = null;

  constructor(options: { title: string; subject: string; generatedAt: Date; t: Translator["t"] }) {
    this.generatedAt = options.generatedAt;
    this.t = options.t;
    this.doc = new PDFDocument({
      size: "A4",
      compress: true,
      autoFirstPage: false,
      bufferPages: true,
      margins: { top: MARGIN_TOP, bottom: 0, left: MARGIN_X, right: MARGIN_X },
      info: {
        Title: oneLine(options.title),
        Subject: oneLine(options.subject),
        Author: "Plant Sheets",
        Creator: "Plant Sheets",
        Producer: "Plant Sheets",
        CreationDate: options.generatedAt,
        ModDate: options.generatedAt,
      },
    });
    for (const [name, font] of pdfFonts().fonts) this.doc.registerFont(name, font);
    this.doc.on("data", (chunk: Buffer) => this.chunks.push(chunk));
    this.ended = new Promise((resolve, reject) => {
      this.doc.on("end", () => resolve(Buffer.concat(this.chunks)));
      this.doc.on("error", reject);
    });
  }

  /**
   * Decodes, before drawing, every image the document will draw (sharp works off the event loop, several at
   * once), each once however many times it is drawn.
   */
  async loadImages(sources: readonly { source: PdfImageSource; role: ImageRole }[]): Promise<void> {
    const pending = new Map<string, { source: PdfImageSource; role: ImageRole }>();
    for (const entry of sources) {
      const key = imageKey(entry.source);
      if (!this.images.has(key)) pending.set(key, entry);
    }
    await Promise.all(
      [...pending].map(async ([key, { source, role }]) => {
        this.images.set(key, await pdfImage(source, role));
      }),
    );
  }

  /** Starts a section on a new page; its pages carry the stamp in their footer. */
  startSection(stamp: PageStamp): void {
    this.stamp = stamp;
    this.pendingHeading = null;
    this.addPage(false);
  }

  /**
   * The document title block: product name, title, and key facts on the right. The facts take the room they need
   * up to 45% of the width, and the title wraps in what they leave: a title in two languages never runs under them
   * or off the page. A fact whose label and value do not fit on one line puts its label above its value.
   */
  documentHeader(title: string, facts: readonly KeyValue[]): void {
    const top = this.cursor.y;
    const right = MARGIN_X + CONTENT_WIDTH;
    const titleStyle: TextStyle = { font: BOLD, size: 20, color: INK };
    const shown = facts
      .filter((f) => present(f.value))
      .map((fact) => ({ label: `${fact.label.toUpperCase()}  `, value: String(fact.value) }));
    const factsWidth = Math.min(
      CONTENT_WIDTH * 0.45,
      Math.max(
        0,
        ...shown.map(
          ({ label, value }) => this.widthOf(label, STYLES.label) + this.widthOf(value, STYLES.value),
        ),
      ),
    );
    this.write("PLANT SHEETS", MARGIN_X, top, { font: BOLD, size: 8, color: ACCENT });
    const titleLines = this.wrap(title, CONTENT_WIDTH - factsWidth - 16, titleStyle);
    this.writeLines(titleLines, MARGIN_X, top + 12, titleStyle);
    let factY = top;
    for (const { label, value } of shown) {
      const labelWidth = this.widthOf(label, STYLES.label);
      const oneLine = labelWidth + this.widthOf(value, STYLES.value) <= factsWidth;
      if (!oneLine) {
        const labelLines = this.wrap(label.trim(), factsWidth, STYLES.label);
        this.writeLines(labelLines, right - factsWidth, factY, STYLES.label, factsWidth, "right");
        factY += labelLines.length * lineHeight(STYLES.label);
      }
      const lines = oneLine ? [value] : this.wrap(value, factsWidth, STYLES.value);
      const valueWidth = Math.max(...lines.map((line) => this.widthOf(line, STYLES.value)));
      if (oneLine) this.write(label, right - valueWidth - labelWidth, factY + 2.5, STYLES.label);
      this.writeLines(lines, right - valueWidth, factY, STYLES.value);
      factY += lines.length * lineHeight(STYLES.value) + 2;
    }
    const titleBottom = top + 12 + titleLines.length * lineHeight(titleStyle);
    const bottom = Math.max(top + 40, titleBottom + 4, factY + 4);
    this.doc.rect(MARGIN_X, bottom, CONTENT_WIDTH, 2).fill(ACCENT);
    this.cursor.y = bottom + 14;
  }

  /** A section heading; it is drawn with the block that follows, so it never ends a page on its own. */
  heading(text: string): void {
    this.pendingHeading = text;
  }

  /** Labelled values in a boxed grid, `columns` to a row; empty values show a dash. */
  keyValueGrid(entries: readonly KeyValue[], columns = 2): void {
    const cellWidth = CONTENT_WIDTH / columns;
    const pad = 5;
    const lineH = lineHeight(STYLES.value);
    for (let start = 0; start < entries.length; start += columns) {
      const cells = entries.slice(start, start + columns).map((entry) => {
        const filled = present(entry.value);
        const style = filled ? STYLES.value : { ...STYLES.value, color: FAINT };
        return {
          // A label wraps in its cell: in two languages it is often wider than the cell.
          labelLines: this.wrap(entry.label.toUpperCase(), cellWidth - 2 * pad, STYLES.label),
          style,
          lines: this.wrap(filled ? String(entry.value) : "-", cellWidth - 2 * pad, style),
        };
      });
      const labelHeight =
        Math.max(...cells.map((cell) => cell.labelLines.length)) * lineHeight(STYLES.label) + 1;
      this.flow(
        Math.max(...cells.map((cell) => cell.lines.length)),
        lineH,
        (first) => 2 * pad + (first ? labelHeight : 0),
        (offset, take, y, first) => {
          const height = 2 * pad + (first ? labelHeight : 0) + take * lineH;
          cells.forEach((cell, i) => {
            const x = MARGIN_X + i * cellWidth;
            this.doc.rect(x, y, cellWidth, height).lineWidth(0.5).stroke(RULE);
            if (first) this.writeLines(cell.labelLines, x + pad, y + pad, STYLES.label);
            this.writeLines(
              cell.lines.slice(offset, offset + take),
              x + pad,
              y + pad + (first ? labelHeight : 0),
              cell.style,
            );
          });
          this.cursor.y = y + height;
        },
      );
    }
    this.cursor.y += GAP;
  }

  /**
   * A table with a shaded header row. A row never sits apart from a header: the first row is
   * placed with the header, the header is repeated on each new page, and only a row taller than a
   * whole page is split, continuing on the next page.
   */
  table(columns: readonly TableColumn[], rows: readonly TableRow[]): void {
    const totalWeight = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / totalWeight) * CONTENT_WIDTH);
    const padX = 4;
    const padY = 4;
    const headerStyle = { ...STYLES.label, color: INK };
    const headerLines = columns.map((c, i) =>
      this.wrap(c.header.toUpperCase(), widths[i]! - 2 * padX, headerStyle),
    );
    const headerHeight = 2 * padY + Math.max(...headerLines.map((l) => l.length)) * lineHeight(headerStyle);
    let headerPage = -1;
    const drawHeader = () => {
      const y = this.cursor.y;
      this.doc.rect(MARGIN_X, y, CONTENT_WIDTH, headerHeight).fill(SHADE);
      let x = MARGIN_X;
      columns.forEach((column, i) => {
        this.writeLines(
          headerLines[i]!,
          x + padX,
          y + padY,
          headerStyle,
          widths[i]! - 2 * padX,
          column.align,
        );
        x += widths[i]!;
      });
      this.doc.rect(MARGIN_X, y, CONTENT_WIDTH, headerHeight).lineWidth(0.5).stroke(RULE);
      this.cursor.y = y + headerHeight;
      headerPage = this.cursor.page;
    };
    const lineH = lineHeight(STYLES.cell);
    for (const row of rows) {
      const style = row.total ? STYLES.cellStrong : STYLES.cell;
      const cells = columns.map((_, i) => {
        const cell = row.cells[i] ?? "";
        const text = typeof cell === "string" ? cell : cell.text;
        const cellStyle = toned(style, typeof cell === "string" ? undefined : cell.tone);
        return { lines: this.wrap(text, widths[i]! - 2 * padX, cellStyle), style: cellStyle };
      });
      this.flow(
        Math.max(...cells.map((c) => c.lines.length)),
        lineH,
        (_first, freshPage) => 2 * padY + (freshPage || headerPage !== this.cursor.page ? headerHeight : 0),
        (offset, take) => {
          if (headerPage !== this.cursor.page) drawHeader();
          const y = this.cursor.y;
          const height = take * lineH + 2 * padY;
          if (row.total) this.doc.rect(MARGIN_X, y, CONTENT_WIDTH, height).fill(SHADE);
          let x = MARGIN_X;
          cells.forEach((cell, i) => {
            const slice = cell.lines.slice(offset, offset + take);
            this.writeLines(slice, x + padX, y + padY, cell.style, widths[i]! - 2 * padX, columns[i]!.align);
            this.doc.rect(x, y, widths[i]!, height).lineWidth(0.5).stroke(RULE);
            x += widths[i]!;
          });
          this.cursor.y = y + height;
        },
      );
    }
    this.cursor.y += GAP;
  }

  /** Numbered check items with OK, DEFECT or N/A, two to a row as on the paper form: 1-8 down the left. */
  checks(items: readonly { label: string; value: CheckValue }[]): void {
    const half = Math.ceil(items.length / 2);
    const columns = [
      { header: this.t("pdf.column.number"), width: 0.5, align: "center" },
      { header: this.t("pdf.column.checkItem"), width: 3.2 },
      { header: this.t("pdf.column.result"), width: 1.1, align: "center" },
    ] as const;
    const result = (value: CheckValue) =>
      ({
        text: checkValueLabel(value, "ok-defect", this.t),
        tone: value === true ? "ok" : value === false ? "defect" : "muted",
      }) as const;
    this.table(
      [...columns, ...columns],
      items.slice(0, half).map((item, index) => {
        const right = items[index + half];
        return {
          cells: [
            String(index + 1),
            item.label,
            result(item.value),
            ...(right ? [String(index + half + 1), right.label, result(right.value)] : []),
          ],
        };
      }),
    );
  }

  /** A boxed block of free text (notes); `emptyText` shows, greyed, when there is none. Long text continues on the next page. */
  textBlock(text: string, emptyText: string): void {
    const pad = 6;
    const style = text.trim() ? STYLES.body : { ...STYLES.body, color: FAINT, font: ITALIC };
    const lines = this.wrap(text.trim() || emptyText, CONTENT_WIDTH - 2 * pad, style);
    const lineH = lineHeight(style);
    this.flow(
      lines.length,
      lineH,
      () => 2 * pad,
      (offset, take, y) => {
        const height = take * lineH + 2 * pad;
        this.doc.rect(MARGIN_X, y, CONTENT_WIDTH, height).lineWidth(0.5).stroke(RULE);
        this.writeLines(lines.slice(offset, offset + take), MARGIN_X + pad, y + pad, style);
        this.cursor.y = y + height;
      },
    );
    this.cursor.y += GAP;
  }

  /** What the reader must see first (a machine stood down): bold white on red, the width of the page. */
  alert(text: string): void {
    const pad = 7;
    const style: TextStyle = { font: BOLD, size: 11, color: "#ffffff" };
    const lines = this.wrap(text, CONTENT_WIDTH - 2 * pad, style);
    const height = lines.length * lineHeight(style) + 2 * pad;
    const y = this.place(height);
    this.doc.rect(MARGIN_X, y, CONTENT_WIDTH, height).fill(DEFECT_RED);
    this.writeLines(lines, MARGIN_X + pad, y + pad, style);
    this.cursor.y = y + height + GAP;
  }

  /** Small print, such as a notice printed on the paper form. */
  notice(text: string): void {
    const lines = this.wrap(text, CONTENT_WIDTH, STYLES.notice);
    const y = this.place(lines.length * lineHeight(STYLES.notice));
    this.writeLines(lines, MARGIN_X, y, STYLES.notice);
    this.cursor.y = y + lines.length * lineHeight(STYLES.notice) + 4;
  }

  /**
   * Signature boxes two to a row: the drawn signature, or an empty box saying "Not signed", with name and date.
   * A name too long for one line wraps, and its row of boxes grows to hold it.
   */
  signatureBoxes(boxes: readonly SignatureBox[]): void {
    const perRow = 2;
    const width = (CONTENT_WIDTH - GAP * (perRow - 1)) / perRow;
    const pad = 7;
    const valueHeight = lineHeight(STYLES.value);
    // A drawn-at line takes its room from the image, so the boxes (and the pages) keep their height.
    const lines = boxes.some((box) => box.drawnAt !== undefined) ? 3 : 2;
    const imageHeight = 56 - (lines - 2) * valueHeight;
    const baseHeight = pad + lineHeight(STYLES.label) + 4 + imageHeight + 8 + lines * valueHeight + pad;
    for (let start = 0; start < boxes.length; start += perRow) {
      const row = boxes.slice(start, start + perRow);
      const names = row.map((box) =>
        this.labelledLines(this.t("pdf.signatureName"), box.name, width - 2 * pad),
      );
      const height = baseHeight + (Math.max(...names.map((name) => name.lines.length)) - 1) * valueHeight;
      const y = this.place(height);
      row.forEach((box, i) => {
        const x = MARGIN_X + i * (width + GAP);
        this.doc.rect(x, y, width, height).lineWidth(0.75).stroke(RULE);
        this.write(box.title.toUpperCase(), x + pad, y + pad, STYLES.label);
        const imageTop = y + pad + lineHeight(STYLES.label) + 4;
        const image = box.image ? this.images.get(imageKey(box.image)) : null;
        const fit: PDFKit.Mixins.ImageOption = {
          fit: [width - 2 * pad, imageHeight],
          align: "center",
          valign: "center",
        };
        if (!image || !this.drawImage(image, x + pad, imageTop, fit)) {
          this.doc
            .rect(x + pad, imageTop, width - 2 * pad, imageHeight)
            .dash(3, { space: 3 })
            .lineWidth(0.75)
            .stroke(FAINT)
            .undash();
          const label = this.t("pdf.notSigned");
          const style = { ...STYLES.body, font: ITALIC, color: MUTED };
          this.write(
            label,
            x + (width - this.widthOf(label, style)) / 2,
            imageTop + imageHeight / 2 - 5,
            style,
          );
        }
        const lineY = imageTop + imageHeight + 4;
        this.doc
          .moveTo(x + pad, lineY)
          .lineTo(x + width - pad, lineY)
          .lineWidth(0.75)
          .stroke(MUTED);
        const name = names[i]!;
        this.drawLabelled(name, x + pad, lineY + 5);
        const dateY = lineY + 5 + name.lines.length * valueHeight;
        this.drawLabelled(
          this.labelledLines(this.t("pdf.signatureDate"), box.date, width - 2 * pad),
          x + pad,
          dateY,
        );
        if (box.drawnAt !== undefined) {
          const drawn = this.labelledLines(this.t("pdf.signatureDrawn"), box.drawnAt, width - 2 * pad);
          this.drawLabelled(drawn, x + pad, dateY + valueHeight);
        }
      });
      this.cursor.y = y + height + GAP;
    }
  }

  /**
   * Photos two to a row, each scaled to fit its cell and captioned. A row that does not fit
   * moves to the next page; an unreadable photo shows a placeholder instead.
   */
  imageGrid(photos: readonly { image: PdfImageSource; caption: string }[]): void {
    const perRow = 2;
    const cellWidth = (CONTENT_WIDTH - GAP * (perRow - 1)) / perRow;
    const maxImageHeight = 200;
    const captionHeight = lineHeight(STYLES.small) + 4;
    for (let start = 0; start < photos.length; start += perRow) {
      const row = photos.slice(start, start + perRow).map(({ image: source, caption }) => {
        const image = this.images.get(imageKey(source)) ?? null;
        const shown = image ?? { width: cellWidth, height: 80 };
        const scale = image ? Math.min(cellWidth / shown.width, maxImageHeight / shown.height) : 1;
        return { image, caption, width: shown.width * scale, height: shown.height * scale };
      });
      const imagesHeight = Math.max(...row.map((cell) => cell.height));
      const y = this.place(imagesHeight + captionHeight);
      row.forEach((cell, i) => {
        const cellX = MARGIN_X + i * (cellWidth + GAP);
        const x = cellX + (cellWidth - cell.width) / 2;
        const top = y + (imagesHeight - cell.height) / 2;
        if (cell.image && this.drawImage(cell.image, x, top, { width: cell.width, height: cell.height })) {
          this.doc.rect(x, top, cell.width, cell.height).lineWidth(0.5).stroke(RULE);
        } else {
          this.doc.rect(x, top, cell.width, cell.height).fillAndStroke(SHADE, RULE);
          const text = this.t("pdf.photoCouldNotBeShown");
          const style = { ...STYLES.body, font: ITALIC, color: MUTED };
          this.write(
            text,
            x + (cell.width - this.widthOf(text, style)) / 2,
            top + cell.height / 2 - 5,
            style,
          );
        }
        const captionWidth = this.widthOf(cell.caption, STYLES.small);
        this.write(cell.caption, cellX + (cellWidth - captionWidth) / 2, y + imagesHeight + 3, STYLES.small);
      });
      this.cursor.y = y + imagesHeight + captionHeight + GAP;
    }
  }

  /** Vertical space before the next block. */
  space(points: number): void {
    this.cursor.y = Math.min(this.cursor.y + points, CONTENT_BOTTOM);
  }

  /** Stamps every page's footer and returns the finished PDF. */
  async toBuffer(): Promise<Buffer> {
    const total = this.stamps.length;
    const generated = this.t("pdf.generatedAt", { time: formatUkTime(this.generatedAt, "minute") });
    this.stamps.forEach((stamp, index) => {
      this.doc.switchToPage(index);
      const top = PAGE_HEIGHT - FOOTER_HEIGHT + 14;
      this.doc
        .moveTo(MARGIN_X, top)
        .lineTo(MARGIN_X + CONTENT_WIDTH, top)
        .lineWidth(0.5)
        .stroke(RULE);
      const right = MARGIN_X + CONTENT_WIDTH;
      const page = `${this.t("pdf.pageOf", { page: index + 1, total })}  |  ${generated}`;
      const pageWidth = this.widthOf(page, STYLES.small);
      const about = `Plant Sheets  |  ${stamp.title}  |  ${stamp.reference}`;
      this.write(
        this.cutToFit(about, CONTENT_WIDTH - pageWidth - GAP, STYLES.small),
        MARGIN_X,
        top + 5,
        STYLES.small,
      );
      this.write(page, right - pageWidth, top + 5, STYLES.small);
      // The fingerprint is of the signed values alone, and its label says so: every language's copy of a form
      // carries the same one. A label too long for the line (two languages side by side) is cut, never the hash.
      const hash = `: ${stamp.fingerprint}`;
      const labelRoom = CONTENT_WIDTH - this.widthOf(hash, STYLES.small);
      const fingerprint = `${this.cutToFit(this.t("pdf.fingerprintLabel"), labelRoom, STYLES.small)}${hash}`;
      this.write(fingerprint, MARGIN_X, top + 15, STYLES.small);
    });
    this.doc.end();
    return this.ended;
  }

  private addPage(continued: boolean): void {
    if (!this.stamp) throw new Error("A section must be started before drawing");
    this.doc.addPage();
    this.stamps.push(this.stamp);
    this.cursor = { page: this.stamps.length - 1, y: MARGIN_TOP };
    if (continued) {
      const text = `${this.stamp.title}  |  ${this.stamp.reference}`;
      const continued = `  ${this.t("pdf.continued")}`;
      const room = CONTENT_WIDTH - this.widthOf(continued, STYLES.small);
      this.write(
        `${this.cutToFit(text, room, STYLES.small)}${continued}`,
        MARGIN_X,
        this.cursor.y,
        STYLES.small,
      );
      const ruleY = this.cursor.y + lineHeight(STYLES.small) + 2;
      this.doc
        .moveTo(MARGIN_X, ruleY)
        .lineTo(MARGIN_X + CONTENT_WIDTH, ruleY)
        .lineWidth(0.5)
        .stroke(RULE);
      this.cursor.y = ruleY + 10;
    }
    this.pageTop = this.cursor.y;
  }

  private headingHeight(): number {
    return this.pendingHeading === null ? 0 : HEADING_HEIGHT;
  }

  private drawPendingHeading(): void {
    if (this.pendingHeading === null) return;
    const y = this.cursor.y;
    this.write(this.pendingHeading, MARGIN_X, y, STYLES.heading);
    const ruleY = y + lineHeight(STYLES.heading) + 1;
    this.doc
      .moveTo(MARGIN_X, ruleY)
      .lineTo(MARGIN_X + CONTENT_WIDTH, ruleY)
      .lineWidth(0.75)
      .stroke(RULE);
    this.cursor.y = y + HEADING_HEIGHT;
    this.pendingHeading = null;
  }

  /** Where a block of fixed height goes: here if it fits with any heading waiting for it, else on a new page. */
  private place(height: number): number {
    const onFreshPage = this.cursor.y === this.pageTop;
    if (!onFreshPage && this.cursor.y + this.headingHeight() + height > CONTENT_BOTTOM) this.addPage(true);
    this.drawPendingHeading();
    return this.cursor.y;
  }

  /**
   * Lays out a block made of `lineCount` lines in as few pieces as it can: all of it here when it
   * fits, else all of it on a new page when it fits there, else as many lines as fit on each page.
   * `chrome` is the block's height beyond its lines (padding, labels, a repeated table header).
   */
  private flow(
    lineCount: number,
    lineH: number,
    chrome: (firstPiece: boolean, freshPage: boolean) => number,
    draw: (offset: number, take: number, y: number, firstPiece: boolean) => void,
  ): void {
    const total = Math.max(1, lineCount);
    const freshPageSpace = CONTENT_BOTTOM - this.continuationTop();
    let offset = 0;
    while (offset < total) {
      const first = offset === 0;
      const remaining = total - offset;
      const onFreshPage = this.cursor.y === this.pageTop;
      const fitting = Math.floor(
        (CONTENT_BOTTOM - this.cursor.y - this.headingHeight() - chrome(first, onFreshPage)) / lineH,
      );
      const fitsOnFreshPage =
        this.headingHeight() + chrome(first, true) + remaining * lineH <= freshPageSpace;
      if (!onFreshPage && fitting < remaining && (fitsOnFreshPage || fitting < 2)) {
        this.addPage(true);
        continue;
      }
      this.drawPendingHeading();
      const take = Math.max(1, Math.min(fitting, remaining));
      draw(offset, take, this.cursor.y, first);
      offset += take;
    }
  }

  /** Where content starts on a section's continuation page, below the running header. */
  private continuationTop(): number {
    return MARGIN_TOP + lineHeight(STYLES.small) + 12;
  }

  /**
   * Draws a prepared image; false when pdfkit refuses it (a JPEG kept as it came whose header pdfkit reads
   * otherwise than sharp did), so that the caller draws its placeholder.
   */
  private drawImage(image: PdfImage, x: number, y: number, options: PDFKit.Mixins.ImageOption): boolean {
    try {
      this.doc.image(image.src, x, y, options);
      return true;
    } catch {
      return false;
    }
  }

  /** One line of text, cut short with an ellipsis when it is wider than `width` (a running header or footer). */
  private cutToFit(text: string, width: number, style: TextStyle): string {
    if (this.widthOf(text, style) <= width) return text;
    const [first = ""] = this.cutWord(oneLine(text), width - this.widthOf("…", style), style);
    return `${first.trimEnd()}…`;
  }

  /** A small label with its value beside it, the value wrapped to the width left; an empty value shows a dash. */
  private labelledLines(label: string, value: string, width: number) {
    const labelText = `${label.toUpperCase()}  `;
    const labelWidth = this.widthOf(labelText, STYLES.label);
    const style = value.trim() ? STYLES.value : { ...STYLES.value, color: FAINT };
    return { labelText, labelWidth, style, lines: this.wrap(value.trim() || "-", width - labelWidth, style) };
  }

  private drawLabelled(labelled: ReturnType<PdfCanvas["labelledLines"]>, x: number, y: number): void {
    this.write(labelled.labelText, x, y + 2.5, STYLES.label);
    this.writeLines(labelled.lines, x + labelled.labelWidth, y, labelled.style);
  }

  /**
   * The width of a line of text as drawn: its runs in each font, measured once per document (labels, headers and
   * wrapped lines repeat from section to section). Measuring sets no colour: that would be drawn into the page.
   */
  private widthOf(text: string, style: TextStyle): number {
    const key = `${style.font}\0${style.size}\0${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = 0;
      for (const run of this.runs(text, style)) {
        width += this.doc.font(run.font).fontSize(style.size).widthOfString(run.text);
      }
      this.widths.set(key, width);
    }
    return width;
  }

  private runs(text: string, style: TextStyle) {
    return textRuns(oneLine(text), pdfFonts().choice(style.font));
  }

  /** One line of text with its top at y, each run in its own font on one baseline. */
  private write(text: string, x: number, y: number, style: TextStyle): void {
    let left = x;
    for (const run of this.runs(text, style)) {
      this.doc.font(run.font).fontSize(style.size).fillColor(style.color);
      this.doc.text(run.text, left, y + BASELINE * style.size, { lineBreak: false, baseline: "alphabetic" });
      left += this.doc.widthOfString(run.text);
    }
  }

  private writeLines(
    lines: readonly string[],
    x: number,
    y: number,
    style: TextStyle,
    width = 0,
    align: TableColumn["align"] = "left",
  ): void {
    lines.forEach((line, i) => {
      const lineWidth = align === "left" ? 0 : this.widthOf(line, style);
      const offset = align === "right" ? width - lineWidth : align === "center" ? (width - lineWidth) / 2 : 0;
      this.write(line, x + offset, y + i * lineHeight(style), style);
    });
  }

  /**
   * Breaks text into lines no wider than `width`, keeping the writer's own line breaks. A word wider than a line
   * is cut between letters (never inside a letter with its accents, nor inside an emoji).
   */
  private wrap(text: string, width: number, style: TextStyle): string[] {
    const fits = (s: string) => this.widthOf(s, style) <= width;
    const lines: string[] = [];
    for (const paragraph of printedText(text).split("\n")) {
      let line = "";
      for (const word of paragraph.split(" ").filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (fits(candidate)) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        const pieces = fits(word) ? [word] : this.cutWord(word, width, style);
        lines.push(...pieces.slice(0, -1));
        line = pieces.at(-1)!;
      }
      if (line || lines.at(-1) !== "") lines.push(line);
    }
    while (lines.length > 1 && lines.at(-1) === "") lines.pop();
    return lines.length > 0 ? lines : [""];
  }

  /**
   * A word too wide for a line, cut between letters into pieces that fit (a piece holds at least one letter).
   * Letters are measured one by one, so that the work grows with the word's length and not with its square: a
   * stranger's 5,000 letters without a space cost no more than 5,000 letters of prose. Each piece is then
   * measured whole, since letters joined (Arabic) or kerned can be wider together than apart.
   */
  private cutWord(word: string, width: number, style: TextStyle): string[] {
    const letters = Array.from(GRAPHEMES.segment(word), (segment) => segment.segment);
    const pieces: string[][] = [];
    let piece: string[] = [];
    let pieceWidth = 0;
    for (const letter of letters) {
      const letterWidth = this.widthOf(letter, style);
      if (piece.length > 0 && pieceWidth + letterWidth > width) {
        pieces.push(piece);
        piece = [];
        pieceWidth = 0;
      }
      piece.push(letter);
      pieceWidth += letterWidth;
    }
    pieces.push(piece);
    for (let i = 0; i < pieces.length; i++) {
      const current = pieces[i]!;
      while (current.length > 1 && this.widthOf(current.join(""), style) > width) {
        if (i === pieces.length - 1) pieces.push([]);
        pieces[i + 1]!.unshift(current.pop()!);
      }
    }
    return pieces.map((letters) => letters.join(""));
  }
}

const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });

function present(value: KeyValue["value"]): boolean {
  return typeof value === "number"
    ? Number.isFinite(value)
    : typeof value === "string" && value.trim() !== "";
}

function toned(style: TextStyle, tone: CellTone | undefined): TextStyle {
  switch (tone) {
    case "ok":
      return { ...style, font: BOLD, color: OK_GREEN };
    case "defect":
      return { ...style, font: BOLD, color: DEFECT_RED };
    case "muted":
      return { ...style, color: FAINT };
    case "strong":
      return { ...style, font: BOLD };
    case "code":
      return { ...style, size: 7.5, color: MUTED };
    default:
      return style;
  }
}

/** How the canvas knows an image again: a data URL or address by itself, bytes by their SHA-256. */
function imageKey(source: PdfImageSource): string {
  return typeof source === "string" ? source : createHash("sha256").update(source).digest("base64");
}

/** Text for one line: printed as a document shows it, any line break a space. */
function oneLine(text: string): string {
  return printedText(text).replace(/\n/g, " ");
}
