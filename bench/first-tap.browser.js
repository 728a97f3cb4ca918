// Runs in the page before any of its scripts (read as text by first-tap.ts, so no build step touches it), so
// its click listener comes before the page's own. It records, in the page's clock (milliseconds since the
// navigation started), every click with whether the page answered it at once (it changed the address, or the
// tapped control says it is loading with aria-busy), the first paint, and when the wizard's heading was drawn.
({ heading, route }) => {
  const record = { clicks: [], wizardAt: null, firstPaintAt: null, navigations: 1 };
  try {
    record.navigations = Number(sessionStorage.getItem("first-tap-navigations") ?? 0) + 1;
    sessionStorage.setItem("first-tap-navigations", String(record.navigations));
  } catch {
    // Without storage a second navigation shows as a page without the wizard.
  }
  window.__firstTap = record;
  window.addEventListener(
    "click",
    (event) => {
      const at = performance.now();
      const target = event.target instanceof Element ? event.target : null;
      const before = window.location.href;
      const aimedAtHome = !before.includes(route);
      // Once the click has gone through every listener: did anything show that it was taken?
      setTimeout(() => {
        const busy = target?.closest('[aria-busy="true"]') != null;
        record.clicks.push({ at, aimedAtHome, answered: busy || window.location.href !== before });
      }, 0);
    },
    { capture: true },
  );
  new MutationObserver(() => {
    if (record.wizardAt !== null) return;
    if (document.querySelector("h1")?.textContent?.trim() !== heading) return;
    record.wizardAt = -1;
    requestAnimationFrame(() => {
      record.wizardAt = performance.now();
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntriesByName("first-contentful-paint"))
      record.firstPaintAt = entry.startTime;
  }).observe({ type: "paint", buffered: true });
};
