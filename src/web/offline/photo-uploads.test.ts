import { describe, expect, it, vi } from "vitest";
import { messages } from "../../domain/text/messages";
import { fakeClockForEachTest } from "./fake-clock";
import { freshOfflineDbForEachTest } from "./fresh-offline-db";
import {
  forgetUnusedPhotos,
  isLocalPhotoRef,
  localPhotoRef,
  localPhotoRefsIn,
  readLocalPhoto,
  replaceLocalPhotoRefs,
} from "./local-photos";
import { offlineDb } from "./offline-db";
import {
  discardOutboxItem,
  enqueue,
  flushOutbox,
  listOutbox,
  retryOutboxItem,
  sendNow,
  uploadPhotoThroughOutbox,
} from "./outbox";
import { noteRequest, type SentRequest } from "./sent-request";

/** "offline": the request never reached the server; "lost": the server took it, its answer never came back. */
type Answer = "offline" | "lost" | { status: number; body?: unknown };

/**
 * The server as the queue sees it: each upload slot it hands out is numbered (asked again with the same key, it
 * hands out the same one, as the real server's Idempotency-Key does), PUTs and JSON writes are noted, and `script`
 * answers a request in place of the happy answer (by returning undefined it lets it through).
 */
function fakeServer(script: (sent: SentRequest) => Answer | undefined = () => undefined) {
  const sent: SentRequest[] = [];
  const slotsByKey = new Map<string | null, number>();
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const request = await noteRequest(url, init);
      sent.push(request);
      const scripted = script(request);
      if (scripted === "offline") throw new TypeError("Failed to fetch");
      const answer = scripted === "lost" || scripted === undefined ? happyAnswer(request) : scripted;
      if (scripted === "lost" || answer === "offline" || answer === "lost")
        throw new TypeError("Failed to fetch");
      return new Response(answer.body === undefined ? "" : JSON.stringify(answer.body), {
        status: answer.status,
      });
    }),
  );
  function happyAnswer(request: SentRequest): Answer {
    if (request.url === "/api/objects/upload") {
      const slot = slotsByKey.get(request.key) ?? slotsByKey.size + 1;
      slotsByKey.set(request.key, slot);
      return {
        status: 200,
        body: { uploadURL: `/api/uploads/token-${slot}`, photoURL: `/api/photos/p${slot}` },
      };
    }
    if (request.url.startsWith("/api/uploads/")) return { status: 200, body: { photoURL: "ignored" } };
    return { status: 200, body: { ok: true } };
  }
  return sent;
}

function offline(): void {
  vi.stubGlobal("navigator", { onLine: false });
}

function online(): void {
  vi.stubGlobal("navigator", { onLine: true });
}

const FORM_KEY = "check-sheet:s1";

function photo(text: string): Blob {
  return new Blob([text], { type: "image/jpeg" });
}

async function keepPhoto(text: string): Promise<string> {
  const outcome = await uploadPhotoThroughOutbox({
    photo: photo(text),
    label: "Check sheet, photo",
    formKey: FORM_KEY,
  });
  if (outcome.kind !== "kept") throw new Error(`expected the photo to be kept, got ${outcome.kind}`);
  return outcome.ref;
}

/** The anonymous check sheet's one-step submission, as the wizard queues it. */
function submission(photos: string[]) {
  return {
    method: "POST" as const,
    url: "/api/one-step-completion/check-sheet",
    body: { checkSheetData: { id: "s1", photos }, supervisorRating: "good" },
    label: "Check sheet, 02/11/2026",
    formKey: FORM_KEY,
    idempotencyKey: "one-step:s1",
    owner: null,
  };
}

async function keepForm(): Promise<void> {
  const db = await offlineDb();
  await db.put("forms", {
    key: FORM_KEY,
    kind: "check-sheet",
    id: "s1",
    state: {},
    updatedAt: Date.now(),
    stored: false,
    savedVersion: 0,
    owner: null,
    start: "|",
    sending: true,
  });
}

/** The requests the server got, each as "METHOD url". */
function requestLines(sent: readonly { method: string; url: string }[]): string[] {
  return sent.map((s) => `${s.method} ${s.url}`);
}

