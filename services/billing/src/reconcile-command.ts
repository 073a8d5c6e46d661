/**
 * `npm run reconcile -w services/billing`: one reconciliation run with Stripe now (the same as the
 * nightly job), printing what it repaired. Reads the configuration as the stack does:
 * `.env.example`, then `.env` (at the repository root), then the environment. Exit code 0 when
 * every customer was checked, 1 when some failed (run it again: it finishes them) or the database,
 * Redis or Stripe could not be reached. Its parts come from the service's `compose()` (runCommand).
 */
import { runCommand } from '@fm/shared/service';
import { compose } from './compose';
import { configSchema } from './config';
import type { ReconcileReport } from './domain/reconciliation.service';

/** The report as lines for a person. */
export function describeReport(report: ReconcileReport): string[] {
  const lines = [
    `checked ${report.subscriptions} subscription(s) of ${report.customers} customer(s) at Stripe`,
    ...report.repaired.map(
      (r) =>
        `repaired ${r.subscriptionId} (member ${r.userId}): ${r.from ?? 'unknown'} → ${r.to}` +
        (r.effect === 'none' ? '' : `, ${r.effect} queued`),
    ),
    ...report.mrr.map(
      (r) =>
        `MRR of member ${r.memberId} was ${r.ledgerCents} in the ledger, ${r.stripeCents} at Stripe (${r.currency}): ` +
        r.rows.map((row) => `${row.bucket} ${row.deltaCents}`).join(', '),
    ),
    ...report.failed.map((f) => `could not check member ${f.userId}: ${f.message} (the next run retries)`),
  ];
  if (!report.repaired.length && !report.mrr.length && !report.failed.length) lines.push('no drift: nothing to repair');
  return lines;
}

if (require.main === module) {
  void runCommand({
    name: 'reconcile',
    configSchema,
    from: __dirname,
    compose,
    run: async ({ reconciliation }, { logger }, io) => {
      const report = await reconciliation.run(logger);
      for (const line of describeReport(report)) io.out(line);
      return report.failed.length ? 1 : 0;
    },
  });
}
