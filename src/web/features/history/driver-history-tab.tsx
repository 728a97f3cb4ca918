import { FilePlus2, History } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { appPaths } from "../../lib/app-paths";

/** Driver History in its empty state (spec section 2), which points to the dashboard's start cards. */
export function DriverHistoryTab() {
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-xl font-bold">
        Driver History
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">Your completed timesheets and check sheets.</p>
      <Card className="mt-3 flex flex-col items-center gap-3 py-8 text-center">
        <History aria-hidden="true" className="size-10 text-slate-500 dark:text-slate-400" />
        <h3 className="text-lg font-bold">No Completed Sheets Yet</h3>
        <p className="max-w-sm text-slate-700 dark:text-slate-300">
          Completed sheets are listed here with their plant number and dates, so you can open any of them
          again.
        </p>
        <Button size="lg" onClick={() => navigate(appPaths.home("forms"))}>
          <FilePlus2 aria-hidden="true" className="size-5" />
          Create Your First Sheet
        </Button>
      </Card>
    </section>
  );
}
