import { isPngDataUrl } from "../../domain/signatures";

/** The members of a form that hold drawn signatures: nine tenths of a signed form's text. */
const SIGNATURE_MEMBERS = ["operatorSignature", "clientSignature"] as const;

/**
 * A form's JSON text: what JSON.stringify gives, but with the signatures as the last members. Node 20's
 * JSON.stringify looks at every character of a string for one to escape, which made writing a signed form cost
 * more than storing it; a signature that is a PNG data URL in base64 has none, so it is put in as it is.
 */
export function stringifyForm(data: Readonly<Record<string, unknown>>): string {
  let rest = data;
  let signatures = "";
  for (const name of SIGNATURE_MEMBERS) {
    const value = data[name];
    if (typeof value !== "string" || !isPngDataUrl(value)) continue;
    // Left out of the rest as JSON.stringify leaves out what is undefined.
    if (rest === data) rest = { ...data };
    (rest as Record<string, unknown>)[name] = undefined;
    signatures += `,"${name}":"${value}"`;
  }
  const text = JSON.stringify(rest);
  if (!signatures) return text;
  return text === "{}" ? `{${signatures.slice(1)}}` : `${text.slice(0, -1)}${signatures}}`;
}
