import { z } from "zod";
import { MAX_SIGNATURE_DATA_URL_LENGTH } from "./constants";

export const PNG_DATA_URL_PREFIX = "data:image/png;base64,";
/** Base64 of the 8-byte PNG file signature: what every real PNG data URL starts with. */
const PNG_MAGIC_BASE64 = "iVBORw0KGgo";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A drawn signature: a PNG data URL of at most ~300 KB (spec section 9: signatures are PNG). */
export const SignatureDataUrlSchema = z
  .string()
  .max(MAX_SIGNATURE_DATA_URL_LENGTH, "Signature image is too large")
  .refine((value) => {
    if (!value.startsWith(PNG_DATA_URL_PREFIX)) return false;
    const payload = value.slice(PNG_DATA_URL_PREFIX.length);
    return payload.startsWith(PNG_MAGIC_BASE64) && payload.length % 4 === 0 && BASE64.test(payload);
  }, "Signature must be a PNG image");

/** A signature field of a form: empty until signed. */
export const SignatureFieldSchema = z.union([z.literal(""), SignatureDataUrlSchema]);

/** True for a non-blank string: how the spec's "present" and "exists" are read throughout. */
export function isPresent(value: unknown): value is string {
  return typeof value === "string" && value.trim() !== "";
}

export interface SignedFields {
  operatorSignature?: string | null;
  operatorSignedName?: string | null;
  driverSignedName?: string | null;
  clientSignature?: string | null;
  clientSignedName?: string | null;
  signatureDate?: string | null;
}

/**
 * The operator's printed name. The driver is the operator, and forms hold that name either as
 * the signature block's printed name or as the step-1 driver name; either one counts.
 */
export function operatorPrintedName(form: SignedFields): string {
  if (isPresent(form.operatorSignedName)) return form.operatorSignedName.trim();
  if (isPresent(form.driverSignedName)) return form.driverSignedName.trim();
  return "";
}

export const SIGNATURE_PARTS = [
  "operatorSignature",
  "driverName",
  "clientSignature",
  "clientName",
  "signatureDate",
] as const;
export type SignaturePart = (typeof SIGNATURE_PARTS)[number];

/** What is still missing before the signatures are complete, in form order (the 'Awaiting Signatures' list). */
export function missingSignatureParts(form: SignedFields): SignaturePart[] {
  const present: Record<SignaturePart, boolean> = {
    operatorSignature: isPresent(form.operatorSignature),
    driverName: isPresent(operatorPrintedName(form)),
    clientSignature: isPresent(form.clientSignature),
    clientName: isPresent(form.clientSignedName),
    signatureDate: isPresent(form.signatureDate),
  };
  return SIGNATURE_PARTS.filter((part) => !present[part]);
}

/** Spec section 4: operator signature, driver name, client signature, client name and signature date all present. */
export function signaturesComplete(form: SignedFields): boolean {
  return missingSignatureParts(form).length === 0;
}
