/**
 * Chevrotain 13 (Langium's parser library) calls `Object.groupBy`, which Node gains only in version 21.
 * The project supports Node 20 and VS Code's bundled runtime, so every entry that builds a parser imports this first.
 */
function groupBy<T, K extends PropertyKey>(
  items: Iterable<T>,
  key: (item: T, index: number) => K,
): Partial<Record<K, T[]>> {
  const groups = Object.create(null) as Partial<Record<K, T[]>>;
  let index = 0;
  for (const item of items) {
    const k = key(item, index++);
    (groups[k] ??= []).push(item);
  }
  return groups;
}

if (typeof Reflect.get(Object, 'groupBy') !== 'function') Reflect.set(Object, 'groupBy', groupBy);

export {};
