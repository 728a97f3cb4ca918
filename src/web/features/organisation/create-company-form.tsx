import { useQueryClient } from "@tanstack/react-query";
import Building2 from "lucide-react/icons/building-complex";
import LoaderCircle from "lucide-react/icons/loader-circle";
import { type FormEvent, useState } from "react";
import { CreateOrganisationRequestSchema } from "../../../domain/api/api";
import { MAX_ORGANISATION_NAME_LENGTH } from "../../../domain/company/organisation";
import { done, type Outcome, Problem } from "../../components/outcome";
import { TextField } from "../../components/text-field";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { parseRequest } from "../../lib/parse-request";
import { setMyOrganisation } from "../../lib/use-my-organisation";
import { createCompany } from "./api/organisation-requests";

/**
 * For an account in no company: set one up (its first admin). Joining one is by the link or QR code a company
 * gives, so the screen says so rather than offering a search of companies.
 */
export function CreateCompanyForm({ onCreated }: { onCreated: (outcome: Outcome) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRequest(null, CreateOrganisationRequestSchema, { name });
    if (parsed.problem !== undefined) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const made = await createCompany(parsed.data);
      setMyOrganisation(queryClient, made);
      onCreated(done(t("company.created", { name: made.name })));
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="grid gap-4">
      <div className="flex items-start gap-3">
        <Building2 aria-hidden="true" className="mt-1 size-8 shrink-0 text-amber-600 dark:text-amber-400" />
        <div className="grid gap-2 text-slate-700 dark:text-slate-300">
          <p>{t("createCompany.notInCompany")}</p>
          <p>{t("createCompany.howToJoin")}</p>
        </div>
      </div>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-4 border-t border-slate-200 pt-4 dark:border-slate-800"
      >
        <h3 className="text-lg font-bold">{t("createCompany.heading")}</h3>
        <p className="text-slate-700 dark:text-slate-300">{t("createCompany.explained")}</p>
        <TextField
          label={t("createCompany.name")}
          value={name}
          onValueChange={setName}
          maxLength={MAX_ORGANISATION_NAME_LENGTH}
          autoComplete="organization"
          aria-invalid={problem !== null}
          aria-required="true"
        />
        {problem !== null ? <Problem text={problem} /> : null}
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> : null}
          {busy ? t("joinCode.creating") : t("createCompany.create")}
        </Button>
      </form>
    </Card>
  );
}
