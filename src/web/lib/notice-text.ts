import type { Translator } from "../../domain/text/i18n/translate";
import type { Notice, NoticeKeys } from "../../domain/text/messages";

type Worded = Pick<Notice, "title" | "keys"> & { description?: string };

/** A notice in the reader's language where its words are messages; a reason given by the server stays as given. */
export function noticeIn(t: Translator["t"], notice: Notice): { title: string; description: string };
export function noticeIn(t: Translator["t"], notice: Worded): { title: string; description?: string };
export function noticeIn(t: Translator["t"], notice: Worded): { title: string; description?: string } {
  const keys: NoticeKeys | undefined = notice.keys;
  if (!keys) return { title: notice.title, description: notice.description };
  return {
    title: t(keys.title, keys.values),
    description: keys.description ? t(keys.description, keys.values) : notice.description,
  };
}
