import { fontWeights } from "../../lib/design-tokens";

/** The Northdesk wordmark (inline SVG: no request, crisp at any size). */
export function Logo({ title = "Northdesk" }: { title?: string }) {
  return (
    <svg width="148" height="32" viewBox="0 0 148 32" role="img" aria-label={title}>
      <rect x="0" y="2" width="28" height="28" rx="8" fill="#4176fa" />
      <path d="M8 22V10l12 12V10" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      {/* the page's own font, inherited (a font-family attribute would repeat the stack in every page's HTML), at the heading strike of 18px bold */}
      <text x="36" y="23" fontSize="18" fontWeight={fontWeights.bold} fill="currentColor">
        Northdesk
      </text>
    </svg>
  );
}
