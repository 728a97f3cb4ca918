// Runs in every page of the tab before any of its scripts (read as text by first-tap.ts, so no build step
// touches it), so its click listener comes before the page's own. A tap on a real link loads another page, so
// what it records is kept in the tab's sessionStorage, in milliseconds since the first page's navigation
// started: every click, with whether the page answered it (it loaded another page, changed its address, or
// the tapped control says it is loading with aria-busy), the first paint, and when the wizard's heading was
// drawn. window.__firstTap() reads it.
({ heading, route }) => {
  const KEY = "first-tap-record";
  const now = () => performance.timeOrigin + performance.now();
  const load = () => {
    try {
      return JSON.parse(sessionStorage.getItem(KEY) ?? "null");
    } catch {
      return null;
    }
  };
  const record = load() ?? {
    origin: performance.timeOrigin,
    clicks: [],
    wizardAt: null,
    firstPaintAt: null,
    pages: 0,
  };
  record.pages += 1;
  const save = () => sessionStorage.setItem(KEY, JSON.stringify(record));
  save();
  window.__firstTap = () => load();

  window.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      const before = window.location.href;
      const click = { at: now() - record.origin, aimedAtHome: !before.includes(route), answered: null };
      record.clicks.push(click);
      save();
      // Once the click has gone through every listener: did anything show that it was taken?
      setTimeout(() => {
        if (click.answered !== null) return;
        const busy = target?.closest('[aria-busy="true"]') != null;
        const followed = target?.closest("a[href]") != null && !event.defaultPrevented;
        click.answered = busy || followed || window.location.href !== before;
        save();
      }, 0);
    },
    { capture: true },
  );
  // A page left before its clicks were looked at was left because of them.
  window.addEventListener("pagehide", () => {
    for (const click of record.clicks) if (click.answered === null) click.answered = true;
    save();
  });
  new MutationObserver(() => {
    if (record.wizardAt !== null) return;
    if (document.querySelector("h1")?.textContent?.trim() !== heading) return;
    record.wizardAt = -1;
    requestAnimationFrame(() => {
      record.wizardAt = now() - record.origin;
      save();
    });
  }).observe(document, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((entries) => {
    if (record.firstPaintAt !== null) return;
    for (const entry of entries.getEntriesByName("first-contentful-paint")) {
      record.firstPaintAt = performance.timeOrigin + entry.startTime - record.origin;
      save();
    }
  }).observe({ type: "paint", buffered: true });
};
