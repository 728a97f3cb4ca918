import { type Rating, ratingLabel } from "../sets/rating";
import { fieldLabel, type LabelledField, shortFieldLabel } from "./field-labels";
import type { FormPdfContext, KeyValue, PdfBlock } from "./pdf-sections";
import { isPresent } from "./signatures";

/** The form's own fields, each under its label, in the order given. */
export function fieldEntries<F extends LabelledField>(
  form: { readonly [K in F]: string },
  fields: readonly F[],
): KeyValue[] {
  return fields.map((field) => ({ label: fieldLabel(field), value: form[field] }));
}

/** The customer picked before the form, as a labelled value, when there was one. */
export function customerEntry(context: Pick<FormPdfContext, "customerName">): KeyValue[] {
  return isPresent(context.customerName)
    ? [{ label: fieldLabel("customerId"), value: context.customerName }]
    : [];
}

/** The driver's rating and its notes; "Not rated yet" where a rating is expected but not given. */
export function ratingBlocks(rating: { rating?: Rating; notes?: string } | undefined): PdfBlock[] {
  if (!rating) return [];
  return [
    { kind: "heading", text: fieldLabel("supervisorRating") },
    {
      kind: "keyValues",
      columns: 2,
      entries: [
        {
          label: shortFieldLabel("supervisorRating"),
          value: rating.rating ? ratingLabel(rating.rating) : "Not rated yet",
        },
        { label: fieldLabel("supervisorNotes"), value: rating.notes },
      ],
    },
  ];
}
