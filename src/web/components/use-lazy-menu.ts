import { useEffect, useRef, useState } from "react";
import { preloadWhenIdle } from "../lib/preload-when-idle";

/**
 * A header menu whose code (a dropdown with its positioning) is not part of the first screen: a plain button
 * stands in until it has loaded, shortly after the page is idle, and a press before then opens the menu as soon
 * as it arrives, with the focus the stand-in had.
 */
export function useLazyMenu(load: () => Promise<unknown>) {
  const [ready, setReady] = useState(false);
  const [open, setOpen] = useState(false);
  const [takeFocus, setTakeFocus] = useState(false);
  const standInRef = useRef<HTMLButtonElement>(null);

  const showMenu = () =>
    load().then(() => {
      setTakeFocus(document.activeElement === standInRef.current);
      setReady(true);
    });
  // biome-ignore lint/correctness/useExhaustiveDependencies: scheduled once, on mount.
  useEffect(() => preloadWhenIdle(showMenu), []);

  const openFromStandIn = () => {
    setOpen(true);
    void showMenu();
  };
  return { ready, open, setOpen, takeFocus, standInRef, openFromStandIn };
}
