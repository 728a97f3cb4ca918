import { describe, expect, it } from "vitest";
import { freshOfflineDbForEachTest } from "./fresh-offline-db";
import { latestLocalForm, writeLocalForm } from "./local-forms";
import type { LocalForm } from "./offline-db";

function copy(id: string, owner: string | null, updatedAt: number): LocalForm {
  return {
    key: `timesheet:${id}`,
    kind: "timesheet",
    id,
    state: { version: 1 },
    updatedAt,
    stored: false,
    savedVersion: 0,
    owner,
    start: "c1|",
    sending: false,
  };
}

freshOfflineDbForEachTest();

describe("the form in progress offered for a start", () => {
  it("offers a signed-in driver a form started without an account, so signing in loses nothing", async () => {
    await writeLocalForm(copy("anonymous", null, 1));
    expect((await latestLocalForm("timesheet", { owner: "Sam", start: "c1|" }))?.id).toBe("anonymous");
    expect((await latestLocalForm("timesheet", { owner: null, start: "c1|" }))?.id).toBe("anonymous");
  });

  it("never offers one driver's form to another, nor to someone without an account", async () => {
    await writeLocalForm(copy("sams", "Sam", 1));
    expect(await latestLocalForm("timesheet", { owner: "Ann", start: "c1|" })).toBeNull();
    expect(await latestLocalForm("timesheet", { owner: null, start: "c1|" })).toBeNull();
    expect((await latestLocalForm("timesheet", { owner: "Sam", start: "c1|" }))?.id).toBe("sams");
  });
});
