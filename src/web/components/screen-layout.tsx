import ArrowLeft from "lucide-react/icons/arrow-left";
import { type ReactNode, useEffect } from "react";
import { Link } from "wouter";
import { cn } from "../lib/cn";
import { useT } from "../lib/i18n";
import { OfflineStatus } from "../offline/offline-status";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";
import { buttonClasses } from "./ui/button";

interface ScreenLayoutProps {
  title: string;
  /** A line under the title, e.g. the date or the order number. */
  subtitle?: ReactNode;
  back?: { href: string; label: string };
  /** An office screen's width from 1024 px, for screens listing many sets; otherwise a phone's column. */
  wide?: boolean;
  children: ReactNode;
}

// The header is dark in both themes, so its controls are styled for a dark background in both.
const onDarkBar = "text-white hover:bg-slate-800 hover:text-white dark:text-white dark:hover:bg-slate-800";

/** The frame of every screen except home: the brand bar with a back link, the screen title, the theme switch. */
export function ScreenLayout({ title, subtitle, back, wide = false, children }: ScreenLayoutProps) {
  const width = wide ? "max-w-2xl lg:max-w-7xl" : "max-w-2xl";
  const t = useT();
  const productName = t("header.productName");
  useEffect(() => {
    document.title = `${title} - ${productName}`;
  }, [title, productName]);

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b-4 border-amber-500 bg-slate-900 text-white">
        <div className={cn("mx-auto flex items-center gap-2 px-2 py-1.5", width)}>
          {back ? (
            <Link href={back.href} className={cn(buttonClasses("ghost"), onDarkBar, "px-3")}>
              <ArrowLeft aria-hidden="true" className="size-5" />
              <span>{back.label}</span>
            </Link>
          ) : (
            <Link href="/" className={cn(buttonClasses("ghost"), onDarkBar, "px-2")}>
              <Logo className="size-8" />
              <span>{productName}</span>
            </Link>
          )}
          <div
            className={cn("ms-auto flex rounded-lg", "[&_button]:text-white [&_button:hover]:bg-slate-800")}
          >
            <LanguageToggle />
            <ThemeToggle />
          </div>
        </div>
        <OfflineStatus className={cn("mx-auto px-3 pb-2", width)} />
      </header>
      <main className={cn("mx-auto px-4 pt-5 pb-48", width)}>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {subtitle ? <div className="mt-1 text-slate-700 dark:text-slate-300">{subtitle}</div> : null}
        <div className="mt-5">{children}</div>
      </main>
    </div>
  );
}
