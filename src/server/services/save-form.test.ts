import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_SPECS } from "../../domain/forms/form-specs";
import { SAMPLE_SIGNATURE } from "../../domain/sample-signature";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type Account, insertAccount } from "../db/accounts-repository";
import type { Database } from "../db/database";
import { getForm } from "../db/forms-repository";
import { deleteUnheldImages } from "../db/images-repository";
import { testDatabases } from "../db/test-databases";
import { signedTimesheet } from "../pdf/pdf-fixtures";
import { deleteForm } from "./delete-form";
import { imageIdsOf, SIGNATURE_FIELDS } from "./form-images";
import { createForm, updateOwnForm } from "./save-form";

const spec = FORM_SPECS.timesheet;
const now = new Date("2025-06-07T15:00:00.000Z");
const actor = { accountId: null, ip: "127.0.0.1", userAgent: null };

describe.each(testDatabases())("saving a signed draft on $name", ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let account: Account;

  beforeAll(async () => {
    database = await open();
    app = await buildApp({
      config: loadConfig({ PUBLIC_URL: "http://sheets.test" }),
      database,
      now: () => now,
    });
    const id = randomUUID();
    await insertAccount(
      database.db,
      { id, fullName: "Dave Digger", email: `${id}@haulage.co.uk`, passwordHash: "x" },
      now,
    );
    account = {
      id,
      fullName: "Dave Digger",
      email: `${id}@haulage.co.uk`,
      passwordHash: "x",
      createdAt: "",
      updatedAt: "",
    };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const rows = async (table: "images" | "image_uses") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const heldBy = async (holderId: string) =>
    (
      await database.db
        .selectFrom("image_uses")
        .select("image_id")
        .where("holder_id", "=", holderId)
        .execute()
    )
      .map((row) => row.image_id)
      .sort();
  const storedImages = async (id: string) =>
    imageIdsOf((await getForm(database.db, "timesheet", account.id, id))!.fields, SIGNATURE_FIELDS).sort();

  it("stores a signature once however often the draft is saved with it, and keeps every one it was saved with", async () => {
    const id = randomUUID();
    const signed = { ...signedTimesheet({ weekEnding: "2025-06-08" }), status: "draft" as const };
    await createForm(app, spec, account, { ...signed, id });
    const first = await storedImages(id);
    expect(first).toHaveLength(2);
    expect(await heldBy(id)).toEqual(first);
    const [images, uses] = [await rows("images"), await rows("image_uses")];

    // Saved again and again with its signatures as drawn: nothing new stored.
    for (const siteLocation of ["Plot 4", "Plot 5", "Plot 6"]) {
      await updateOwnForm(app, spec, account, actor, id, { ...signed, siteLocation });
    }
    expect(await storedImages(id)).toEqual(first);
    expect([await rows("images"), await rows("image_uses")]).toEqual([images, uses]);

    // Signed again: the new signature is stored and held, and the one it replaces is still held, so a save made
    // from the version before (another phone of the same driver) cannot name an image that has gone.
    await updateOwnForm(app, spec, account, actor, id, { ...signed, clientSignature: SAMPLE_SIGNATURE });
    const resigned = await storedImages(id);
    expect(resigned).not.toEqual(first);
    expect(await heldBy(id)).toEqual([...new Set([...first, ...resigned])].sort());
    await deleteUnheldImages(database.db);
    expect(await rows("images")).toBe(images + 1);

    // Deleted, the form lets go of all of them.
    expect(await deleteForm(app, account, actor, spec, id)).toBe(true);
    expect(await heldBy(id)).toEqual([]);
  });
});
