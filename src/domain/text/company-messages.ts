// The company layer's words (decision record 029), apart from messages.ts so that an individual driver's app
// does not carry them: only the Company screen, the invitation page and the organisation routes use them.

import type { ErrorText } from "../api/api-error";
import type { WorkshopAddress } from "../checks/vehicle-defects";
import type { FileProblem, ImportColumn, ImportList, RowProblem } from "../company/list-import";
import type { Role } from "../company/organisation";
import type { WebhookOutcome } from "../company/webhook";
import { CHECK_TEMPLATES, checkTemplateName } from "../forms/check-templates";
import type { FormKind } from "../forms/form-spec";
import { formatUkTime } from "../time/uk-time";
import { english } from "./i18n/english";
import type { MessageKey, Translator } from "./i18n/translate";
import { alternatives, formKindParam } from "./messages";
import { schemaMessage } from "./schema-messages";

const WEBHOOK_OUTCOME_KEYS = {
  delivered: "webhook.outcome.delivered",
  answered: "webhook.outcome.answered",
  redirected: "webhook.outcome.redirected",
  "no-answer": "webhook.outcome.no-answer",
  "could-not-connect": "webhook.outcome.could-not-connect",
  "refused-by-tls": "webhook.outcome.refused-by-tls",
  "not-found": "webhook.outcome.not-found",
  "webhook-removed": "webhook.outcome.webhook-removed",
} as const satisfies Record<WebhookOutcome, MessageKey>;

/** Someone's typing quoted back in a message, cut short: it may be anything up to what a request may carry. */
export function shortened(text: string): string {
  return text.length > 12 ? `${text.slice(0, 12)}...` : text;
}

/** A new or changed entry has the key of another entry of the company's list: the message and its values. */
export function listClashText(list: ImportList, field: string, value: string, retired: boolean): ErrorText {
  return list === "customers"
    ? { key: "import.clashCustomer", params: { value, retired: retired ? "yes" : "no" } }
    : { key: "import.clashVehicle", params: { field, value, retired: retired ? "yes" : "no" } };
}

/** Why a file cannot be imported at all: the message and its values. */
export function importFileProblemText(problem: FileProblem, columns: readonly ImportColumn[]): ErrorText {
  const header = (field: string) => columns.find((column) => column.field === field)?.header ?? field;
  const names = columns.map((column) => column.header).join(", ");
  switch (problem.kind) {
    case "too-large":
      return { key: "import.file.too-large" };
    case "not-utf8":
      return { key: "import.file.not-utf8" };
    case "unstorable":
      return { key: "import.file.unstorable" };
    case "unclosed-quote":
      return { key: "import.file.unclosed-quote", params: { line: problem.line } };
    case "no-rows":
      return { key: "import.file.no-rows", params: { columns: names } };
    case "too-many-rows":
      return { key: "import.file.too-many-rows" };
    case "missing-column":
      return { key: "import.file.missing-column", params: { header: header(problem.field), columns: names } };
    case "repeated-column":
      return { key: "import.file.repeated-column", params: { header: header(problem.field) } };
  }
}

