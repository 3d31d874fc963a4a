/**
 * Colours in tokens.css (`--series-1` … `--series-12`). A training breakdown has up to ten
 * parts, so every part of one bar gets its own colour; the legend row beside it repeats the
 * colour next to the part's name.
 */
export const SERIES_COLOURS = 12;

export const seriesColour = (n: number): string => `var(--series-${(n % SERIES_COLOURS) + 1})`;
