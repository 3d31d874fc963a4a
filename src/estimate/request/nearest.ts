/**
 * The known name a misspelt one most likely meant: `batchSize` → `microBatch`,
 * `seqlen` → `seqLen`. Names are compared by their camelCase words first (a shared word
 * is a strong hint), then by edit distance; nothing is suggested for a name too far off.
 * The work is bounded whatever is typed: a name longer than any plausible one gets no
 * suggestion, and the edit distance stops as soon as it exceeds what would be suggested.
 */

/**
 * Longer than any field, task, GPU or preset name by far (the longest is under 40
 * characters); a longer name is not a typo of one, and comparing it would cost its length
 * times every known name's.
 */
const MAX_NAME_CHARS = 64;

const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

/** Levenshtein distance, or `limit + 1` as soon as it is sure to exceed `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      const left = row[j - 1] ?? 0;
      row[j] = Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
      best = Math.min(best, row[j] ?? 0);
    }
    if (best > limit) return limit + 1;
  }
  return row[b.length] ?? 0;
}

/** Edits allowed per character of the typed name before a suggestion stops being useful. */
const MAX_EDIT_SHARE = 0.4;

export function nearestName(name: string, known: readonly string[]): string | undefined {
  if (name.length > MAX_NAME_CHARS) return undefined;
  const typed = words(name);
  const limit = Math.max(1, Math.floor(name.length * MAX_EDIT_SHARE));
  let best: { name: string; shared: number; distance: number } | undefined;
  for (const candidate of known) {
    const own = words(candidate);
    const shared = typed.filter((w) => own.includes(w)).length;
    // With a shared word the distance only ranks candidates, so it is computed in full.
    const distance = editDistance(
      name.toLowerCase(),
      candidate.toLowerCase(),
      shared ? Number.POSITIVE_INFINITY : limit,
    );
    if (shared === 0 && distance > limit) continue;
    if (!best || shared > best.shared || (shared === best.shared && distance < best.distance))
      best = { name: candidate, shared, distance };
  }
  return best?.name;
}