export const companyMessages = {
  organisationNameRequired: schemaMessage("validation.companyNameRequired"),
  organisationNameTooLong: (max: number): string => schemaMessage("validation.companyNameTooLong", { max }),
  organisationNameOneLine: schemaMessage("validation.companyNameOneLine"),
  reviewStatusFilterInvalid:
    "Filter the weeks by their state: submitted, sent_back, reopened or approved (the company's words, not the driver's own statuses).",
  fixNoteRequired: english("fleet.fixNoteRequired"),
  customerAdded: (name: string): string => english("customers.added", { name }),
  vehicleCodeTaken: english("import.codeTaken"),
  vehicleAdded: (plantNumber: string): string => english("fleet.vehicleAdded", { plant: plantNumber }),
  // The company's own lists: editing, retiring and importing (decision record 029)
  oneLine: (field: "qrCode" | "plantNumber" | "machine" | "type" | "customerName"): string =>
    schemaMessage("validation.oneLine", { field }),
  /** A new or changed entry has the key of another entry of the company's list. */
  listClash: (
    list: ImportList,
    field: string,
    value: string,
    retired: boolean,
    t: Translator["t"] = english,
  ): string => {
    const { key, params } = listClashText(list, field, value, retired);
    return t(key, params);
  },
  vehicleSaved: (plantNumber: string): string => english("vehicle.saved", { plant: plantNumber }),
  vehicleRetired: (plantNumber: string, retired: boolean): string =>
    english("vehicle.retiredDone", { plant: plantNumber, retired: retired ? "yes" : "no" }),
  customerSaved: (name: string): string => english("customers.saved", { name }),
  /** The fleet's printable sheet of QR labels. */
  printQrLabels: english("fleet.printQrLabels"),
  qrLabelsTitle: (company: string) => english("qrLabels.title", { company }),
  qrLabelsHint: english("qrLabels.hint"),
  qrLabelsNone: english("qrLabels.none"),
  qrLabelsPrint: english("qrLabels.print"),
  qrLabelsBack: english("company.backToCompany"),
  qrLabelAlt: (plantNumber: string) => english("qrLabels.alt", { plant: plantNumber }),
  /** A new company's lists hold the shared samples until it has its own: marked, and removed in one tap. */
  sampleBadge: english("sample.badge"),
  samplesNote: english("sample.note"),
  removeSamples: english("sample.remove"),
  removingSamples: english("sample.removing"),
  samplesRemoved: english("sample.removed"),
  customerRetired: (name: string, retired: boolean): string =>
    english("customers.retiredDone", { name, retired: retired ? "yes" : "no" }),
  /** Why a file cannot be imported at all. */
  importFileProblem: (
    problem: FileProblem,
    columns: readonly ImportColumn[],
    t: Translator["t"] = english,
  ): string => {
    const { key, params } = importFileProblemText(problem, columns);
    return t(key, params);
  },
  /** What is wrong with one row of a file; `values` are the row's cells by column. */
  importRowProblem: (
    list: ImportList,
    problem: RowProblem,
    columns: readonly ImportColumn[],
    values: Readonly<Record<string, string>>,
    t: Translator["t"] = english,
  ): string => {
    if (problem.kind === "extra-cells") return t("import.row.extra-cells");
    const header = columns.find((column) => column.field === problem.field)?.header ?? problem.field;
    switch (problem.kind) {
      case "missing":
        return t("import.row.missing", { header });
      case "too-long":
        return t("import.row.too-long", { header, max: problem.max });
      case "not-one-line":
        return t("import.row.not-one-line", { header });
      case "bad-value":
        if (problem.field === "checkTemplate") {
          return t("import.row.badCheckList", {
            value: problem.value,
            choices: CHECK_TEMPLATES.map((template) => checkTemplateName(template, t)).join(", "),
          });
        }
        if (problem.field === "requiresOrderValidation") {
          return t("import.row.badYesNo", { value: problem.value });
        }
        return t("import.row.badValue", { header, value: problem.value });
      case "duplicate": {
        const [last, ...rest] = [...problem.lines].reverse();
        return t("import.row.duplicate", {
          header,
          value: values[problem.field] ?? "",
          count: problem.lines.length,
          last: String(last),
          rest: rest.reverse().join(", "),
        });
      }
      case "clash":
        return companyMessages.listClash(
          list,
          problem.field,
          values[problem.field] ?? "",
          problem.retired,
          t,
        );
      case "taken":
        return t("import.codeTaken");
    }
  },
  importHelp: (columns: readonly ImportColumn[], t: Translator["t"] = english): string =>
    t("import.help", {
      columns: columns
        .map((column) => (column.required ? t("import.needed", { header: column.header }) : column.header))
        .join(", "),
    }),
  importMoreRows: (count: number): string => english("import.moreRows", { count }),
  importAddRows: (list: ImportList, count: number): string => english("import.addRows", { list, count }),
  importPreviewSummary: (good: number, bad: number, t: Translator["t"] = english): string =>
    t("import.summary", { good, badRows: bad > 0 ? t("import.badRows", { bad }) : "" }),
  importUnusedColumns: (headers: readonly string[]): string =>
    english("import.unusedColumns", {
      count: headers.length,
      headers: headers.map((header) => `"${header}"`).join(", "),
    }),
  importSaved: (list: ImportList, added: number): string => english("import.saved", { list, count: added }),
  // The workshop address and its confirmation (decision record 038)
  workshopSaved: (workshop: WorkshopAddress | null): string =>
    english("fleet.workshopSaved", {
      state: !workshop ? "none" : workshop.confirmedAt ? "confirmed" : "waiting",
      email: workshop?.email ?? "",
    }),
  workshopLinkResent: (email: string): string => english("fleet.workshopLinkResent", { email }),
  workshopNone: english("fleet.workshopNone"),
  workshopConfirmed: (email: string): string => english("fleet.workshopConfirmed", { email }),
  workshopWaiting: (email: string, sentAt: string): string =>
    english("fleet.workshopWaiting", { email, sentAt }),
  workshopNoLink: (email: string): string => english("fleet.workshopNoLink", { email }),
  workshopHint: (perHour: number): string => english("fleet.workshopHint", { perHour }),
  /** What a supervisor reads: who gets the alerts, if anyone does yet. */
  workshopForSupervisor: (workshop: WorkshopAddress | null): string =>
    english("fleet.workshopForSupervisor", {
      state: !workshop ? "none" : workshop.confirmedAt ? "confirmed" : "waiting",
      email: workshop?.email ?? "",
    }),
  // The order-number rule (decision record 044)
  orderPrefixesExplained: english("orderRule.explained"),
  orderPrefixesCurrent: (prefixes: readonly string[]): string =>
    english("orderRule.current", { prefixes: alternatives(prefixes) }),
  orderPrefixesSaved: (prefixes: readonly string[]): string =>
    english("orderRule.saved", { prefixes: alternatives(prefixes) }),
  orderPrefixesRequired: english("orderRule.prefixesRequired"),
  orderPrefixesTooMany: (max: number): string => english("orderRule.prefixesTooMany", { max }),
  orderPrefixTooLong: (prefix: string, max: number): string =>
    english("orderRule.prefixTooLong", { prefix: shortened(prefix), max }),
  orderPrefixCharacters: (prefix: string): string =>
    english("orderRule.prefixCharacters", { prefix: shortened(prefix) }),
  /** A workshop link that is unknown, used, replaced by a newer one or past its 7 days: one answer for all. */
  workshopLinkInvalid: english("workshopLink.invalid"),
  workshopLinkAsk: (organisationName: string, email: string): string =>
    english("workshopLink.ask", { company: organisationName, email }),
  workshopLinkExplained: (perHour: number): string => english("workshopLink.explained", { perHour }),
  workshopLinkDone: (organisationName: string, email: string): string =>
    english("workshopLink.done", { company: organisationName, email }),
  /** One form that stops an approval: "the timesheet is sent back", "the check sheet of 17/11/2026 is a draft". */
  reviewBlocker: (form: string, state: "draft" | "sent_back" | "reopened"): string =>
    english("review.blocker", { form, state }),
  /** A form of a week, named in messages and mails. */
  reviewFormName: (kind: FormKind, date: string): string =>
    english("review.formName", { kind: formKindParam(kind), date }),
  /** The week's history on the office's review panel, from the audit trail. */
  historyEvent: (event: {
    action: "submitted" | "sent_back" | "resubmitted" | "approved" | "reopened";
    form: string;
    by: string;
    reason: string | null;
  }): string =>
    english("review.historyEvent", {
      action: event.action,
      form: event.form,
      by: event.by,
      reason: event.reason ?? "",
    }),
  historyHeading: english("review.historyHeading"),
  weekFormsLabel: english("review.weekFormsLabel"),
  historyEmpty: english("review.historyEmpty"),
  blockersHeading: english("review.blockersHeading"),
  /** The PDF of a fixed version of a form the office returned after it was signed and sent. */
  amendedVersion: (earlierFingerprint: string): string =>
    `Amended: this version replaces the signed version the company returned, whose SHA-256 of signed content was ${earlierFingerprint}.`,
  /** What every PDF of a reopened set says above its forms. */
  amendedAfterApproval: (amendment: { reason: string; at: string; by: string }): string =>
    `Amended after approval: reopened by ${amendment.by} on ${formatUkTime(new Date(amendment.at), "minute")}. Reason: ${amendment.reason}`,
  // The company's webhook (decision record 029)
  webhookUrlRequired: schemaMessage("webhook.urlRequired"),
  webhookUrlTooLong: (max: number): string => schemaMessage("webhook.urlTooLong", { max }),
  webhookUrlInvalid: schemaMessage("webhook.urlInvalid"),
  webhookUrlNotHttps: schemaMessage("webhook.urlNotHttps"),
  webhookUrlCredentials: schemaMessage("webhook.urlCredentials"),
  webhookUrlNotPublic: schemaMessage("webhook.urlNotPublic"),
  webhookExplained: english("webhook.explained"),
  webhookSecretOnce: english("webhook.secretOnce"),
  webhookSaved: (url: string, newSecret: boolean): string =>
    english("webhook.saved", { url, newSecret: newSecret ? "yes" : "no" }),
  webhookRotated: english("webhook.rotated"),
  webhookRemoved: english("webhook.removed"),
  webhookRotateConfirm: english("webhook.rotateConfirm"),
  webhookRemoveConfirm: english("webhook.removeConfirm"),
  webhookNothingSent: english("webhook.nothingSent"),
  /** What came of one call: the closed set of domain/webhook's WEBHOOK_OUTCOMES, and an answer's status. */
  webhookOutcome: (
    outcome: WebhookOutcome,
    httpStatus: number | null,
    t: Translator["t"] = english,
  ): string => t(WEBHOOK_OUTCOME_KEYS[outcome], { status: String(httpStatus) }),
  /** The latest delivery: its event, when it happened, how it stands and (worded) what came of its last call. */
  webhookLastDelivery: (
    event: string,
    at: string,
    status: string,
    outcome: string | null,
    t: Translator["t"] = english,
  ): string => {
    const state =
      status === "sent"
        ? (outcome ?? t("webhook.state.delivered"))
        : status === "failed"
          ? t("webhook.state.givenUp", { outcome: outcome ?? t("webhook.state.notDelivered") })
          : status === "sending"
            ? t("webhook.state.sending")
            : outcome
              ? t("webhook.state.retry", { outcome })
              : t("webhook.state.waiting");
    return t("webhook.lastCall", { event, at, state });
  },
  webhookHistoryExplained: (max: number): string => english("webhook.historyExplained", { max }),
  webhookHistoryEmpty: english("webhook.historyEmpty"),
  webhookGivenUp: english("webhook.givenUp"),
  webhookResendLabel: (event: string, at: string): string => english("webhook.resendLabel", { event, at }),
  webhookResent: (event: string, at: string): string => english("webhook.resent", { event, at }),
  /** An invitation link or join code that is unknown, already used or past its 7 days: one answer for all. */
  inviteInvalid: english("join.inviteInvalid"),
  /** While an export is built and fetched, before the browser saves it. */
  exportPreparing: (label: string): string => english("export.preparing", { label }),
  inviteSent: (email: string): string => english("invites.sent", { email }),
  // The Company screen (decision record 029)
  companyLoadFailed: (detail: string): string => english("company.loadFailed", { detail }),
  companyCreated: (name: string): string => english("company.created", { name }),
  roleChangeConfirm: (name: string, role: Role): string =>
    english("members.roleChangeConfirm", { name, role }),
  roleChanged: (name: string, role: Role): string => english("members.roleChanged", { name, role }),
  removeMemberConfirm: (name: string, company: string): string =>
    english("members.removeConfirm", { name, company }),
  memberRemoved: (name: string): string => english("members.removed", { name }),
  leaveConfirm: (company: string): string => english("company.leaveConfirm", { company }),
  leftCompany: (company: string): string => english("company.left", { company }),
  revokeInviteConfirm: (what: string, joined: number): string =>
    english("invites.revokeConfirm", { what, joined }),
  inviteRevoked: (what: string): string => english("invites.revoked", { what }),
  joinCodeExplained: english("joinCode.explained"),
  /** A join code asked for with a role other than a driver's. */
  joinCodeForDriversOnly: schemaMessage("joinCode.driversOnly"),
  joinCodeIntro: english("joinCode.intro"),
  // The office review screen (decision record 029)
  reviewLoadFailed: (detail: string): string => english("review.loadFailed", { detail }),
  reviewMoreFailed: (detail: string): string => english("review.moreFailed", { detail }),
  reviewNothingSubmitted: english("review.nothingSubmitted"),
  reviewNothingMatches: english("review.nothingMatches"),
  reviewOnlySupervisors: english("review.onlySupervisors"),
  reviewSetLoadFailed: (detail: string): string => english("review.setLoadFailed", { detail }),
  reviewApproved: (set: string): string => english("review.approved", { set }),
  reviewApproveFailed: (detail: string): string => english("review.approveFailed", { detail }),
  reviewSentBack: (set: string): string => english("review.sentBack", { set }),
  reviewSendBackFailed: (detail: string): string => english("review.sendBackFailed", { detail }),
  reviewReopened: (set: string): string => english("review.reopened", { set }),
  reviewReopenFailed: (detail: string): string => english("review.reopenFailed", { detail }),
  reviewReopenReasonRequired: english("review.reopenReasonRequired"),
  reviewReasonRequired: english("review.reasonRequired"),
  reviewRatingRequired: english("review.ratingRequired"),
  bulkApproveConfirm: (count: number): string => english("review.bulkConfirm", { count }),
  bulkApproveProgress: (done: number, count: number): string =>
    english("review.bulkProgress", { done, count }),
  bulkApproveResult: (approved: number, failed: number): string =>
    english("review.bulkResult", { approved, failed, anyFailed: failed > 0 ? "yes" : "no" }),
} as const;
