import { describe, expect, it, vi } from "vitest";
import { fakeClockForEachTest } from "./fake-clock";
import { freshOfflineDbForEachTest } from "./fresh-offline-db";
import {
  enqueue,
  flushOutbox,
  holdUntilSignIn,
  listOutbox,
  resumeAfterLogin,
  retryOutboxItem,
  send,
  sendNow,
} from "./outbox";
import { noteRequest, type SentRequest } from "./sent-request";

/** The server as the queue sees it: a list of answers (or dropped connections) to give in turn. */
function fakeServer(
  answers: ("offline" | { status: number; body?: unknown; headers?: Record<string, string> })[],
) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    sent.push(await noteRequest(url, init));
    const answer = answers.shift() ?? { status: 200, body: { ok: true } };
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status,
      headers: answer.headers,
    });
  });
  vi.stubGlobal("fetch", fetch);
  return sent;
}

/** The URLs the saves numbered `ns` go to, in that order. */
const urlsOf = (...ns: number[]) => ns.map((n) => `/api/timesheets/t${n}`);

const save = (n: number, group: string | null = null) => ({
  method: "PUT" as const,
  url: `/api/timesheets/t${n}`,
  body: { company: `Company ${n}` },
  label: `Timesheet ${n}`,
  group,
  owner: null as string | null,
});

freshOfflineDbForEachTest();
fakeClockForEachTest("2025-06-07T08:00:00Z");

