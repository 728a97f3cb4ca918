import { expect, it } from "vitest";
import pl from "../../domain/text/catalogs/pl.json";
import { type Catalog, createTranslator } from "../../domain/text/i18n/translate";
import { messages } from "../../domain/text/messages";
import { noticeIn } from "./notice-text";

const polish = createTranslator("pl", pl as Catalog).t;

it("words a notice's title and description with its values, in English and in the reader's language", () => {
  const notice = messages.submittedToOffice("check sheet", "Loop Plant Hire Ltd");
  expect(notice).toEqual({
    title: "Check sheet submitted to the office",
    description:
      "Loop Plant Hire Ltd can now review it. If they send it back, you will see why on your home screen.",
  });
  const inPolish = noticeIn(polish, notice);
  expect(inPolish.title).toBe(polish("wizard.submittedToOfficeTitle", { form: "check-sheet" }));
  expect(inPolish.description).toContain("Loop Plant Hire Ltd");
});

it("keeps a reason the server gave as it was given", () => {
  expect(noticeIn(polish, { title: "Server", description: "As sent" })).toEqual({
    title: "Server",
    description: "As sent",
  });
});
