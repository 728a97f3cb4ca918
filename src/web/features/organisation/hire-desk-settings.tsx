import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { OrganisationResponse } from "../../../domain/api/api";
import { may } from "../../../domain/company/organisation";
import { Card } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { toast } from "../../components/ui/use-toast";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { setMyOrganisation } from "../../lib/use-my-organisation";
import { saveHireDesk } from "./api/organisation-requests";

/** The select's value for no one: account ids are UUIDs, so it is never one. */
const NOBODY = "nobody";

/**
 * Who in the office is mailed the drivers' off-hire notes, for the company's admins: one of its supervisors and
 * admins, or no one. A pick is saved at once.
 */
export function HireDeskSettings({ organisation }: { organisation: OrganisationResponse }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const office = (organisation.members ?? []).filter((member) => may(member.role, "view-member-forms"));

  const save = async (value: string) => {
    const accountId = value === NOBODY ? null : value;
    if (accountId === organisation.hireDeskAccountId) return;
    setBusy(true);
    try {
      setMyOrganisation(queryClient, await saveHireDesk(organisation.id, accountId));
      const desk = office.find((member) => member.accountId === accountId);
      toast({
        title: desk ? t("hireDesk.saved", { name: desk.fullName }) : t("hireDesk.savedNobody"),
        variant: "success",
      });
    } catch (error) {
      toast({ title: t("hireDesk.notSaved"), description: failureText(error), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="hire-desk-heading">
      <Card className="grid gap-3">
        <h3 id="hire-desk-heading" className="text-lg font-bold">
          {t("hireDesk.heading")}
        </h3>
        <p className="text-slate-700 dark:text-slate-300">{t("hireDesk.explained")}</p>
        <div>
          <Label htmlFor={id}>{t("hireDesk.label")}</Label>
          <Select
            value={organisation.hireDeskAccountId ?? NOBODY}
            disabled={busy}
            onValueChange={(value) => void save(value)}
          >
            <SelectTrigger id={id} className="h-auto min-h-11 text-start whitespace-normal">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NOBODY}>{t("hireDesk.nobody")}</SelectItem>
              {office.map((member) => (
                <SelectItem key={member.accountId} value={member.accountId}>
                  {t("hireDesk.member", { name: member.fullName, email: member.email })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </Card>
    </section>
  );
}
