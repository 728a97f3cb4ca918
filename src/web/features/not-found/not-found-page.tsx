import { SearchX } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { buttonClasses } from "../../components/ui/button";

export function NotFoundPage() {
  useEffect(() => {
    document.title = "Page Not Found - Plant Sheets";
  }, []);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 pb-48 text-center">
      <SearchX aria-hidden="true" className="size-12 text-amber-600 dark:text-amber-400" />
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-slate-700 dark:text-slate-300">
        There is nothing at this address. Check the link, or start again from the home screen.
      </p>
      <Link href="/" className={buttonClasses("primary", "lg")}>
        Go to home
      </Link>
    </main>
  );
}
