import CircleCheck from "lucide-react/icons/circle-check";
import MailQuestionMark from "lucide-react/icons/mail-question-mark";
import { useSearchParams } from "wouter";
import { WorkshopTokenSchema } from "../../../domain/api/api";
import { LoadingScreen } from "../../components/loading-screen";
import { Problem } from "../../components/outcome";
import { ScreenLayout } from "../../components/screen-layout";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";
import { failureText } from "../../lib/failure-text";
import { useT } from "../../lib/i18n";
import { useConfirmWorkshop, useWorkshopLink } from "./api/organisation-queries";

/**
 * Where a workshop address's link lands (decision record 038): it says which company asks to mail its defect
 * alerts to which address, and the address gets them only once the person here presses Confirm. Opening the link
 * confirms nothing, as mail scanners open links by themselves. No account is needed.
 */
export function ConfirmWorkshopPage() {
  const t = useT();
  const TITLE = t("workshopLink.title");
  const back = { href: appPaths.home(), label: t("wizard.home") };
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // A link cut short by a mail client cannot work; say so without asking the server.
  const usable = WorkshopTokenSchema.safeParse({ token }).success;
  const request = useWorkshopLink(token, usable);
  const confirm = useConfirmWorkshop(token);

  if (!usable || request.isError) {
    return (
      <ScreenLayout title={TITLE} back={back}>
        <Card className="grid gap-4">
          <Problem text={usable ? failureText(request.error) : t("workshopLink.invalid")} />
          {usable ? (
            <Button variant="outline" onClick={() => void request.refetch()}>
              {t("auth.tryAgain")}
            </Button>
          ) : null}
        </Card>
      </ScreenLayout>
    );
  }
  if (request.isPending) {
    return (
      <ScreenLayout title={TITLE} back={back}>
        <LoadingScreen label={t("workshopLink.loading")} />
      </ScreenLayout>
    );
  }

  if (confirm.isSuccess) {
    return (
      <ScreenLayout title={TITLE} back={back}>
        <Card>
          <p role="status" className="flex items-start gap-2 text-lg font-semibold">
            <CircleCheck
              aria-hidden="true"
              className="mt-1 size-6 shrink-0 text-emerald-600 dark:text-emerald-400"
            />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {t("workshopLink.done", { company: confirm.data.organisationName, email: confirm.data.email })}
            </span>
          </p>
        </Card>
      </ScreenLayout>
    );
  }

  const { organisationName, email, alertsPerHour } = request.data;
  return (
    <ScreenLayout title={TITLE} back={back}>
      <Card className="grid gap-4">
        <div className="flex items-start gap-3">
          <MailQuestionMark
            aria-hidden="true"
            className="mt-1 size-8 shrink-0 text-amber-600 dark:text-amber-400"
          />
          <div className="min-w-0">
            <h2 className="text-xl font-bold [overflow-wrap:anywhere]">{organisationName}</h2>
            <p className="mt-1 [overflow-wrap:anywhere]">
              {t("workshopLink.ask", { company: organisationName, email })}
            </p>
          </div>
        </div>
        <p className="text-slate-700 dark:text-slate-300">
          {t("workshopLink.explained", { perHour: alertsPerHour })}
        </p>
        {confirm.isError ? <Problem text={failureText(confirm.error)} /> : null}
        <Button size="lg" onClick={() => confirm.mutate()} disabled={confirm.isPending}>
          {confirm.isPending ? t("workshopLink.confirming") : t("workshopLink.confirm")}
        </Button>
      </Card>
    </ScreenLayout>
  );
}
