import { readdir, readFile, unlink } from "node:fs/promises";
import { join } from "node:path";
import { type AddressObject, simpleParser } from "mailparser";

const SIGN_UP_SUBJECT = "Finish creating your Plant Sheets account";

/**
 * Waits for the sign-up mail to `email` in a server's folder of .eml files, and takes it: returns its link's
 * token and deletes the file, as read, so tests that count the mail a form sends count only that.
 */
export async function takeSignUpToken(mailDir: string, email: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let names: string[] = [];
    try {
      names = (await readdir(mailDir)).filter((name) => name.endsWith(".eml") && !name.startsWith("."));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    for (const name of names) {
      const path = join(mailDir, name);
      // mailparser undoes quoted-printable, which may have cut the link's line.
      const mail = await simpleParser(await readFile(path));
      const groups: AddressObject[] = mail.to === undefined ? [] : [mail.to].flat();
      const to = groups.flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase()));
      const token = /confirm-account\?token=([\w-]+)/.exec(mail.text ?? "")?.[1];
      if (mail.subject === SIGN_UP_SUBJECT && to.includes(email.trim().toLowerCase()) && token) {
        await unlink(path);
        return token;
      }
    }
    if (Date.now() > deadline) throw new Error(`no sign-up mail to ${email} in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
