/**
 * How many of `total` cards to show so every row is full: whole rows, at most `maxRows` of them.
 * A list shorter than one row is shown whole (there is nothing to fill it with), and so is the
 * last page of a list that has ended (`isComplete`). Without columns (a scroller) all are shown.
 */
export function cardsToShow({
  total,
  columns,
  maxRows = Infinity,
  isComplete = false,
}: {
  total: number;
  columns: number | undefined;
  maxRows?: number;
  isComplete?: boolean;
}): number {
  if (columns === undefined) return total;
  const limit = maxRows * columns;
  if (total <= columns || (isComplete && total <= limit)) return Math.min(total, limit);
  return Math.min(Math.floor(total / columns) * columns, limit);
}
