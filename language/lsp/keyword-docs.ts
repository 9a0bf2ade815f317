/**
 * One table of what each keyword of the language means, shared by completion (every item's documentation) and hover
 * (on the keyword), so that the two never say different things. The wording follows the grammar's doc comments
 * (`privspec.langium`), made specific to each keyword.
 */
export interface KeywordDoc {
  /** One line for the completion list. */
  readonly detail: string;
  /** Markdown for the documentation pane and the hover. */
  readonly doc: string;
  /** A snippet with tab stops, when the keyword starts a construct. */
  readonly snippet?: string;
}

const k = (detail: string, doc: string, snippet?: string): KeywordDoc => ({
  detail,
  doc,
  ...(snippet ? { snippet } : {}),
});

/** The paper behind `bound unit auto`, joins and the pair and triangle counts. */
const R2T =
  'Dong, Fang, Yi, Tao, Machanavajjhala, “R2T: Instance-optimal Truncation for Differentially Private Query Evaluation with Foreign Keys”, SIGMOD 2022';
const UP_TO =
  '`up to GS`: GS is the public upper bound on one unit’s contribution (its rows, its clamped sum, or the edges or triangles on one node), an integer ≥ 2 chosen without looking at the data. R2T tries τ = 2, 4, … up to the first power of two ≥ GS and splits ε over them, so its error grows with log GS, not with GS.';

