// A real SMTP server for the browser tests: the app under test sends its mail here over SMTP, and each message
// received is written as an .eml file into MAILBOX_DIR, where the tests read it back.
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.SMTP_PORT);
const mailboxDir = process.env.MAILBOX_DIR;
if (!port || !mailboxDir) throw new Error("SMTP_PORT and MAILBOX_DIR are required");

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", callback);
    stream.on("end", () => {
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`;
      const partial = join(mailboxDir, `.${name}.partial`);
      // Written under a temporary name first so a test never reads half a message.
      mkdir(mailboxDir, { recursive: true })
        .then(() => writeFile(partial, Buffer.concat(chunks)))
        .then(() => rename(partial, join(mailboxDir, name)))
        .then(() => callback(), callback);
    });
  },
});
server.listen(port, "127.0.0.1");
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
