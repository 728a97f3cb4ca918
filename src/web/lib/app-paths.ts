/** The two forms a driver can start; also the path segment of their wizard routes. */
export type FormKind = "timesheet" | "check-sheet";

export function parseFormKind(value: string | null): FormKind | null {
  return value === "timesheet" || value === "check-sheet" ? value : null;
}

/** The home tabs that only make sense with an account; the spec calls the Operator Dashboard tab 'forms'. */
export const ACCOUNT_TABS = ["forms", "history", "supervisor", "account"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The home screen's tabs: the two forms for everyone, and the account's own tabs from More Options. */
export type HomeTab = FormKind | AccountTab;

export function parseHomeTab(value: string | null): HomeTab | null {
  return parseFormKind(value) ?? ACCOUNT_TABS.find((tab) => tab === value) ?? null;
}

export function isAccountTab(tab: HomeTab): tab is AccountTab {
  return (ACCOUNT_TABS as readonly HomeTab[]).includes(tab);
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
  privacyPolicy: "/privacy-policy",
  /** Where the emailed reset link lands; the server builds the link with its token. */
  resetPassword: "/reset-password",
} as const;
