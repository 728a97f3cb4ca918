import { FORM_KINDS, type FormKind } from "../../domain/forms/form-kinds";
import { COLLATION_CATEGORIES, type CollationCategory } from "../../domain/sets/collation-categories";

/** The forms a driver can start; also the path segment of their wizard routes. */
export type { FormKind };

export function parseFormKind(value: string | null): FormKind | null {
  return FORM_KINDS.find((kind) => kind === value) ?? null;
}

/**
 * The home tabs that only make sense with an account; the spec calls the Operator Dashboard tab 'forms'. Company
 * (decision record 029) is the company layer's: making or joining one, its members and its invitations.
 */
export const ACCOUNT_TABS = ["forms", "history", "supervisor", "company", "account"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The home screen's tabs: the two forms for everyone, and the account's own tabs from More Options. */
export type HomeTab = FormKind | AccountTab;

export function parseHomeTab(value: string | null): HomeTab | null {
  return parseFormKind(value) ?? ACCOUNT_TABS.find((tab) => tab === value) ?? null;
}

export function isAccountTab(tab: HomeTab): tab is AccountTab {
  return (ACCOUNT_TABS as readonly HomeTab[]).includes(tab);
}

/** The collation screen's tabs are the domain's collation categories. */
export function parseCollationTab(value: string | null): CollationCategory | null {
  return COLLATION_CATEGORIES.find((tab) => tab === value) ?? null;
}

/** The steps of the "/" flow other than the landing tabs, named by `?screen=`. */
export const FLOW_SCREENS = ["customer-selection", "collation", "combined-approval"] as const;
export type FlowScreen = (typeof FLOW_SCREENS)[number];

export function parseFlowScreen(value: string | null): FlowScreen | null {
  return FLOW_SCREENS.find((screen) => screen === value) ?? null;
}

export interface FormStart {
  customerId: string;
  /** Only present when the customer requires a validated order number. */
  orderNumber?: string;
}

/**
 * Every in-app address in one place. Customer selection lives under "/" (the spec's multi-screen flow) and the
 * chosen customer travels to the wizard in the query string, so a reload or a shared link keeps it.
 */
export const appPaths = {
  home: (tab?: HomeTab) => (tab ? `/?tab=${tab}` : "/"),
  dashboard: "/home",
  customerSelection: (form: FormKind) => `/?screen=customer-selection&form=${form}`,
  form: (form: FormKind, start?: FormStart) => {
    if (!start) return `/${form}`;
    const query = new URLSearchParams({ customerId: start.customerId });
    if (start.orderNumber) query.set("orderNumber", start.orderNumber);
    return `/${form}?${query.toString()}`;
  },
  /** A saved draft, opened in its wizard at the step it had reached. */
  draft: (form: FormKind, id: string) => `/${form}?draftId=${encodeURIComponent(id)}`,
  completedForm: (id: string) => `/completed-form/${encodeURIComponent(id)}`,
  /** A draft opened after it was approved or completed: its read-only record, saying why it opened there. */
  lockedForm: (id: string) => `/completed-form/${encodeURIComponent(id)}?locked=1`,
  /** The supervisor's collation screen, a step of the "/" flow, optionally opened on one of its tabs. */
  collation: (tab?: CollationCategory) => `/?screen=collation${tab ? `&tab=${tab}` : ""}`,
  /** The approval dashboard of one combined set ('combined-' plus its timesheet id). */
  combinedApproval: (combinedId: string) => `/?screen=combined-approval&id=${encodeURIComponent(combinedId)}`,
  /** A printable sheet of QR labels for the company's fleet (admins). */
  qrLabels: (organisationId: string) => `/qr-labels/${encodeURIComponent(organisationId)}`,
  /** The company's office review of its drivers' weeks (supervisors and admins). */
  officeReview: "/office-review",
  privacyPolicy: "/privacy-policy",
  /** Where the emailed reset link lands; the server builds the link with its token. */
  resetPassword: "/reset-password",
} as const;
