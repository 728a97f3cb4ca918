import type { LucideIcon } from "lucide-react";
import ArrowRight from "lucide-react/icons/arrow-right";
import ClipboardCheck from "lucide-react/icons/clipboard-check";
import ClipboardList from "lucide-react/icons/clipboard-list";
import Clock from "lucide-react/icons/clock";
import ShieldCheck from "lucide-react/icons/shield-check";
import { useLocation } from "wouter";
import type { MessageKey } from "../../../domain/text/i18n/translate";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths, type FormKind } from "../../lib/app-paths";
import { useT } from "../../lib/i18n";
import { useIsCompanyMember } from "../../lib/use-my-organisation";
import { IconHeading } from "./card-parts";
import { ReturnedFormsBanner } from "./returned-forms-banner";

interface StartCardProps {
  icon: LucideIcon;
  title: string;
  description: string;
  startLabel: string;
  onStart: () => void;
}

function StartCard({ icon, title, description, startLabel, onStart }: StartCardProps) {
  return (
    <Card className="flex flex-col">
      <IconHeading icon={icon} title={title} description={description} level="h3" />
      <Button size="lg" className="mt-4 w-full sm:mt-auto" onClick={onStart}>
        {startLabel}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Button>
    </Card>
  );
}

/** The two forms a driver starts from the dashboard, their words by message key. */
const START_CARDS: readonly {
  form: FormKind;
  icon: LucideIcon;
  title: MessageKey;
  description: MessageKey;
  startLabel: MessageKey;
}[] = [
  {
    form: "timesheet",
    icon: Clock,
    title: "home.timesheetTitle",
    description: "home.dashboardTimesheetDescription",
    startLabel: "home.startTimesheet",
  },
  {
    form: "check-sheet",
    icon: ClipboardCheck,
    title: "home.dashboardCheckSheetTitle",
    description: "home.dashboardCheckSheetDescription",
    startLabel: "home.startCheckSheet",
  },
];

// Stands for the driver's name in the welcome, so the name can be set in bold wherever the language puts it.
const NAME_MARK = "\u2063";

/** The Operator Dashboard ('forms' tab): a welcome by name and the two forms to start. */
export function OperatorDashboard({ driverName }: { driverName: string }) {
  const [, navigate] = useLocation();
  const start = (form: FormKind) => navigate(appPaths.customerSelection(form));
  // A company's driver submits to the office: the personal supervisor workflow is for drivers without one.
  const companyMember = useIsCompanyMember();
  const t = useT();
  const [beforeName, afterName = ""] = t("home.welcome", { name: NAME_MARK }).split(NAME_MARK);
  return (
    <section aria-labelledby="dashboard-heading">
      {companyMember ? <ReturnedFormsBanner /> : null}
      <h2 id="dashboard-heading" className="text-xl font-bold">
        {t("home.operatorDashboard")}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">
        {beforeName}
        <strong className="text-slate-900 dark:text-white">{driverName}</strong>
        {afterName}
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {START_CARDS.map(({ form, icon, title, description, startLabel }) => (
          <StartCard
            key={form}
            icon={icon}
            title={t(title)}
            description={t(description)}
            startLabel={t(startLabel)}
            onStart={() => start(form)}
          />
        ))}
      </div>
      {companyMember ? null : (
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          <Button variant="outline" size="lg" onClick={() => navigate(appPaths.collation())}>
            <ClipboardList aria-hidden="true" className="size-5" />
            {t("home.viewCollations")}
          </Button>
          <Button variant="outline" size="lg" onClick={() => navigate(appPaths.collation("ready"))}>
            <ShieldCheck aria-hidden="true" className="size-5" />
            {t("home.presentForApproval")}
          </Button>
        </div>
      )}
    </section>
  );
}
