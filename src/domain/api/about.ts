/** GET /api/about: what the app learns of the server it runs on. */
export interface About {
  /** Where a reader reports a wrong translation (a mail the reader's own mail app sends). */
  translationsEmail: string;
}
