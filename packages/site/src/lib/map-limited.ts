// Many fetches, a few at a time: a browser opens only so many connections to one host, and a
// page that asks for sixty files at once starves its own charts and scripts of them.

/**
 * `task` over every item, at most `limit` at once, each outcome in the items' order (settled, as
 * Promise.allSettled gives them: one failure does not stop the others).
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const outcomes: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        outcomes[index] = { status: 'fulfilled', value: await task(items[index] as T, index) };
      } catch (reason) {
        outcomes[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return outcomes;
}
