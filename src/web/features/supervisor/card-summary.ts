import type { LucideIcon } from "lucide-react";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import Clock from "lucide-react/icons/clock";
import FileStack from "lucide-react/icons/file-stack";
import {
  type WeekDayHours,
  type WeekDefect,
  weekDays,
  weekDefects,
  weekTotalHours,
} from "../../../domain/hours/week-summary";
import type { Translator } from "../../../domain/text/i18n/translate";
import type { SupervisorCard } from "./api/supervisor-actions";

/** What the supervisor reads of a card, in a card, a table row or the detail beside the table. */
export interface CardSummary {
  icon: LucideIcon;
  title: string;
  driver: string;
  plant: string;
  /** The week ending, or a check sheet's own date. */
  date: string;
  dateLabel: string;
  /** A combined set's forms, in words. */
  forms?: string;
  /** Each day's hours, for a card holding a timesheet. */
  days?: WeekDayHours[];
  /** The week's hours, for a card holding a timesheet. */
  hours?: number;
  /** The defects its check sheets report, for a card holding any. */
  defects?: WeekDefect[];
}

export function summarize(card: SupervisorCard, t: Translator["t"]): CardSummary {
  switch (card.type) {
    case "combined": {
      const count = card.checkSheets.length;
      return {
        icon: FileStack,
        title: t("supervisor.combinedSet"),
        driver: card.driverName,
        plant: card.plantNumber,
        date: card.weekEnding,
        dateLabel: t("history.weekEndingLabel"),
        forms: t("supervisor.setForms", { count }),
        days: weekDays(card.timesheet),
        hours: weekTotalHours(card.timesheet),
        defects: weekDefects(card.checkSheets),
      };
    }
    case "timesheet":
      return {
        icon: Clock,
        title: t("home.tabTimesheet"),
        driver: card.form.driverSignedName,
        plant: card.form.plantNumber || card.form.machineNumber,
        date: card.form.weekEnding,
        dateLabel: t("history.weekEndingLabel"),
        days: weekDays(card.form),
        hours: weekTotalHours(card.form),
      };
    case "check-sheet":
      return {
        icon: ClipboardCheck,
        title: t("home.tabCheckSheet"),
        driver: card.form.driverSignedName,
        plant: card.form.plantNumber || card.form.machineNumber,
        date: card.form.checkDate,
        dateLabel: t("history.checkDateLabel"),
        defects: weekDefects([card.form]),
      };
  }
}
