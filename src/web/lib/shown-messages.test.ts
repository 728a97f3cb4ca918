import { describe, expect, it } from "vitest";
import { createTranslator } from "../../domain/text/i18n/translate";
import { recordingShown, shownMessageIn } from "./shown-messages";

const polish = recordingShown(
  createTranslator("pl", {
    "common.cancel": "Anuluj",
    "home.worksOfflineTitle": "Karty pracy  i kontroli",
    "photos.count": "{count, plural, one {# zdjęcie} few {# zdjęcia} many {# zdjęć} other {# zdjęcia}}",
  } as never),
);

describe("the message a tap on words finds", () => {
  it("finds a message drawn, by its words, spaces as the screen shows them", () => {
    expect(polish.t("common.cancel")).toBe("Anuluj");
    polish.t("home.worksOfflineTitle");
    expect(shownMessageIn([["Anuluj"]])?.key).toBe("common.cancel");
    expect(shownMessageIn([[" Karty pracy i kontroli "]])?.key).toBe("home.worksOfflineTitle");
  });

  it("keeps the values a message was drawn with, so its English is drawn the same", () => {
    expect(polish.t("photos.count" as never, { count: 5 })).toBe("5 zdjęć");
    expect(shownMessageIn([["5 zdjęć"]])).toEqual({
      key: "photos.count",
      values: { count: 5 },
      text: "5 zdjęć",
    });
  });

  it("looks a few levels up, then for the longest message inside the words tapped", () => {
    polish.t("common.cancel");
    expect(shownMessageIn([["Jan Kowalski"], ["Anuluj"]])?.key).toBe("common.cancel");
    polish.t("home.worksOfflineTitle");
    expect(shownMessageIn([["Karty pracy i kontroli · Anuluj"]])?.key).toBe("home.worksOfflineTitle");
  });

  it("finds nothing for words no message drew", () => {
    expect(shownMessageIn([["Jan Kowalski"]])).toBeNull();
    expect(shownMessageIn([])).toBeNull();
  });
});
