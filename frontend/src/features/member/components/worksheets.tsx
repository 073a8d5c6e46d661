import { Link as RouterLink } from 'react-router-dom';
import type { MemberWorksheet } from '@fm/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import { paths } from '@/config/paths';
import { useGetWorksheetsQuery } from '@/features/member/api/get-worksheets';
import { ContentSkeleton } from '@/features/member/components/premium-content';
import { planPriceText } from '@/lib/premium-plans';
import { useSiteConfig } from '@/lib/site-config';

/** "24 KB": a PDF's size as a member reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A worksheet's download: the gateway serves it as an attachment (Premium only). */
function DownloadButton({ worksheet, label }: { worksheet: MemberWorksheet; label: string }) {
  return (
    <Button
      component="a"
      href={worksheet.url}
      download={`${worksheet.slug}.pdf`}
      variant="outlined"
      startIcon={<DownloadRounded />}
      aria-label={`${label}: ${worksheet.title} (PDF, ${formatBytes(worksheet.bytes)})`}
    >
      {label}
    </Button>
  );
}

/** What a free member sees instead of a download: the lock, and the way to Premium. */
function LockedDownload() {
  const site = useSiteConfig();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
      <Button
        component={RouterLink}
        to={paths.checkout.getHref()}
        variant="outlined"
        startIcon={<LockRounded />}
        aria-label="Download worksheet: Premium only. Upgrade to Premium"
      >
        Download worksheet
      </Button>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Printable worksheets are part of Premium{site ? ` (${planPriceText(site, 'monthly')})` : ''}.
      </Typography>
    </Stack>
  );
}

/**
 * A section page's "Download worksheet": the PDF of each worksheet of the section, for Premium
 * members (`premium`: the viewer's level, which the page knows); free members get the lock and
 * the upgrade link (and no request is made for them).
 */
export function SectionWorksheets({ sectionSlug, premium }: { sectionSlug: string; premium: boolean }) {
  const { data, isLoading } = useGetWorksheetsQuery(undefined, { skip: !premium });
  if (!premium) return <LockedDownload />;
  if (isLoading) return <ContentSkeleton width={220} height={36} />;
  const mine = (data ?? []).filter((worksheet) => worksheet.sectionSlug === sectionSlug);
  if (mine.length === 0) return null;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {mine.map((worksheet) => (
        <Stack key={worksheet.slug} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <DownloadButton worksheet={worksheet} label="Download worksheet" />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {worksheet.title} · PDF, {formatBytes(worksheet.bytes)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Member home's "Printable worksheets": every worksheet (Premium), or the lock and upgrade link (free). */
export function WorksheetList({ premium }: { premium: boolean }) {
  const { data, isLoading } = useGetWorksheetsQuery(undefined, { skip: !premium });
  return (
    <Card component="section" aria-labelledby="worksheets-heading" sx={{ borderRadius: 3 }}>
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography id="worksheets-heading" variant="h4" component="h2">
          Printable worksheets
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1, mb: 2 }}>
          One page per section of the programme: prompts, blanks to fill in and a routine checklist to print and keep in
          your bag.
        </Typography>
        {!premium ? (
          <LockedDownload />
        ) : isLoading ? (
          <ContentSkeleton height={120} />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {(data ?? []).map((worksheet) => (
              <Box
                component="li"
                key={worksheet.slug}
                sx={{
                  display: 'flex',
                  gap: 2,
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  flexWrap: 'wrap',
                }}
              >
                <Box>
                  <Typography component="span" sx={{ fontWeight: 600 }}>
                    {worksheet.title}
                  </Typography>
                  <Typography variant="body2" component="span" sx={{ color: 'text.secondary', ml: 1 }}>
                    PDF, {formatBytes(worksheet.bytes)}
                  </Typography>
                </Box>
                <DownloadButton worksheet={worksheet} label="Download" />
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
