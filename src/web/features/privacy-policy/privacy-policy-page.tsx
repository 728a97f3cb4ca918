import type { ReactNode } from "react";
import { STORAGE_KEYS } from "../../../domain/forms/constants";
import { ScreenLayout } from "../../components/screen-layout";

// Changing the policy's substance means changing this date too.
const LAST_UPDATED = "22 November 2026";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

/** The policy the consent banner links to; it opens in its own tab so the form underneath is not lost. */
export function PrivacyPolicyPage() {
  return (
    <ScreenLayout
      title="Privacy Policy"
      subtitle={`Last updated ${LAST_UPDATED}`}
      back={{ href: "/", label: "Plant Sheets" }}
    >
      <article className="space-y-6 leading-relaxed text-slate-800 dark:text-slate-200 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
        <p>
          Plant Sheets is used by plant and machine drivers, their supervisors and the clients they work for
          to complete weekly timesheets and daily plant check sheets. This policy explains what personal data
          the app handles, why, and the rights you have over it under the UK and EU General Data Protection
          Regulation (GDPR).
        </p>

        <Section title="Who is responsible for your data">
          <p>
            The company that runs this Plant Sheets service for you (usually the plant-hire or contracting
            company you drive for) is the data controller. Questions and requests about your data go to them.
          </p>
        </Section>

        <Section title="What we collect">
          <ul>
            <li>
              Your name and, if you create an account, your email address and a securely hashed password.
            </li>
            <li>
              Work records you enter: companies, site locations, plant and registration numbers, machine
              hours, van mileage, hours worked, order numbers and defect notes.
            </li>
            <li>Signatures drawn on screen and the printed names beside them.</li>
            <li>Photos you attach to a check sheet.</li>
            <li>
              Email addresses you enter to send a completed form, and the driver rating given by a supervisor.
            </li>
          </ul>
        </Section>

        <Section title="Why we use it">
          <ul>
            <li>To produce your timesheets and check sheets and send them to the people you choose.</li>
            <li>To keep your drafts and history when you use an account.</li>
            <li>To help keep plant safe to use and record its condition before and after hire.</li>
          </ul>
          <p>
            The legal bases are performing the work contract the forms belong to, legal duties on the safety
            of work equipment, and the legitimate interest in recording hours accurately.
          </p>
        </Section>

        <Section title="Where it is kept and for how long">
          <ul>
            <li>
              Without an account, a form is kept on your device while you fill it in. When you send it, it is
              held on our server only until the email has been delivered, then deleted.
            </li>
            <li>With an account, your forms are kept on our server until you or your company delete them.</li>
            <li>
              This device also remembers your theme and your privacy choice in its local storage (
              <code className="text-sm">{STORAGE_KEYS.theme}</code>,{" "}
              <code className="text-sm">{STORAGE_KEYS.privacyAccepted}</code> and related keys). These are not
              tracking cookies and are never sent anywhere.
            </li>
          </ul>
          <p>We do not use advertising or analytics trackers, and we do not sell your data.</p>
        </Section>

        <Section title="Who receives it">
          <p>
            Completed forms go to the client and supervisor email addresses entered on the form. Our email and
            hosting providers process the data only to deliver that service.
          </p>
        </Section>

        <Section title="Your rights under the GDPR">
          <ul>
            <li>
              <strong>Right of access:</strong> ask for a copy of the personal data held about you.
            </li>
            <li>
              <strong>Right to rectification:</strong> have inaccurate or incomplete data corrected.
            </li>
            <li>
              <strong>Right to erasure:</strong> have your data deleted when there is no reason to keep it.
            </li>
            <li>
              <strong>Right to data portability:</strong> receive your data in a structured, machine-readable
              format and have it passed to another organisation.
            </li>
            <li>
              You can also ask us to restrict or stop processing, and object to processing based on legitimate
              interest.
            </li>
          </ul>
          <p>
            If you are unhappy with how your data is handled, you can complain to your data protection
            authority; in the UK that is the Information Commissioner's Office (ico.org.uk).
          </p>
        </Section>

        <Section title="Your choice in the app">
          <p>
            You can accept or decline this policy in the privacy banner. Declining is remembered on this
            device; some features may then be limited.
          </p>
        </Section>
      </article>
    </ScreenLayout>
  );
}
