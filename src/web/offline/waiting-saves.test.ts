import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { localPhotoRef } from "./local-photos";
import type { OutboxItem } from "./offline-db";
import { afterOutboxChange, type WaitingSave, waitingSavesOf, withWaitingSaves } from "./waiting-saves";

let seq = 0;
function item(changes: Partial<OutboxItem> & Pick<OutboxItem, "method" | "url" | "body">): OutboxItem {
  seq += 1;
  return {
    seq,
    idempotencyKey: `key-${seq}`,
    label: "Timesheet",
    group: null,
    formKey: null,
    fixUrl: null,
    createdAt: 1_000 * seq,
    attempts: 0,
    nextAttemptAt: 0,
    state: "waiting",
    problem: null,
    owner: "acc-1",
    ...changes,
  };
}

const create = (id: string, fields: object = {}, changes: Partial<OutboxItem> = {}) =>
  item({ method: "POST", url: "/api/timesheets", body: { id, status: "draft", ...fields }, ...changes });
const update = (id: string, fields: object = {}, changes: Partial<OutboxItem> = {}) =>
  item({ method: "PUT", url: `/api/timesheets/${id}`, body: { id, status: "draft", ...fields }, ...changes });

/** A read that takes any record with an id as a form. */
const readAny = (record: unknown) => record as { id: string; [field: string]: unknown };

describe("the driver's saves waiting in the outbox", () => {
  it("are the owner's creates and updates of the collection, one per form, later fields over earlier", () => {
    const first = create("t-1", { plantNumber: "EX-1", company: "Acme" });
    const items = [
      update("t-1", { plantNumber: "EX-2" }),
      first,
      create("c-1", {}, { url: "/api/check-sheets" }),
      update("t-2", { plantNumber: "DZ-7" }),
    ];
    expect(waitingSavesOf(items, "acc-1", "/api/timesheets")).toEqual([
      {
        id: "t-1",
        body: { id: "t-1", status: "draft", plantNumber: "EX-2", company: "Acme" },
        since: first.createdAt,
      },
      { id: "t-2", body: { id: "t-2", status: "draft", plantNumber: "DZ-7" }, since: items[3]?.createdAt },
    ]);
  });

  it("leave out another account's saves, refused ones, uploads and completions, and count those waiting for a sign-in", () => {
    const items = [
      create("t-other", {}, { owner: "acc-2" }),
      create("t-anonymous", {}, { owner: null }),
      create("t-refused", {}, { state: "refused" }),
      item({ method: "POST", url: "/api/objects/upload", body: {}, upload: { photoId: "p-1", slot: null } }),
      item({
        method: "POST",
        url: "/api/one-step-completion/timesheet",
        body: { timesheetData: { id: "t-9" } },
      }),
      item({ method: "POST", url: "/api/timesheets-archive", body: { id: "t-8" } }),
      create("t-signed-out", {}, { state: "needs-login" }),
    ];
    expect(waitingSavesOf(items, "acc-1", "/api/timesheets").map((save) => save.id)).toEqual([
      "t-signed-out",
    ]);
  });

  it("carry no reference to a photo kept on the phone, which no list can read", () => {
    const items = [
      create("c-1", { photos: ["/uploads/a.jpg", localPhotoRef("p-1")] }, { url: "/api/check-sheets" }),
    ];
    expect(waitingSavesOf(items, "acc-1", "/api/check-sheets")[0]?.body.photos).toEqual(["/uploads/a.jpg"]);
  });
});

describe("a list with the saves waiting over it", () => {
  const save = (id: string, body: object, since = 0): WaitingSave => ({ id, body: { id, ...body }, since });

  it("shows a waiting update over the server's form, and a form the server has not had yet", () => {
    const server = [
      { id: "t-1", status: "draft", plantNumber: "EX-1", createdAt: "2026-11-16T08:00:00.000Z" },
      { id: "t-2", status: "completed", plantNumber: "DZ-7", createdAt: "2026-11-16T09:00:00.000Z" },
    ];
    const since = Date.parse("2026-11-20T08:00:00Z");
    const listed = withWaitingSaves(
      server,
      [save("t-1", { plantNumber: "EX-2" }), save("t-3", { plantNumber: "NEW-1" }, since)],
      readAny,
    );
    expect(listed).toEqual([
      { id: "t-1", status: "draft", plantNumber: "EX-2", createdAt: "2026-11-16T08:00:00.000Z" },
      server[1],
      {
        id: "t-3",
        status: "draft",
        plantNumber: "NEW-1",
        createdAt: "2026-11-20T08:00:00.000Z",
        updatedAt: "2026-11-20T08:00:00.000Z",
      },
    ]);
  });

  it("shows the server's form when its waiting save cannot be read, and leaves out an unreadable new one", () => {
    const readable = (record: unknown) => {
      const form = record as { id: string; plantNumber?: unknown };
      return typeof form.plantNumber === "string" ? form : null;
    };
    const listed = withWaitingSaves(
      [{ id: "t-1", plantNumber: "EX-1" }],
      [save("t-1", { plantNumber: 42 }), save("t-2", { plantNumber: 7 })],
      readable,
    );
    expect(listed).toEqual([{ id: "t-1", plantNumber: "EX-1" }]);
  });

  it("never loses a waiting save, however the server's list reads", () => {
    const ids = fc.uniqueArray(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 5 });
    fc.assert(
      fc.property(ids, ids, (onServer, waiting) => {
        const listed = withWaitingSaves(
          onServer.map((id) => ({ id, plantNumber: "server" })),
          waiting.map((id) => save(id, { plantNumber: "phone" })),
          readAny,
        );
        const shown = new Map(listed.map((form) => [form.id, form.plantNumber]));
        expect(shown.size).toBe(listed.length);
        for (const id of waiting) expect(shown.get(id)).toBe("phone");
        for (const id of onServer) expect(shown.has(id)).toBe(true);
      }),
    );
  });
});

describe("after the outbox changes", () => {
  const save = (id: string): WaitingSave => ({ id, body: { id }, since: 0 });

  it("shows new saves at once and keeps a save that left until the list is read again", () => {
    expect(afterOutboxChange([save("a")], [save("a"), save("b")])).toEqual({
      saves: [save("a"), save("b")],
      left: false,
    });
    expect(afterOutboxChange([save("a"), save("b")], [save("b")])).toEqual({
      saves: [save("a"), save("b")],
      left: true,
    });
  });
});
