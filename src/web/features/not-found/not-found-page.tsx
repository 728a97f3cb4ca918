import SearchX from "lucide-react/icons/search-x";
import { useEffect } from "react";
import { Link } from "wouter";
import { buttonClasses } from "../../components/ui/button";
import { useT } from "../../lib/i18n";

export function NotFoundPage() {
  const t = useT();
  const title = t("notFound.title");
  const productName = t("header.productName");
  useEffect(() => {
    document.title = `${title} - ${productName}`;
  }, [title, productName]);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 p-6 pb-48 text-center">
      <SearchX aria-hidden="true" className="size-12 text-amber-600 dark:text-amber-400" />
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700 dark:text-slate-300">{t("notFound.text")}</p>
      <Link href="/" className={buttonClasses("primary", "lg")}>
        {t("notFound.goHome")}
      </Link>
    </main>
  );
}
