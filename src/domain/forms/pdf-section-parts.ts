import { type Rating, ratingLabel } from "../sets/rating";
import { english } from "../text/i18n/english";
import type { Translator } from "../text/i18n/translate";
import { fieldLabel, type LabelledField, shortFieldLabel } from "./field-labels";
import type { FormPdfContext, KeyValue, PdfBlock, PdfImageSource } from "./pdf-sections";
import { isPresent } from "./signatures";

/** The form's own fields, each under its label, in the order given. */
export function fieldEntries<F extends LabelledField>(
  form: { readonly [K in F]: string },
  fields: readonly F[],
  t: Translator["t"] = english,
): KeyValue[] {
  return fields.map((field) => ({ label: fieldLabel(field, t), value: form[field] }));
}

/** The customer picked before the form, as a labelled value, when there was one. */
export function customerEntry(
  context: Pick<FormPdfContext, "customerName">,
  t: Translator["t"] = english,
): KeyValue[] {
  return isPresent(context.customerName)
    ? [{ label: fieldLabel("customerId", t), value: context.customerName }]
    : [];
}

/** The driver's rating and its notes; "Not rated yet" where a rating is expected but not given. */
export function ratingBlocks(
  rating: { rating?: Rating; notes?: string } | undefined,
  t: Translator["t"] = english,
): PdfBlock[] {
  if (!rating) return [];
  return [
    { kind: "heading", text: fieldLabel("supervisorRating", t) },
    {
      kind: "keyValues",
      columns: 2,
      entries: [
        {
          label: shortFieldLabel("supervisorRating", t),
          value: rating.rating ? ratingLabel(rating.rating, t) : t("pdf.notRatedYet"),
        },
        { label: fieldLabel("supervisorNotes", t), value: rating.notes },
      ],
    },
  ];
}

/** A form's photos under their heading, each captioned with its place ("Photo 2 of 5"), or a line saying none. */
export function photoBlocks(photos: readonly PdfImageSource[], t: Translator["t"]): PdfBlock[] {
  return [
    {
      kind: "heading",
      text: t("pdf.photosHeading", { label: fieldLabel("photos", t), count: photos.length }),
    },
    photos.length === 0
      ? { kind: "text", text: "", emptyText: t("pdf.noPhotos") }
      : {
          kind: "photos",
          photos: photos.map((image, index) => ({
            image,
            caption: t("pdf.photoCaption", { photo: index + 1, total: photos.length }),
          })),
        },
  ];
}
