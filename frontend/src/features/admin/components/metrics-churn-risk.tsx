import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { memberViewHref } from '@/features/admin/member-link';
import { METRICS_REFRESH_S, useGetAdminChurnRiskQuery } from '@/features/admin/api/metrics';
import type { AdminChurnRiskMember } from '@/features/admin/api/metrics-types';
import { MetricsSection } from '@/features/admin/components/metrics-section';
import { MetricsTable, type MetricsColumn } from '@/features/admin/components/metrics-table';
import { formatAmount, formatDay } from '@/features/admin/format';
import { getServerMessage } from '@/lib/base-query';

/** The member's name, else their address; an account auth no longer knows has neither (and no view to open). */
const memberText = (m: AdminChurnRiskMember) => m.name.trim() || m.email || `Unknown account ${m.memberId}`;

const columns: MetricsColumn<AdminChurnRiskMember>[] = [
  {
    id: 'member',
    label: 'Member',
    typed: true,
    text: memberText,
    render: (m) =>
      m.email ? (
        <Link component={RouterLink} to={memberViewHref(m.memberId, m.email)}>
          {memberText(m)}
        </Link>
      ) : (
        memberText(m)
      ),
  },
  { id: 'email', label: 'Email', typed: true, text: (m) => m.email || '—' },
  {
    id: 'lastPractice',
    label: 'Last practised',
    text: (m) => (m.lastPracticeDay ? formatDay(m.lastPracticeDay) : 'Never'),
  },
  { id: 'renewal', label: 'Renews', text: (m) => formatDay(m.renewalDate) },
  { id: 'mrr', label: 'MRR', align: 'right', text: (m) => formatAmount(m.mrrCents, m.currency) },
];

/**
 * Premium members with no practice in the last 14 days (GET /api/admin/metrics/churn-risk), with
 * their last practice day and renewal date; each opens the member's view in the members list.
 */
export function MetricsChurnRisk({ fileSuffix }: { fileSuffix: string }) {
  const { data, error, isLoading } = useGetAdminChurnRiskQuery(undefined, {
    refetchOnMountOrArgChange: METRICS_REFRESH_S,
  });
  let body;
  if (isLoading) body = <LinearProgress aria-label="Loading the churn-risk list" />;
  else if (!data)
    body = <Alert severity="error">{getServerMessage(error) ?? 'The churn-risk list could not be loaded.'}</Alert>;
  else {
    body = (
      <MetricsTable
        label="Churn risk"
        filename={`churn-risk-${fileSuffix}`}
        columns={columns}
        rows={data.members}
        getRowId={(m) => m.memberId}
        emptyText="Every Premium member has practised in the last 14 days."
        minWidth={640}
      />
    );
  }
  return (
    <MetricsSection title="Churn risk" intro="Premium members who have not practised in the last 14 days.">
      {body}
    </MetricsSection>
  );
}