/** The two requests of one photo's upload: one for an upload slot, then the PUT to that slot. */
function uploadRequests(slot: number): string[] {
  return ["POST /api/objects/upload", `PUT /api/uploads/token-${slot}`];
}

freshOfflineDbForEachTest();
fakeClockForEachTest("2026-11-02T08:00:00Z");

describe("references to photos kept on the phone", () => {
  it("are found anywhere in a body, each once, and replaced by their uploaded URLs", () => {
    const a = localPhotoRef("a");
    const b = localPhotoRef("b");
    const body = { checkSheetData: { photos: [a, "/api/photos/old", b], notes: "local-photo" }, extra: [a] };
    expect(isLocalPhotoRef("local-photo:")).toBe(false);
    expect(localPhotoRefsIn(body)).toEqual([a, b]);
    expect(
      replaceLocalPhotoRefs(
        body,
        new Map([
          [a, "/api/photos/1"],
          [b, "/api/photos/2"],
        ]),
      ),
    ).toEqual({
      checkSheetData: { photos: ["/api/photos/1", "/api/photos/old", "/api/photos/2"], notes: "local-photo" },
      extra: ["/api/photos/1"],
    });
  });
});

describe("photo uploads through the outbox", () => {
  it("with signal, uploads at once and keeps nothing on the phone", async () => {
    const sent = fakeServer();
    const outcome = await uploadPhotoThroughOutbox({
      photo: photo("cab"),
      label: "Photo",
      formKey: FORM_KEY,
    });
    expect(outcome).toEqual({ kind: "uploaded", url: "/api/photos/p1" });
    expect(sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ["POST", "/api/objects/upload", undefined],
      ["PUT", "/api/uploads/token-1", "cab"],
    ]);
    // Both steps carry a key, so a retry whose first answer was lost is answered instead of run again.
    expect(sent.every((s) => typeof s.key === "string" && s.key.length >= 8)).toBe(true);
    expect(await listOutbox()).toEqual([]);
    expect((await (await offlineDb()).getAll("photos")).length).toBe(0);
  });

  it("without signal, keeps the photo; the submission after it is sent after its upload, with its URL", async () => {
    const sent = fakeServer();
    offline();
    await keepForm();
    const first = await keepPhoto("front");
    const second = await keepPhoto("side");
    expect((await readLocalPhoto(first))?.blob.size).toBe(5);
    await enqueue(submission([first, second]));
    expect(sent).toEqual([]);
    expect((await listOutbox()).map((item) => item.label)).toEqual([
      "Check sheet, photo",
      "Check sheet, photo",
      "Check sheet, 02/11/2026",
    ]);

    online();
    await sendNow();
    expect(requestLines(sent)).toEqual([
      ...uploadRequests(1),
      ...uploadRequests(2),
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect(sent.slice(1, 4).map((s) => s.body)).toEqual(["front", undefined, "side"]);
    expect(sent[4]?.body).toEqual({
      checkSheetData: { id: "s1", photos: ["/api/photos/p1", "/api/photos/p2"] },
      supervisorRating: "good",
    });
    expect(sent[4]?.key).toBe("one-step:s1");
    // Sent: the form and its photos are no longer needed on the phone.
    expect(await listOutbox()).toEqual([]);
    const db = await offlineDb();
    expect(await db.getAll("forms")).toEqual([]);
    vi.advanceTimersByTime(60_000);
    await forgetUnusedPhotos();
    expect(await db.getAll("photos")).toEqual([]);
  });

  it("keeps the driver's photo upload for that driver's sign-in, as their writes are", async () => {
    offline();
    await uploadPhotoThroughOutbox({
      photo: photo("cab"),
      label: "Photo",
      formKey: FORM_KEY,
      owner: "Ann Driver",
    });
    const [upload] = await listOutbox();
    // Sent under another driver's session, the photo would be that driver's and Ann's sheet could not use it.
    expect(upload?.owner).toBe("Ann Driver");
  });

  it("retries an upload whose PUT got no answer with the same slot and the same key", async () => {
    let puts = 0;
    const sent = fakeServer((request) => {
      if (request.method === "PUT") puts += 1;
      return request.method === "PUT" && puts === 1 ? "offline" : undefined;
    });
    offline();
    await keepForm();
    const ref = await keepPhoto("front");
    await enqueue(submission([ref]));
    online();
    await flushOutbox();
    expect(requestLines(sent)).toEqual(uploadRequests(1));
    const [waiting] = await listOutbox();
    expect(waiting).toMatchObject({ attempts: 1, state: "waiting" });
    expect((await readLocalPhoto(ref))?.upload?.slot).toMatchObject({ uploadURL: "/api/uploads/token-1" });

    vi.advanceTimersByTime(2_000);
    await flushOutbox();
    // No second slot: the PUT is tried again, to the same slot, with the key of the first try.
    expect(requestLines(sent)).toEqual([
      ...uploadRequests(1),
      "PUT /api/uploads/token-1",
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect(sent[2]?.key).toBe(sent[1]?.key);
    expect(sent[3]?.body).toMatchObject({ checkSheetData: { photos: ["/api/photos/p1"] } });
  });

  it("sets a refused upload aside with the server's reason, and refuses the submission that needs it", async () => {
    const notAPhoto = { code: "unsupported_media_type", message: "Only photos can be uploaded." };
    const sent = fakeServer((request) =>
      request.method === "PUT" && request.body === "<html>" ? { status: 415, body: notAPhoto } : undefined,
    );
    offline();
    await keepForm();
    const bad = await keepPhoto("<html>");
    const good = await keepPhoto("side");
    await enqueue(submission([bad, good]));
    online();
    await sendNow();

    // The good photo still went; the submission was not sent without the other one.
    expect(requestLines(sent)).toEqual([...uploadRequests(1), ...uploadRequests(2)]);
    const left = await listOutbox();
    expect(left.map((item) => [item.label, item.state, item.problem])).toEqual([
      ["Check sheet, photo", "refused", messages.uploadFailed("Only photos can be uploaded.")],
      ["Check sheet, 02/11/2026", "refused", messages.photoNotUploaded],
    ]);
    // The sheet is a form in progress again, for the driver to fix.
    expect((await (await offlineDb()).get("forms", FORM_KEY))?.sending).toBe(false);

    // The refused PUT gave its slot back: trying again asks for a fresh one.
    await retryOutboxItem(left[0]!.seq);
    expect(requestLines(sent.slice(4))).toEqual(uploadRequests(3));
    expect(sent[4]?.key).not.toBe(sent[0]?.key);

    // Discarded, the photo goes with its upload.
    await discardOutboxItem(left[0]!.seq);
    expect(await readLocalPhoto(bad)).toBeNull();
  });

  it("with signal, hands a refusal back to the screen and keeps nothing", async () => {
    fakeServer((request) =>
      request.method === "PUT"
        ? { status: 415, body: { code: "unsupported_media_type", message: "No" } }
        : undefined,
    );
    const outcome = await uploadPhotoThroughOutbox({ photo: photo("x"), label: "Photo", formKey: FORM_KEY });
    expect(outcome.kind).toBe("refused");
    expect(outcome.kind === "refused" && (outcome.error as Error).message).toBe(messages.uploadFailed("No"));
    expect(await listOutbox()).toEqual([]);
    expect(await (await offlineDb()).getAll("photos")).toEqual([]);
  });

  it("does not fold a later save of a draft into one queued before a photo it refers to", async () => {
    const sent = fakeServer();
    offline();
    const save = (photos: string[]) => ({
      method: "PUT" as const,
      url: "/api/check-sheets/s1",
      body: { id: "s1", photos },
      label: "Check sheet (draft)",
      group: "/api/check-sheets/s1",
      owner: null,
    });
    await enqueue(save([]));
    const ref = await keepPhoto("front");
    await enqueue(save([ref]));
    await enqueue(save([ref, "/api/photos/other"]));
    // The second save could not replace the first (the photo is queued between them); the third replaced it.
    expect((await listOutbox()).map((item) => item.body)).toEqual([
      { id: "s1", photos: [] },
      null,
      { id: "s1", photos: [ref, "/api/photos/other"] },
    ]);
    online();
    await sendNow();
    expect(requestLines(sent)).toEqual([
      "PUT /api/check-sheets/s1",
      ...uploadRequests(1),
      "PUT /api/check-sheets/s1",
    ]);
    expect(sent[3]?.body).toEqual({ id: "s1", photos: ["/api/photos/p1", "/api/photos/other"] });
  });

  it("keeps photos while their form or a queued write needs them, and lets the rest go", async () => {
    fakeServer();
    offline();
    await keepForm();
    const ref = await keepPhoto("front");
    online();
    await sendNow();
    vi.advanceTimersByTime(60_000);
    await forgetUnusedPhotos();
    // Uploaded, but the form kept on the phone still lists it.
    expect((await readLocalPhoto(ref))?.url).toBe("/api/photos/p1");

    const db = await offlineDb();
    await db.delete("forms", FORM_KEY);
    offline();
    await enqueue(submission([ref]));
    await forgetUnusedPhotos();
    // The form is gone, but a submission waiting to be sent refers to it.
    expect(await readLocalPhoto(ref)).not.toBeNull();

    online();
    await sendNow();
    expect(await readLocalPhoto(ref)).toBeNull();
  });
});

/** The server's answer to a write naming photos it does not hold (resolveFormPhotos). */
function photoMissing(missingPhotos: string[]): Answer {
  return {
    status: 409,
    body: {
      code: "photo_missing",
      message: "Photo 1 is no longer on the server. Please remove it and add it again.",
      missingPhotos,
    },
  };
}

const isSubmission = (request: SentRequest) => request.url === "/api/one-step-completion/check-sheet";

describe("upload slots, kept with the photo", () => {
  it("asks again with the same key when the slot's answer was lost, so no second slot is handed out", async () => {
    let asked = 0;
    const sent = fakeServer((request) => {
      if (request.url !== "/api/objects/upload") return undefined;
      asked += 1;
      return asked === 1 ? "lost" : undefined;
    });
    offline();
    await keepForm();
    const ref = await keepPhoto("front");
    await enqueue(submission([ref]));
    online();
    await flushOutbox();
    vi.advanceTimersByTime(2_000);
    await flushOutbox();
    expect(requestLines(sent)).toEqual([
      "POST /api/objects/upload",
      ...uploadRequests(1),
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[3]?.body).toMatchObject({ checkSheetData: { photos: ["/api/photos/p1"] } });
  });

  it("puts to a fresh slot, in the same try, when the slot takes no bytes any more", async () => {
    const expired = { code: "not_found", message: "Request has expired" };
    const sent = fakeServer((request) =>
      request.url === "/api/uploads/token-1" ? { status: 404, body: expired } : undefined,
    );
    offline();
    await keepForm();
    const ref = await keepPhoto("front");
    await enqueue(submission([ref]));
    online();
    await sendNow();
    // Two slots asked for, two PUTs, and the one that took the photo is the one the sheet names.
    expect(requestLines(sent)).toEqual([
      ...uploadRequests(1),
      ...uploadRequests(2),
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect(sent[2]?.key).not.toBe(sent[0]?.key);
    expect(sent[4]?.body).toMatchObject({ checkSheetData: { photos: ["/api/photos/p2"] } });
    expect(await listOutbox()).toEqual([]);
  });

  it("takes up a slot kept on the upload by an earlier version of the app", async () => {
    const sent = fakeServer();
    offline();
    await keepForm();
    const ref = await keepPhoto("front");
    const db = await offlineDb();
    const [upload] = await listOutbox();
    const slot = { uploadURL: "/api/uploads/token-7", photoURL: "/api/photos/p7", putKey: "put-key-7" };
    await db.put("outbox", { ...upload!, upload: { photoId: upload!.upload!.photoId, slot } });
    await enqueue(submission([ref]));
    online();
    await sendNow();
    expect(requestLines(sent)).toEqual([
      "PUT /api/uploads/token-7",
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect(sent[0]?.key).toBe("put-key-7");
    expect(sent[1]?.body).toMatchObject({ checkSheetData: { photos: ["/api/photos/p7"] } });
  });
});

describe("a write naming photos the server does not hold", () => {
  it("uploads the kept photos again, to fresh slots, and sends the write again: once", async () => {
    let refusals = 0;
    const sent = fakeServer((request) => {
      if (!isSubmission(request) || refusals > 0) return undefined;
      refusals += 1;
      return photoMissing(["/api/photos/p2"]);
    });
    offline();
    await keepForm();
    const front = await keepPhoto("front");
    const side = await keepPhoto("side");
    await enqueue(submission([front, side]));
    online();
    await sendNow();
    expect(requestLines(sent)).toEqual([
      ...uploadRequests(1),
      ...uploadRequests(2),
      "POST /api/one-step-completion/check-sheet",
      // Only the photo the server did not hold goes again, then the same write with the same key.
      ...uploadRequests(3),
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect(sent[6]?.body).toBe("side");
    expect(sent[7]?.body).toMatchObject({ checkSheetData: { photos: ["/api/photos/p1", "/api/photos/p3"] } });
    expect(sent[7]?.key).toBe(sent[4]?.key);
    expect(await listOutbox()).toEqual([]);
    expect(await (await offlineDb()).getAll("forms")).toEqual([]);
  });

  it("takes up the same slot after the upload again was cut short once its slot was handed out", async () => {
    let refusals = 0;
    let failedPuts = 0;
    const sent = fakeServer((request) => {
      if (isSubmission(request) && refusals === 0) {
        refusals += 1;
        return photoMissing(["/api/photos/p1"]);
      }
      if (request.url === "/api/uploads/token-2" && failedPuts === 0) {
        failedPuts += 1;
        return "offline";
      }
      return undefined;
    });
    offline();
    await keepForm();
    const ref = await keepPhoto("front");
    await enqueue(submission([ref]));
    online();
    await flushOutbox();
    expect(requestLines(sent)).toEqual([
      ...uploadRequests(1),
      "POST /api/one-step-completion/check-sheet",
      ...uploadRequests(2),
    ]);
    // The write waits with its photo set to upload again; the phone still shows it as waiting to upload.
    const [waiting] = await listOutbox();
    expect(waiting).toMatchObject({ state: "waiting", label: "Check sheet, 02/11/2026" });
    expect(await readLocalPhoto(ref)).toMatchObject({
      url: null,
      upload: { slot: { uploadURL: "/api/uploads/token-2" } },
    });

    vi.advanceTimersByTime(2_000);
    await flushOutbox();
    // No third slot: the PUT goes to the slot already handed out, with its first key.
    expect(requestLines(sent.slice(5))).toEqual([
      "PUT /api/uploads/token-2",
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect(sent[5]?.key).toBe(sent[4]?.key);
    expect(sent[6]?.body).toMatchObject({ checkSheetData: { photos: ["/api/photos/p2"] } });
    expect(await listOutbox()).toEqual([]);
  });

  it("is refused with the server's reason when the photo is not kept on this phone", async () => {
    const sent = fakeServer((request) =>
      isSubmission(request) ? photoMissing(["/api/photos/elsewhere"]) : undefined,
    );
    await keepForm();
    await enqueue(submission(["/api/photos/elsewhere"]));
    await sendNow();
    expect(requestLines(sent)).toEqual(["POST /api/one-step-completion/check-sheet"]);
    expect((await listOutbox()).map((item) => [item.state, item.problem])).toEqual([
      ["refused", "Photo 1 is no longer on the server. Please remove it and add it again."],
    ]);
    // The sheet is a form in progress again, for the driver to replace the photo.
    expect((await (await offlineDb()).get("forms", FORM_KEY))?.sending).toBe(false);
  });

  it("is refused when the server still lacks the photo after it was uploaded again", async () => {
    const sent = fakeServer((request) =>
      isSubmission(request) ? photoMissing(["/api/photos/p1"]) : undefined,
    );
    offline();
    await keepForm();
    const ref = await keepPhoto("front");
    await enqueue(submission([ref]));
    online();
    await sendNow();
    // Uploaded again once, never in a loop.
    expect(requestLines(sent)).toEqual([
      ...uploadRequests(1),
      "POST /api/one-step-completion/check-sheet",
      ...uploadRequests(2),
      "POST /api/one-step-completion/check-sheet",
    ]);
    expect((await listOutbox()).map((item) => item.state)).toEqual(["refused"]);
    expect(await readLocalPhoto(ref)).not.toBeNull();
  });
});
