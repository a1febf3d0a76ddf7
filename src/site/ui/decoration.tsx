/** A filled disc in the text colour (`text-*` in `className` colours it), behind a block's content: decoration only, hidden from assistive technology. */
export function Disc({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 200 200" className={className}>
      <circle cx="100" cy="100" r="100" fill="currentColor" />
    </svg>
  );
}
