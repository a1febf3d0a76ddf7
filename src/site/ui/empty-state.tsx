import type { ReactNode } from "react";

/** What a listing says when it has nothing to show; `children` offer a way on (a link). */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-3xl bg-sand p-8 md:p-10">
      <p className="m-0 max-w-2xl text-lg text-ink-soft">{text}</p>
      {children}
    </div>
  );
}
