/**
 * A real (1 x 1 pixel) PNG signature data URL, for tests and seed data anywhere in the project:
 * it passes `SignatureDataUrlSchema` where a made-up string would not.
 */
export const SAMPLE_SIGNATURE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";
