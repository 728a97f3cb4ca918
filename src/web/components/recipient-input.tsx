import Plus from "lucide-react/icons/plus";
import X from "lucide-react/icons/x";
import { type KeyboardEvent, useId, useState } from "react";
import { MAX_EMAIL_LENGTH, MAX_EMAILS } from "../../domain/forms/constants";
import {
  distinctEmails,
  isInvalidEmailEntry,
  isValidClientEmail,
  parseEmailList,
} from "../../domain/text/client-email";
import { useT } from "../lib/i18n";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Label } from "./ui/label";

interface RecipientInputProps {
  /** The addresses, then what is being typed, if anything: a typed address counts before it is added. */
  emails: readonly string[];
  onChange: (emails: string[]) => void;
  /** The field's label; the list is named after it. */
  label?: string;
  /** The most addresses: fewer for a form sent without an account, which says so once they are all there. */
  maxRows?: number;
}

/** Splits what was typed or pasted at commas, semicolons and spaces. */
const partsOf = (text: string) => parseEmailList(text.replace(/[;\s]+/g, ","));

/**
 * Who a form or a pack goes to: each address a row of its own with a labelled remove button, and one field to
 * add the next (Enter, a comma or Add). An address that cannot reach anyone, or one already listed, is refused
 * and says why. What is typed counts straight away, so a send button never waits for Add.
 */
export function RecipientInput({ emails, onChange, label, maxRows = MAX_EMAILS }: RecipientInputProps) {
  const t = useT();
  const checkAddresses = (addresses: readonly string[]) =>
    t("recipients.checkAddresses", { count: addresses.length, addresses: addresses.join(", ") });
  const id = useId();
  const [typing, setTyping] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // What is typed rides at the end of the list; when the list was replaced from outside, the field starts again.
  const typed = typing !== "" && emails[emails.length - 1] === typing ? typing : "";
  const added = distinctEmails(typed ? emails.slice(0, -1) : emails);
  const full = added.length >= maxRows;

  const update = (list: string[], text: string) => {
    setTyping(text);
    onChange(text.trim() === "" ? list : [...list, text]);
  };

  /** Adds every address of the text it can; what it refuses stays in the field with the reason. */
  const add = (text: string) => {
    const invalid: string[] = [];
    const listed: string[] = [];
    const overflow: string[] = [];
    const list = [...added];
    for (const part of partsOf(text)) {
      if (!isValidClientEmail(part)) invalid.push(part);
      else if (list.some((email) => email.toLowerCase() === part.toLowerCase())) listed.push(part);
      else if (list.length >= maxRows) overflow.push(part);
      else list.push(part);
    }
    if (invalid.length > 0) setProblem(checkAddresses(invalid));
    else if (listed[0] !== undefined) setProblem(t("recipients.alreadyListed", { address: listed[0] }));
    else if (overflow.length > 0) setProblem(t("recipients.listFull", { max: maxRows }));
    else setProblem(null);
    // An address already listed is dropped; one refused stays in the field to be put right.
    update(list, [...invalid, ...overflow].join(", "));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter adds the address; it does not send the form around the field.
    event.preventDefault();
    if (typed.trim() !== "") add(typed);
  };

  // A refusal is announced; an address typed wrongly is marked as it stands, as every email field does.
  const shown = problem ?? (isInvalidEmailEntry(typed) ? checkAddresses([typed.trim()]) : null);
  const describedBy = [`${id}-hint`, shown ? `${id}-problem` : null].filter(Boolean).join(" ");
  return (
    <div className="space-y-2">
      {full ? null : <Label htmlFor={id}>{label ?? t("recipients.defaultLabel")}</Label>}
      {added.length > 0 ? (
        <ul aria-label={t("recipients.list")} className="flex flex-wrap gap-2">
          {added.map((email, index) => {
            const invalid = !isValidClientEmail(email);
            return (
              <li
                key={email}
                className={
                  invalid
                    ? "flex max-w-full items-center gap-1 rounded-full border-2 border-red-600 bg-red-50 py-0.5 ps-3 text-red-950 dark:border-red-400 dark:bg-red-400/10 dark:text-red-100"
                    : "flex max-w-full items-center gap-1 rounded-full border border-slate-300 bg-slate-100 py-0.5 ps-3 text-slate-900 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100"
                }
              >
                <span className="min-w-0 break-all font-medium">{email}</span>
                {invalid ? <span className="sr-only">{t("recipients.notValid")}</span> : null}
                <Button
                  variant="ghost"
                  size="icon"
                  className="rounded-full"
                  aria-label={t("recipients.remove", { email })}
                  onClick={() => {
                    setProblem(null);
                    update(
                      added.filter((_, i) => i !== index),
                      typed,
                    );
                  }}
                >
                  <X aria-hidden="true" className="size-5" />
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {full ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {maxRows < MAX_EMAILS
            ? t("recipients.anonymousFull", { max: maxRows })
            : t("recipients.listFull", { max: maxRows })}
        </p>
      ) : (
        <div>
          <div className="flex gap-2">
            <Input
              id={id}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t("recipients.placeholder")}
              value={typed}
              maxLength={MAX_EMAIL_LENGTH * 4}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setProblem(null);
                if (/[,;]/.test(text)) add(text);
                else update(added, text);
              }}
              onKeyDown={onKeyDown}
              aria-invalid={typed.trim() !== "" && shown !== null}
              aria-describedby={describedBy}
              className="aria-invalid:border-2"
            />
            <Button
              variant="outline"
              className="shrink-0 px-3"
              disabled={typed.trim() === ""}
              onClick={() => add(typed)}
            >
              <Plus aria-hidden="true" className="size-5" />
              {t("recipients.add")}
            </Button>
          </div>
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
            {t("recipients.hint")}
          </p>
          {shown ? (
            <p
              id={`${id}-problem`}
              role={problem ? "alert" : undefined}
              className="mt-1.5 text-sm font-medium text-red-700 dark:text-red-300"
            >
              {shown}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}
