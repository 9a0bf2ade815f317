// Runs `langium generate` on Node 20: Chevrotain 13 needs `Object.groupBy`, which arrived in Node 21.
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) => {
    const groups = Object.create(null);
    let index = 0;
    for (const item of items) (groups[key(item, index++)] ??= []).push(item);
    return groups;
  };
}
process.argv.splice(2, 0, 'generate');
await import('../../node_modules/langium-cli/bin/langium.js');
