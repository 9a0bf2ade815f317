// The usage of `privspec budget raise`, apart from the command itself: `privspec budget` shows it in its help without
// loading the spec language, which only the raise needs.
export const raiseUsage = `usage: privspec budget raise <file.privspec> --to VALUE --reason "…" [--json]

Raises the budget limit recorded in the ledger of the data the spec reads. After the first spend, the ledger keeps the
limit that spend was checked against; a spec whose budget is higher is refused until the raise is recorded here.
  --to VALUE        the new limit in the accounting's notion (ε, or ρ under zCDP), or named parts:
                    epsilon=E, delta=D, rho=R (comma-separated), e.g. --to epsilon=2,delta=1e-6
  --reason "…"      why (required; kept in the ledger and shown in the ledger view)
`;
