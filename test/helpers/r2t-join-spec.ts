import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * examples/r2t's two releases over orders ⋈ customers (issue 39's syntax), their datasets read from `customers` and
 * `orders` as written in the spec: a quoted path or a `postgres table "…"` source.
 */
export const r2tJoinSpec = (customers: string, orders: string) =>
  `dataset customers from ${customers} { identifying name  unit customer_id  insensitive region }
dataset orders from ${orders} { insensitive customer_id, amount }
hierarchy region { "north", "south", "east", "west" -> "*" }
budget { epsilon 4 }
release n_orders:  count from orders join customers on customer_id by region  bound unit auto up to 65536  laplace epsilon 1
release revenue:   sum amount clamp 0..1000 from orders join customers on customer_id  bound unit auto up to 65536  laplace epsilon 1
`;

/** The CSV files of a folder by name, with their text: what two runs wrote, to compare byte for byte. */
export function csvOutputs(dir: string): Map<string, string> {
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .map((f) => [f, readFileSync(join(dir, f), 'utf8')]),
  );
}