describe("the outbox", () => {
  it("sends queued writes in the order they were made, each with its own Idempotency-Key", async () => {
    const sent = fakeServer([]);
    for (const n of [1, 2, 3]) await enqueue(save(n));
    await flushOutbox();
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 2, 3));
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(sent.every((s) => typeof s.key === "string" && s.key.length >= 8)).toBe(true);
    expect(await listOutbox()).toEqual([]);
  });

  it("backs off after a dropped connection, keeps the order, and retries with the same key", async () => {
    const sent = fakeServer(["offline", "offline"]);
    await enqueue(save(1));
    await enqueue(save(2));
    await flushOutbox();
    // Tried once, failed: nothing behind it went out.
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1));
    let [head] = await listOutbox();
    expect(head?.attempts).toBe(1);
    expect(head?.nextAttemptAt).toBe(Date.now() + 2_000);

    // Not due yet: an early flush sends nothing.
    await flushOutbox();
    expect(sent).toHaveLength(1);

    vi.advanceTimersByTime(2_000);
    await flushOutbox();
    [head] = await listOutbox();
    expect(head?.attempts).toBe(2);
    expect(head?.nextAttemptAt).toBe(Date.now() + 4_000);

    vi.advanceTimersByTime(4_000);
    await flushOutbox();
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 1, 1, 2));
    expect(new Set(sent.slice(0, 3).map((s) => s.key)).size).toBe(1);
    expect(await listOutbox()).toEqual([]);
  });

  it("tries nothing while the browser knows it is offline, and sends at once when the signal returns", async () => {
    const sent = fakeServer(["offline"]);
    await enqueue(save(1));
    await flushOutbox();
    expect(sent).toHaveLength(1);
    vi.stubGlobal("navigator", { onLine: false });
    vi.advanceTimersByTime(60_000);
    await flushOutbox();
    expect(sent).toHaveLength(1);
    expect((await listOutbox())[0]?.attempts).toBe(1);

    vi.stubGlobal("navigator", { onLine: true });
    await enqueue(save(2));
    // Back-off from 1 try ago would hold it until later; the returning signal sends now.
    vi.setSystemTime(Date.now() - 60_000);
    await sendNow();
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 1, 2));
  });

  it("sets a refused write aside with the server's reason and goes on with the rest", async () => {
    const sent = fakeServer([
      { status: 400, body: { code: "bad_request", message: "Week ending is not a date" } },
    ]);
    await enqueue(save(1));
    await enqueue(save(2));
    await flushOutbox();
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 2));
    const left = await listOutbox();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ state: "refused", problem: "Week ending is not a date" });

    // Fixed on the server's side (or by the driver): tried again on request.
    await retryOutboxItem(left[0]!.seq);
    expect(await listOutbox()).toEqual([]);
  });

  it("keeps everything after an ended session until the driver signs in again", async () => {
    const sent = fakeServer([{ status: 401, body: { code: "unauthorized", message: "Please log in" } }]);
    await enqueue(save(1));
    await enqueue(save(2));
    await flushOutbox();
    expect(sent).toHaveLength(1);
    expect((await listOutbox()).map((i) => i.state)).toEqual(["needs-login", "waiting"]);
    await flushOutbox();
    expect(sent).toHaveLength(1);

    await resumeAfterLogin("Sam Driver");
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 1, 2));
    expect(await listOutbox()).toEqual([]);
  });

  it("sends a driver's requests only once that driver signs in, on a phone another driver uses too", async () => {
    const sent = fakeServer(["offline"]);
    await enqueue({ ...save(1), owner: "Sam Driver" });
    await enqueue({ ...save(2), owner: null });
    await flushOutbox();
    // Sam logs out keeping them: his wait for him; the one made without an account is anyone's.
    await holdUntilSignIn("Sam Driver");
    expect((await listOutbox()).map((i) => i.state)).toEqual(["needs-login", "waiting"]);

    await resumeAfterLogin("Ann Other");
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 2));
    expect((await listOutbox()).map((i) => [i.owner, i.state])).toEqual([["Sam Driver", "needs-login"]]);

    await resumeAfterLogin("Sam Driver");
    expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 2, 1));
    expect(await listOutbox()).toEqual([]);
  });

  it("holds another driver's requests that were still waiting when someone else signs in", async () => {
    const sent = fakeServer(["offline"]);
    await enqueue({ ...save(1), owner: "Sam Driver" });
    await flushOutbox();
    await resumeAfterLogin("Ann Other");
    expect(sent).toHaveLength(1);
    expect((await listOutbox()).map((i) => i.state)).toEqual(["needs-login"]);
  });

  it("lets a newer save of the same draft replace one not tried yet, and keeps a create a create", async () => {
    const sent = fakeServer(["offline"]);
    await enqueue(save(0));
    await flushOutbox(); // the head is now backing off; everything behind it waits
    await enqueue({
      method: "POST",
      url: "/api/timesheets",
      body: { id: "t9", company: "A" },
      label: "T9",
      group: "t9",
      owner: null,
    });
    await enqueue({ ...save(9, "t9"), url: "/api/timesheets/t9", body: { id: "t9", company: "B" } });
    expect(await listOutbox()).toHaveLength(2);
    vi.advanceTimersByTime(2_000);
    await flushOutbox();
    expect(sent.slice(1)).toEqual([
      expect.objectContaining({ url: "/api/timesheets/t0" }),
      expect.objectContaining({ method: "POST", url: "/api/timesheets", body: { id: "t9", company: "B" } }),
    ]);
  });

  describe("send", () => {
    it("answers with the server's reply when there is signal", async () => {
      fakeServer([{ status: 200, body: { success: true, message: "Sent" } }]);
      expect(await send(save(1))).toEqual({
        kind: "sent",
        reply: { success: true, message: "Sent" },
      });
      expect(await listOutbox()).toEqual([]);
    });

    it("keeps the write and says so when there is none", async () => {
      fakeServer(["offline"]);
      expect(await send({ ...save(1), idempotencyKey: "first-try-key" })).toEqual({
        kind: "queued",
      });
      const [kept] = await listOutbox();
      expect(kept).toMatchObject({
        url: "/api/timesheets/t1",
        idempotencyKey: "first-try-key",
        state: "waiting",
      });
    });

    it("hands a refusal back to the screen and keeps nothing", async () => {
      fakeServer([{ status: 400, body: { code: "bad_request", message: "No rating" } }]);
      const outcome = await send(save(1));
      expect(outcome.kind).toBe("refused");
      expect(await listOutbox()).toEqual([]);
    });

    it("gives a submission the server failed on back to the screen, but keeps a draft save coming", async () => {
      const busy = { status: 503, body: { code: "internal", message: "Database is busy" } };
      fakeServer([busy, busy]);
      const submission = await send(save(1));
      expect(submission.kind).toBe("refused");
      expect(await listOutbox()).toEqual([]);

      const draft = await send(save(2), { onServerFailure: "keep" });
      expect(draft.kind).toBe("queued");
      expect(draft.kind === "queued" && draft.serverError).toBeTruthy();
      expect(await listOutbox()).toEqual([
        expect.objectContaining({ url: "/api/timesheets/t2", state: "waiting" }),
      ]);
    });

    it("keeps a submission the server asked to wait for (429) until the time it named, and says why", async () => {
      const limited = {
        code: "rate_limited",
        message:
          "Too many forms have been emailed without an account for now. To send this one, create an account or try again in 30 minutes.",
      };
      const sent = fakeServer([{ status: 429, body: limited, headers: { "retry-after": "1800" } }]);
      const submission = { ...save(1), method: "POST" as const, url: "/api/timesheets/one-step-completion" };
      expect(await send(submission)).toEqual({ kind: "queued", waitingFor: limited.message });
      const [kept] = await listOutbox();
      expect(kept).toMatchObject({
        state: "waiting",
        waitingFor: limited.message,
        nextAttemptAt: Date.now() + 1_800_000,
      });
      // The signal coming back, the app opening or another submission does not end the server's wait.
      await sendNow();
      await send({ ...save(2), group: "other" });
      expect(sent.map((s) => s.url)).toEqual(["/api/timesheets/one-step-completion"]);
      // Once it is over, it goes, and what waited behind it.
      vi.setSystemTime(Date.now() + 1_800_000);
      await flushOutbox();
      expect(sent.map((s) => s.url)).toEqual([
        "/api/timesheets/one-step-completion",
        "/api/timesheets/one-step-completion",
        "/api/timesheets/t2",
      ]);
      expect(await listOutbox()).toEqual([]);
    });

    it("ends the back-off of the queue: the driver is waiting", async () => {
      const sent = fakeServer(["offline"]);
      await enqueue(save(1));
      await flushOutbox();
      expect(await send(save(2))).toEqual({ kind: "sent", reply: { ok: true } });
      expect(sent.map((s) => s.url)).toEqual(urlsOf(1, 1, 2));
    });
  });
});
