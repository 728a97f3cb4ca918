import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentOwner, endSession, startSession } from "../../../lib/session-store";
import { freshOfflineDbForEachTest } from "../../../offline/fresh-offline-db";
import { holdUntilSignIn, listOutbox, resumeAfterLogin, send, sendNow } from "../../../offline/outbox";
import { saveRequest } from "./form-writes";

const SPEC = { apiPath: "/timesheets" } as const;

/** The server: no signal until `online` is set; then every request is answered 200 and written down. */
function fakeServer() {
  const state = { online: false, sent: [] as string[] };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      if (!state.online) throw new TypeError("Failed to fetch");
      state.sent.push(`${init.method} ${url}`);
      return new Response("{}", { status: 200 });
    }),
  );
  return state;
}

function draft(id: string) {
  return saveRequest(SPEC, { id, body: { company: id }, stored: false, label: `Draft ${id}` });
}

freshOfflineDbForEachTest();
beforeEach(() => endSession("logout"));
afterEach(() => {
  endSession("logout");
  vi.unstubAllGlobals();
});

describe("the outbox's owner on a shared phone", () => {
  it("is the account's id, so two accounts with the same name never send each other's work", async () => {
    const server = fakeServer();
    // Two different accounts, both called Sam Driver.
    startSession("account-a", "Sam Driver");
    expect(currentOwner()).toBe("account-a");
    expect((await send(draft("a1"))).kind).toBe("queued");
    await holdUntilSignIn("account-a");
    endSession("logout");

    startSession("account-b", "Sam Driver");
    expect((await send(draft("b1"))).kind).toBe("queued");
    expect((await listOutbox()).map((item) => [item.owner, item.state])).toEqual([
      ["account-a", "needs-login"],
      ["account-b", "waiting"],
    ]);

    // Signal back while the second Sam is signed in: only the second Sam's work goes out.
    server.online = true;
    await resumeAfterLogin("account-b");
    await sendNow();
    expect(server.sent).toEqual(["POST /api/timesheets"]);
    expect((await listOutbox()).map((item) => item.owner)).toEqual(["account-a"]);

    // The first Sam signs in again: theirs goes now.
    endSession("logout");
    startSession("account-a", "Sam Driver");
    await resumeAfterLogin("account-a");
    expect(server.sent).toEqual(["POST /api/timesheets", "POST /api/timesheets"]);
    expect(await listOutbox()).toEqual([]);
  });
});
