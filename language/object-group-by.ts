/**
 * Chevrotain 13 (Langium's parser library) calls `Object.groupBy`, which Node gains only in version 21.
 * The project supports Node 20 and VS Code's bundled runtime, so every entry that builds a parser imports this first.
 */
type GroupBy = <T, K extends PropertyKey>(items: Iterable<T>, key: (item: T, index: number) => K) => Partial<Record<K, T[]>>;

const objectWithGroupBy = Object as unknown as { groupBy?: GroupBy };

if (typeof objectWithGroupBy.groupBy !== 'function') {
  objectWithGroupBy.groupBy = <T, K extends PropertyKey>(items: Iterable<T>, key: (item: T, index: number) => K) => {
    const groups = Object.create(null) as Partial<Record<K, T[]>>;
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      (groups[k] ??= []).push(item);
    }
    return groups;
  };
}

export {};
