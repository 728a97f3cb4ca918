/**
 * The Plant Sheets mark (public/logo.svg), drawn in the page rather than fetched: on a first visit over a weak
 * signal an image file is one more request (562 ms on slow 4G) before the header is complete. Decorative: the
 * product name is always spelled out beside it.
 */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <rect width="64" height="64" rx="14" fill="#0f172a" />
      {/* A clipboard with a tick: the sheet a driver signs off each day. */}
      <rect x="16" y="13" width="32" height="40" rx="4" fill="#f59e0b" />
      <rect x="24" y="9" width="16" height="9" rx="3" fill="#fbbf24" stroke="#0f172a" strokeWidth="2.5" />
      <path
        d="M23 35l6 6 12-13"
        fill="none"
        stroke="#0f172a"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {/* Hazard stripes along the foot of the board. */}
      <path d="M16 47h32v2a4 4 0 0 1-4 4H20a4 4 0 0 1-4-4z" fill="#0f172a" />
      <path d="M22 53l6-6h4l-6 6zm10 0l6-6h4l-6 6z" fill="#f59e0b" />
    </svg>
  );
}
