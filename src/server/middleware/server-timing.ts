/** Collects Server-Timing entries for one response (content source, render time, ...). */
export class ServerTiming {
  private entries: string[] = [];

  add(name: string, { dur, desc }: { dur?: number; desc?: string } = {}): void {
    let entry = name;
    if (desc !== undefined) entry += `;desc="${desc.replace(/["\\]/g, "")}"`;
    if (dur !== undefined) entry += `;dur=${Math.round(dur * 10) / 10}`;
    this.entries.push(entry);
  }

  header(): string {
    return this.entries.join(", ");
  }
}
