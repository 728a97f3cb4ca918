import type { ComponentType, ReactNode } from "react";
import type { FormSpec } from "../../../../domain/forms/form-spec";
import type { Rating } from "../../../../domain/sets/rating";
import type { MessageKey, Translator } from "../../../../domain/text/i18n/translate";
import type { Notice, NoticeKeys } from "../../../../domain/text/messages";
import type { SaveReason } from "./use-draft-saver";
import type { FormSubmitApi } from "./use-form-submit";
import type { FormInput, FormWizardApi, WizardFields } from "./use-form-wizard";

/** A step screen of a form type's own: it gets the wizard and acts on it. */
export type OwnStep<F extends WizardFields, X extends { type: string }> = ComponentType<{
  wizard: FormWizardApi<F, X>;
}>;

/** The words of the signature step that differ by form type (the spec's own wording for each). */
export interface SignatureWords {
  /** Under 'Save as Draft', for account holders. */
  draftNote: string;
  draftButton: string;
  operatorTitle: string;
  clientTitle: (accountHolder: boolean) => string;
  clientPlaceholder: (accountHolder: boolean) => string;
  clientPrompt: (accountHolder: boolean) => string;
  /** The signature dialogs' titles, where they differ from the blocks'. */
  operatorDialogTitle?: string;
  clientDialogTitle?: string;
  clearLabel?: string;
  dateLabel: string;
  /** Above the addresses of the Email Submission panel. */
  emailNote: string;
  ratingPrompt?: string;
}

/**
 * Everything the one wizard needs to know of a form type beyond its spec: the screens of the steps that are
 * truly its own, the actions only it has, and its words. The wizard's page, state, saves, restore, submission and
 * signature step are the same code for every form type.
 */
export interface WizardKind<F extends WizardFields, X extends { type: string }> {
  // biome-ignore lint/suspicious/noExplicitAny: the spec's step ids and one-step body are the kind's business.
  readonly spec: FormSpec<F, FormInput<F>, string, any>;
  /** What a restored form holds, in words, for the question before it is thrown away ("3 days of hours"). */
  restoredWork(form: F, t?: Translator["t"]): string;
  /** What the waiting list calls a form of this type (in English unless given the reader's messages). */
  label(form: F, t?: Translator["t"]): string;
  /** Under the screen's title: the order number, and for a check sheet today's date. */
  subtitle(orderNumber: string | null | undefined, t?: Translator["t"]): ReactNode;
  /** The form type's own changes to the form (the timesheet's standard shift, the check sheet's photos). */
  reduce(form: F, action: X): F;
  /** Step 1's date field: the week ending, the check date. */
  dateField: OwnStep<F, X>;
  /** Fields under the machine's on step 2 (the timesheet's start readings). */
  vehicleExtras?: OwnStep<F, X>;
  /** The steps only this form type has, by their spec step id. */
  ownSteps: Readonly<Record<string, OwnStep<F, X>>>;
  /**
   * The end of the signature step: what is still missing and the way to submit (the timesheet's Complete & Email
   * button; the check sheet's summary of what is signed, submitted from the wizard's last button).
   */
  signatureSummary: ComponentType<{ wizard: FormWizardApi<F, X>; submission: FormSubmitApi }>;
  /** The last step's button in the wizard's bar, or null when the summary holds the way to submit. */
  submitLabel: MessageKey | null;
  /** Whether the Email Submission panel holds its own Complete & Email button (the check sheet's). */
  emailPanelButton: MessageKey | null;
  /** The member of the one-step body that holds the form. */
  oneStepMember: string;
  /** Why the one-step completion cannot be sent yet, or null. */
  oneStepProblem(form: F, rating: Rating | null): Notice | null;
  /** Whether the rating (and so the email panel) is offered now. */
  ratingOffered(form: F, accountHolder: boolean): boolean;
  /**
   * Submission for a supervisor's approval, for account holders (the check sheet). Without it, account holders
   * complete the form in one step too (the timesheet).
   */
  approval?: {
    problem(form: F): Notice | null;
    succeeded: Notice;
  };
  /** Where the wizard goes after a submission: blank again at step 1 (timesheet), or home (check sheet). */
  afterSubmit: "restart" | "home";
  /** The toast for a failed save, by why it ran. */
  saveFailure(message: string, reason: SaveReason): Notice;
  /** The toast for 'Save as Draft' that reached the server. */
  draftSaved: { title: string; description?: string; keys?: NoticeKeys };
  /** The signature step's words in the reader's language. */
  signature(t: Translator["t"]): SignatureWords;
}

// biome-ignore lint/suspicious/noExplicitAny: a kind of any form type, for code that handles them all alike.
export type AnyWizardKind = WizardKind<any, any>;
