import { SMTPServer } from "smtp-server";

export interface SmtpSink {
  url: string;
  /** The raw messages received, in order of arrival. */
  messages: string[];
  close(): Promise<void>;
}

/** A real SMTP server on a free local port that keeps every message it is given. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Two server processes each open connections per message; the default cap would refuse some of them.
    maxClients: 1000,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        messages.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Subject header of a raw message (unfolded, as sent for plain ASCII subjects). */
export function subjectOf(raw: string): string | undefined {
  return /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();
}
