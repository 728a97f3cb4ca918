// Apart from the API schemas, so code that only reports a failure (the outbox) does not load zod.

const HTTP_ERROR = /^(\d{3}): ([\s\S]*)$/;

/**
 * The server's own words inside an error, for "Login failed: {server message}". The client's
 * errors read "{status}: {body}"; a JSON body's `message` is the part meant for people.
 */
export function serverMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const match = HTTP_ERROR.exec(text);
  if (!match) return text;
  const body = match[2] ?? "";
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === "object" && parsed !== null) {
      const { message } = parsed as { message?: unknown };
      if (typeof message === "string" && message.trim() !== "") return message;
    }
  } catch {
    // Not JSON: the body is plain text.
  }
  return body.trim() === "" ? text : body;
}
