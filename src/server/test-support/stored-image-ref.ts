import { separateImages } from "../services/form-images";

/** The address a drawn signature is stored under, as a stored form or set holds it. */
export function storedImageRef(dataUrl: string): string {
  return separateImages({ signature: dataUrl }, ["signature"]).form.signature;
}