export const KeywordDocs: Readonly<Record<string, KeywordDoc>> = {
  // Declarations.
  dataset: k(
    'the data: a CSV and the role of its columns',
    'The data the spec is about: a CSV file, resolved relative to the spec, and the role of its columns.',
    'dataset ${1:name} from "${2:data.csv}" {\n\tidentifying ${3:name}\n\tquasi ${4:age}\n\tsensitive ${5:diagnosis}\n}',
  ),
  hierarchy: k(
    'generalization hierarchy of a column',
    'A generalization hierarchy for one column: built from a rule (`intervals`, `mask`, `date`), read from an ARX file (`from "file.csv"`), or given as groups (`{ "M", "F" -> "*" }`).',
    'hierarchy ${1:column}: ${2|intervals 10\\, 20,mask 1\\, 2,date month\\, year|}',
  ),
  anonymity: k(
    'the model generalize releases must satisfy',
    'The anonymity model that `generalize` releases must satisfy: `k`, `l-diversity`, `suppression`, `metric`, and pinned levels (`generalize COL L`).',
    'anonymity { k ${1:5}  suppression ${2:2}% }',
  ),
  budget: k(
    'the privacy budget',
    'The privacy budget for every differentially private release in this spec: `epsilon`, `delta`, `rho` and the `accounting` (pure, approx, zcdp).',
    'budget { epsilon ${1:1}${2:  delta 1e-6  accounting zcdp} }',
  ),
  release: k(
    'a planned release',
    'One planned release: a query over the dataset and, for differentially private ones, its mechanism.',
    'release ${1:name}: count by ${2:column}  bound unit groups ${3:1} rows ${4:1}  laplace epsilon ${5:0.1}',
  ),
  // Database datasets (`dataset d from postgres table "schema.t"`).
  postgres: k(
    'a PostgreSQL table as the dataset',
    'The dataset is a table in PostgreSQL: `from postgres table "schema.table"`. The server and the credentials come from the environment (PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD, PGSERVICE or ~/.pgpass), never from the spec; only aggregates are read for risk, search and DP releases (docs/databases.md).',
  ),
  clickhouse: k(
    'a ClickHouse table as the dataset',
    'The dataset is a table in ClickHouse, e.g. a Distributed table over shards: `from clickhouse table "db.table"`. The server and the credentials come from CLICKHOUSE_URL, CLICKHOUSE_USER and CLICKHOUSE_PASSWORD, never from the spec; the frequency table and the release aggregates run as distributed queries (docs/databases.md).',
  ),
  table: k(
    'the table that holds the data',
    'The table in the database that holds the data: `"schema.table"` (PostgreSQL) or `"db.table"` (ClickHouse), quoted.',
  ),
  // Dataset clauses.
  identifying: k(
    'removed from every release',
    '`identifying` columns are removed from every release (names, record numbers).',
  ),
  quasi: k(
    'generalized by their hierarchies',
    '`quasi` columns (quasi-identifiers) can be linked with outside data; they are generalized by their hierarchies (Sweeney 2002).',
  ),
  sensitive: k(
    'protected by ℓ-diversity',
    '`sensitive` columns are protected by ℓ-diversity (Machanavajjhala et al. 2006).',
  ),
  insensitive: k('released as they are', '`insensitive` columns are released as they are.'),
  unit: k(
    'the privacy unit (one person)',
    'The privacy unit for user-level differential privacy: the column that identifies one person. Releases must then bound what one unit contributes (`bound unit …`).',
  ),
  weight: k(
    'survey weight (never released)',
    'The survey weight of each record: how many people it stands for. The individual re-identification risk of each record follows from it (Benedetti & Franconi 1998; Franconi & Polettini 2004) — see `privspec risk --weight`; the CSV diagnostics flag records above `privspec.risk.threshold`. The column is never released.',
    'weight ${1:column}',
  ),
  sampling: k(
    'fraction of the population in the file',
    'The fraction of the population that the file holds, for population-uniqueness estimates.',
  ),
  correlation: k(
    'correlated units (Bayesian DP)',
    'Privacy units whose values are correlated: an edge list `a,b[,weight]`; sums and counts are calibrated to Bayesian DP (Yang, Sato, Nakagawa, SIGMOD 2015).',
    'correlation from "${1:edges.csv}" prior ${2:0.1}',
  ),
  // Hierarchy builders.
  intervals: k(
    'numeric intervals, one width per level',
    'Numeric intervals of the given widths, one level each, starting at `from` (default 0); the top level is `*`.',
    'intervals ${1:10}, ${2:20}',
  ),
  mask: k(
    'mask trailing characters per level',
    'Masks the given number of trailing characters at each level (`10001` → `1000*` → `100**`); the top level is `*`.',
    'mask ${1:1}, ${2:2}',
  ),
  date: k(
    'truncate ISO dates',
    'Truncates ISO dates (YYYY-MM-DD) to the given units, one level each; the top level is `*`.',
    'date ${1:month}, ${2:year}',
  ),
  month: k('date level', 'Truncates a date to its month.'),
  year: k('date level', 'Truncates a date to its year.'),
  decade: k('date level', 'Truncates a date to its decade.'),
  // Anonymity clauses.
  k: k(
    'k-anonymity',
    'k-anonymity: every combination of quasi-identifier values is shared by at least k rows (Sweeney 2002).',
    'k ${1:5}',
  ),
  'l-diversity': k(
    'ℓ-diversity of a sensitive column',
    'ℓ-diversity of a sensitive column within every equivalence class (Machanavajjhala et al. 2006); `recursive` takes its c after `c`.',
    'l-diversity ${1|distinct,entropy,recursive|} ${2:3} on ${3:diagnosis}',
  ),
  't-closeness': k(
    't-closeness of a sensitive column',
    't-closeness of a sensitive column (Li, Li & Venkatasubramanian 2007): in every equivalence class, its distribution is within Earth Mover’s Distance t (0 < t ≤ 1) of its distribution over all rows. The ground distance is `equal` (the default), `ordered` (numbers by value, other values alphabetically) or `hierarchical` (the hierarchy the spec declares for the column).',
    't-closeness ${1|equal,ordered,hierarchical|} ${2:0.2} on ${3:diagnosis}',
  ),
  equal: k(
    'equal ground distance',
    'Every two values are at distance 1: the EMD is the total variation distance ½ Σ |p − q| (Li et al. 2007).',
  ),
  ordered: k(
    'ordered ground distance',
    'Values in order (numbers by value) are |i − j|/(m − 1) apart, so moving a class’s mass to nearby values costs little (Li et al. 2007).',
  ),
  hierarchical: k(
    'hierarchical ground distance',
    'Two values are as far apart as the level of their lowest common ancestor in the column’s hierarchy, over its height (Li et al. 2007); the spec must declare a tree-shaped hierarchy for the column.',
  ),
  distinct: k(
    'ℓ distinct values per class',
    'Distinct ℓ-diversity: at least ℓ distinct sensitive values in every class.',
  ),
  entropy: k(
    'entropy ℓ-diversity / metric',
    'Entropy ℓ-diversity (the entropy of each class’s sensitive values is at least ln ℓ). As a metric, non-uniform entropy (Gionis & Tassa 2009; ARX’s default), monotonic: a suppressed row counts as if only generalized, so more generalization never lowers the loss and the search may prune, but suppression looks free — prefer `entropy-nm` when the suppression limit is large.',
  ),
  recursive: k(
    'recursive (c, ℓ)-diversity',
    'Recursive (c, ℓ)-diversity: the most frequent value is rarer than c times the sum of the less frequent ones from the ℓ-th on.',
  ),
  suppression: k(
    'largest share of rows suppressed',
    'The largest share of rows the search may suppress, as a fraction (0.02) or a percentage (2%).',
    'suppression ${1:2}%',
  ),
  metric: k(
    'information-loss metric',
    'The information-loss metric the search minimizes: `entropy`, `entropy-nm`, `loss`, `discernibility`, `l1`.',
    'metric ${1|entropy,entropy-nm,loss,discernibility,l1|}',
  ),
  generalize: k(
    'pin a level / release the generalized file',
    'In `anonymity { }`: pins a quasi-identifier to a level of its hierarchy (`generalize zip 1`). As a query: the whole file, generalized and suppressed to satisfy the anonymity block.',
  ),
  'entropy-nm': k(
    'non-monotonic entropy metric',
    'Non-uniform entropy, non-monotonic (ARX’s variant): the `entropy` loss plus, per quasi-identifier, the entropy of the suppressed rows’ values, so suppressing a row costs what it hides. Choose it over `entropy` when transformations differ mainly in how much they suppress; the search cannot prune on it and takes longer.',
  ),
  loss: k(
    'generalization loss metric',
    'The loss metric (Iyengar 2002): the share of each value’s domain that its generalization covers.',
  ),
  discernibility: k(
    'discernibility metric',
    'The discernibility metric (Bayardo & Agrawal 2005): the sum of squared class sizes, suppressed rows counted as n.',
  ),
  l1: k('L1 utility', 'L1 distance between the original and the released frequency distributions.'),
  on: k(
    'a sensitive column, or a join key',
    'In `l-diversity … on COL` and `t-closeness … on COL`, the sensitive column they protect; in `from T join U on K`, the key column both tables carry, which ties each row of T to its row of U.',
  ),
  c: k('c of recursive (c, ℓ)-diversity', 'The c of recursive (c, ℓ)-diversity.'),
  // Budget clauses.
  epsilon: k(
    'ε: privacy loss',
    'ε, the privacy loss: of pure ε-DP (Laplace, exponential), or the ε of (ε, δ)-DP.',
    'epsilon ${1:0.1}',
  ),
  delta: k(
    'δ: failure probability of (ε, δ)-DP',
    'δ of (ε, δ)-DP: the probability the ε bound may fail; keep δ ≪ 1/n.',
    'delta ${1:1e-6}',
  ),
  rho: k(
    'ρ: zero-concentrated DP',
    'ρ of ρ-zCDP (Bun & Steinke 2016); Gaussian noise has σ = Δ₂/√(2ρ).',
    'rho ${1:0.01}',
  ),
  accounting: k(
    'how costs are composed',
    'How costs are composed: `pure` (ε adds up), `approx` ((ε, δ) add up), `zcdp` (ρ adds up; a budget written as (ε, δ) allows the largest ρ within it).',
    'accounting ${1|pure,approx,zcdp|}',
  ),
  pure: k('pure ε-DP accounting', 'Pure ε-differential privacy: every release must be ε-DP and the ε add up.'),
  approx: k('(ε, δ) accounting', 'Approximate (ε, δ)-DP with basic composition: the ε and the δ add up.'),
  zcdp: k(
    'zero-concentrated DP accounting',
    'ρ-zCDP (Bun & Steinke 2016): the ρ add up; converted to (ε, δ) at the end.',
  ),
  // Queries.
  count: k(
    'count (per group)',
    'A count, optionally per group (a histogram) and restricted to the rows matching `where`.',
    'count by ${1:column}',
  ),
  sum: k(
    'clamped sum',
    'A sum of a numeric column, clamped to the given range so that its sensitivity is finite.',
    'sum ${1:column} clamp ${2:0}..${3:100}',
  ),
  mean: k(
    'clamped mean',
    'A mean of a numeric column, clamped to the given range; a noisy sum over a noisy count.',
    'mean ${1:column} clamp ${2:0}..${3:100}',
  ),
  mode: k(
    'most frequent value (exponential mechanism)',
    'The most frequent value of a column, chosen by the exponential mechanism (McSherry & Talwar 2007).',
    'mode ${1:column}  exponential epsilon ${2:0.1}',
  ),
  pram: k(
    'post-randomization',
    'Post-randomization (PRAM, Gouweleeuw et al. 1998): each value is kept with probability `retain`, otherwise replaced by a uniform draw from the column’s domain.',
    'pram ${1:column} retain ${2:0.8}',
  ),
  local: k(
    'local differential privacy',
    'Local DP: each privacy unit’s value of the column is randomized on its own — by k-ary randomized response (Warner 1965; Wang et al., USENIX Security 2017) or by the count-mean sketch (Apple Differential Privacy Team 2017) — one report per unit; the report holds the unbiased counts of the declared values with their standard errors, and `privspec estimate` recomputes them from a file of reports.',
    'local ${1:column} ${2|randomized-response,count-mean-sketch|} epsilon ${3:2}',
  ),
  'randomized-response': k(
    'k-ary randomized response',
    'Each unit reports its value with probability e^ε/(e^ε + k − 1), otherwise another declared value uniformly (Warner 1965; Wang et al. 2017): ε-local DP.',
  ),
  'count-mean-sketch': k(
    'count-mean sketch',
    'Each unit reports one of `hashes` hash functions and a `width`-cell ±1 vector of its value, each cell flipped with probability 1/(e^{ε/2} + 1) (Apple Differential Privacy Team 2017): ε-local DP; its error does not grow with the domain.',
    'count-mean-sketch epsilon ${1:4} hashes ${2:256} width ${3:1024}',
  ),
  hashes: k(
    'sketch hash functions',
    'The count-mean sketch’s number of hash functions (rows of its matrix), 1 to 65,536.',
  ),
  width: k('sketch width', 'The count-mean sketch’s cells per report (columns of its matrix), 2 to 65,536.'),
  grid: k(
    '2-D grid of counts',
    'A size × size grid of counts over two coordinate columns, optionally within fixed bounds.',
    'grid ${1:x}, ${2:y} size ${3:64} within ${4:0}..${5:100}, ${6:0}..${7:100}  nn-wavelet rho ${8:0.05}',
  ),
  view: k(
    'DP view for any number of counting queries',
    'A differentially private view (Kato et al., VLDB 2022): the count tensor over the listed columns (numeric ones `within` public bounds, categorical ones their hierarchy values) partitioned into blocks with noisy counts; `privspec query` and `privspec synthesize` read it at no further cost.',
    'view ${1:age} within ${2:0}..${3:99}, ${4:sex}  hdpview epsilon ${5:1}',
  ),
  by: k('group by columns', 'Groups by these columns: one noisy answer per combination of their declared values.'),
  where: k(
    'restrict the rows',
    'A conjunction of per-column restrictions: ranges (inclusive), equalities and value sets. Disjoint regions compose in parallel.',
  ),
  bound: k(
    'bound a unit’s contribution',
    'User-contribution bounding: each privacy unit contributes to at most `groups` groups and `rows` rows per group (Wilson et al. 2020); or `auto up to GS` for counts and sums, where R2T chooses the truncation privately.',
    'bound unit ${1|rows 1,groups 1 rows 1|}',
  ),
  groups: k(
    'groups one unit may touch',
    'The number of groups one privacy unit may contribute to; the sensitivity scales with it.',
    'groups ${1:1}',
  ),
  rows: k(
    'rows one unit may add per group',
    'The number of rows one privacy unit may contribute per group; the sensitivity scales with it.',
    'rows ${1:1}',
  ),
  // Tables and R2T (issue 39).
  from: k(
    'where the data comes from',
    'In a dataset, its file (`from "data.csv"`) or database table; in a hierarchy or a correlation, its file; in a count or a sum, the dataset the release reads (`from orders`, when the spec declares several), and in `count pairs|triangles from T (a, b)` the edge list.',
  ),
  join: k(
    'a second table, matched on a key',
    `\`from T join U on K\`: each row of T matched to the row of U with the same key K (a foreign-key join). Removing one person removes every joined row that references them, so a release over a join needs \`bound unit auto up to GS\` (R2T: ${R2T}).`,
  ),
  auto: k(
    'R2T: the truncation chosen privately',
    `\`bound unit auto up to GS\` is R2T, race to the top (${R2T}): each unit's contribution is truncated at τ = 2, 4, …, 2^L ≥ GS; each truncated answer gets Laplace noise at ε/L and is shifted down by its scale·ln(L/β); the largest, or 0, is released. With probability ≥ 1 − β (β = 0.1) the error is at most 4·L·ln(L/β)·τ*/ε, τ* the largest contribution of one unit. For counts and sums over one table or a join, and for pairs and triangles.`,
    'auto up to ${1:65536}',
  ),
  up: k('the public bound GS', UP_TO, 'up to ${1:65536}'),
  to: k('the public bound GS', UP_TO),
  pairs: k(
    'edges of a graph, node privacy',
    `\`count pairs from T (a, b)\`: the number of edges of the undirected graph whose edge list is T; a and b are the endpoint columns, both privacy units (node privacy: removing a person removes every edge on them). A pair repeated in either order counts once; a node paired with itself is ignored. With \`bound unit auto\` each node is truncated by R2T's LP, solved as a maximum flow (${R2T}).`,
  ),
  triangles: k(
    'triangles of a graph, node privacy',
    `\`count triangles from T (a, b)\`: the number of triangles of the undirected graph whose edge list is T; a and b are the endpoint columns, both privacy units (node privacy). With \`bound unit auto\` the truncation is R2T's LP: each triangle counted with a weight in [0, 1], at most τ on any node (${R2T}).`,
  ),
  clamp: k('clamp range of a sum', 'The range values are clamped to; its width is the sensitivity of one row.'),
  retain: k('PRAM keep probability', 'The probability that PRAM keeps a value.'),
  within: k(
    'public bounds',
    'Public bounds of a grid or of a view’s numeric dimension, so that they are not read from the data.',
  ),
  // Mechanisms.
  laplace: k(
    'Laplace noise, ε-DP',
    'Laplace noise of scale Δ₁/ε (Dwork, McSherry, Nissim, Smith 2006), drawn exactly on a grid: ε-DP. Takes `epsilon`.',
    'laplace epsilon ${1:0.1}',
  ),
  gaussian: k(
    'Gaussian noise, zCDP or (ε, δ)',
    'Gaussian noise (discrete, Canonne, Kamath, Steinke 2020): ρ-zCDP with σ = Δ₂/√(2ρ), or calibrated to (ε, δ). Takes `rho`, or `epsilon` and `delta`.',
    'gaussian rho ${1:0.01}',
  ),
  exponential: k(
    'exponential mechanism, ε-DP',
    'The exponential mechanism (McSherry & Talwar 2007) for a mode. Takes `epsilon`.',
    'exponential epsilon ${1:0.1}',
  ),
  'nn-wavelet': k(
    'non-negative wavelet grid, zCDP',
    'Haar wavelet release of a grid with non-negativity, in zCDP. Takes `rho`.',
    'nn-wavelet rho ${1:0.05}',
  ),
  privelet: k(
    'Privelet grid, ε-DP',
    'Privelet (Xiao, Wang, Gehrke 2010): Haar wavelet coefficients with Laplace noise. Takes `epsilon`.',
    'privelet epsilon ${1:0.1}',
  ),
  quadtree: k(
    'quadtree grid, zCDP',
    'A quadtree of noisy counts (Cormode et al. 2012), in zCDP. Takes `rho`.',
    'quadtree rho ${1:0.05}',
  ),
  hdpview: k(
    'HDPView view, ε-DP',
    'HDPView (Kato et al., VLDB 2022): recursive bisection with private random converge and random cut, one noisy count per block. Takes `epsilon`.',
    'hdpview epsilon ${1:1}',
  ),
  privtree: k(
    'PrivTree view, ε-DP',
    'PrivTree (Zhang, Xiao, Xie, SIGMOD 2016): a hierarchical decomposition split by biased noisy counts, one noisy count per leaf. Takes `epsilon`.',
    'privtree epsilon ${1:1}',
  ),
  identity: k(
    'identity view, ε-DP',
    'A noisy count for every cell of the domain: the baseline, for small domains only. Takes `epsilon`.',
    'identity epsilon ${1:1}',
  ),
  // Accepts.
  accept: k(
    'accept a leak explicitly',
    'Accepts, explicitly and visibly, a leak that the stated privacy loss does not cover; the release’s report repeats it.',
    'accept ${1|data-dependent-domain,unbounded-contribution|}',
  ),
  'linked-releases': k(
    'a microdata file beside a release that protects its column',
    'A generalized or PRAM file publishes exactly a column that another release protects; the reason in quotes is required and the report repeats it.',
    'linked-releases "${1:why both are published}"',
  ),
  'data-dependent-domain': k(
    'groups or candidates taken from the data',
    'Groups, candidates or grid bounds are taken from the data: which values exist is not protected by the noise.',
  ),
  'unbounded-contribution': k(
    'a unit’s contributions not bounded',
    'The privacy unit’s contributions are not bounded: ε protects one row, not one person.',
  ),
};
