import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyCheckSheet } from "../../../../domain/checks/check-sheet";
import { checkSheetCard } from "../../../../domain/forms/form-card";
import { emptyTimesheet } from "../../../../domain/hours/timesheet";
import { pairForms } from "../../../../domain/sets/pairing";
import { messages } from "../../../../domain/text/messages";
import { ApiError, NetworkError } from "../../../lib/api-client";
import type { StoredCheckSheet, StoredTimesheet } from "../../../lib/use-account-forms";
import {
  archiveSet,
  cardMembers,
  deleteCard,
  deleteFailure,
  dispatchFailure,
  emailDispatchRequest,
  type SupervisorSet,
  submissionFailure,
} from "./supervisor-actions";

const TS_ID = "6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const CS_IDS = ["0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a21", "0b7e2a51-3c4d-4e5f-9a6b-7c8d9e0f1a22"];
const header = { driverSignedName: "Sam Driver", plantNumber: "PL-101" };

const timesheet: StoredTimesheet = {
  ...emptyTimesheet(),
  ...header,
  weekEnding: "2025-03-15",
  id: TS_ID,
  createdAt: "2025-03-15T17:00:00.000Z",
};
const checkSheets: StoredCheckSheet[] = CS_IDS.map((id, index) => ({
  ...emptyCheckSheet(`2025-03-1${index}`),
  ...header,
  id,
  createdAt: `2025-03-1${index}T07:00:00.000Z`,
}));
const set = pairForms([timesheet], checkSheets).combined[0] as SupervisorSet;

function stubFetch(status: (url: string) => number) {
  const fetchMock = vi.fn(
    async (url: string, _init?: RequestInit) => new Response(null, { status: status(url) }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cardMembers", () => {
  it("names the timesheet and every check sheet of a set, and a single form alone", () => {
    expect(cardMembers(set)).toEqual([
      { path: "/api/timesheets", id: TS_ID },
      { path: "/api/check-sheets", id: CS_IDS[0] },
      { path: "/api/check-sheets", id: CS_IDS[1] },
    ]);
    expect(cardMembers(checkSheetCard(checkSheets[0] as StoredCheckSheet))).toEqual([
      { path: "/api/check-sheets", id: CS_IDS[0] },
    ]);
  });
});

describe("deleteCard and archiveSet", () => {
  it("delete every member of a set", async () => {
    const fetchMock = stubFetch(() => 204);
    await deleteCard(set);
    expect(fetchMock.mock.calls.map(([url, init]) => [init?.method, url])).toEqual([
      ["DELETE", `/api/timesheets/${TS_ID}`],
      ["DELETE", `/api/check-sheets/${CS_IDS[0]}`],
      ["DELETE", `/api/check-sheets/${CS_IDS[1]}`],
    ]);
  });

  it("archive every member with status archived, and fail after trying them all when one is refused", async () => {
    const fetchMock = stubFetch((url) => (url.includes(CS_IDS[0] as string) ? 409 : 200));
    await expect(archiveSet(set)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    for (const [, init] of fetchMock.mock.calls) {
      expect(init?.method).toBe("PUT");
      expect(JSON.parse(String(init?.body))).toEqual({ status: "archived" });
    }
  });
});

describe("emailDispatchRequest", () => {
  it("builds the request from the dialog's addresses and message", () => {
    expect(emailDispatchRequest(set.id, ["office@buildco.co.uk"], "Week 11").request).toEqual({
      combinedId: `combined-${TS_ID}`,
      emailAddresses: ["office@buildco.co.uk"],
      message: "Week 11",
    });
  });

  it("gives the spec's message when there is no address, and names an address that is not a client's", () => {
    expect(emailDispatchRequest(set.id, [], "").problem).toBe(messages.emailAddressRequired);
    expect(emailDispatchRequest(set.id, ["someone@example.com"], "").problem).toBe(
      messages.invalidEmailAddresses(["someone@example.com"]),
    );
  });
});

describe("failure messages", () => {
  const refused = new ApiError(
    409,
    JSON.stringify({ message: "These forms have already been approved." }),
    "",
  );
  const offline = new NetworkError(new TypeError("Failed to fetch"));

  it("say the server's words, or the connection variant", () => {
    expect(submissionFailure(refused)).toBe("Submission failed: These forms have already been approved.");
    expect(submissionFailure(offline)).toBe(messages.submissionNetworkFailed);
    expect(dispatchFailure(refused)).toBe("Email dispatch failed: These forms have already been approved.");
    expect(dispatchFailure(offline)).toBe(messages.emailDispatchNetworkFailed);
  });

  it("word a set's delete failure in the plural and a single form's with its connection variant", () => {
    expect(deleteFailure(set, offline)).toBe(messages.deleteFormsFailed);
    const single = checkSheetCard(checkSheets[0] as StoredCheckSheet);
    expect(deleteFailure(single, refused)).toBe(messages.deleteFormFailed);
    expect(deleteFailure(single, offline)).toBe(messages.deleteFormNetworkFailed);
  });
});
