/**
 * The known name a misspelt one most likely meant: `batchSize` → `microBatch`,
 * `seqlen` → `seqLen`. Names are compared by their camelCase words first (a shared word
 * is a strong hint), then by edit distance; nothing is suggested for a name too far off.
 */

const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      const left = row[j - 1] ?? 0;
      row[j] = Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

/** Edits allowed per character of the typed name before a suggestion stops being useful. */
const MAX_EDIT_SHARE = 0.4;

export function nearestName(name: string, known: readonly string[]): string | undefined {
  const typed = words(name);
  let best: { name: string; shared: number; distance: number } | undefined;
  for (const candidate of known) {
    const own = words(candidate);
    const shared = typed.filter((w) => own.includes(w)).length;
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (shared === 0 && distance > Math.max(1, Math.floor(name.length * MAX_EDIT_SHARE))) continue;
    if (!best || shared > best.shared || (shared === best.shared && distance < best.distance))
      best = { name: candidate, shared, distance };
  }
  return best?.name;
}
