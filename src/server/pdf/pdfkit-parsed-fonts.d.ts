import type { Font } from "fontkit";

declare global {
  namespace PDFKit.Mixins {
    interface PDFFont {
      /**
       * pdfkit 0.20 takes a font fontkit has already parsed (its changelog: "Accept already-parsed fontkit Font
       * instances in doc.font() and registerFont"); the types it is given by do not say so yet.
       */
      registerFont(name: string, src: Font): this;
    }
  }
}
