import type { Testimonial } from '@fm/contracts';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Skeleton } from '@/components/ui/skeleton';
import { useGetTestimonialsQuery } from '@/features/testimonials/api/get-testimonials';
import { initialsOf } from '@/features/testimonials/types';

export const TESTIMONIAL_SKELETONS = 3;

const grid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

/** GET /api/testimonials as cards: 3 skeletons while loading, an error line on failure. */
export function TestimonialsGrid() {
  const { data, isLoading, isError } = useGetTestimonialsQuery();

  if (isLoading) {
    return (
      <Box sx={grid} role="status" aria-busy="true" aria-label="Loading testimonials">
        {Array.from({ length: TESTIMONIAL_SKELETONS }, (_, i) => (
          <Card key={i} data-testid="testimonial-skeleton" sx={{ p: 3 }}>
            <Skeleton variant="text" height={18} />
            <Skeleton variant="text" height={18} />
            <Skeleton variant="text" width="70%" height={18} sx={{ mb: 3 }} />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Skeleton variant="circle" width={44} height={44} />
              <Box sx={{ flex: 1 }}>
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="text" width="35%" />
              </Box>
            </Box>
          </Card>
        ))}
      </Box>
    );
  }

  if (isError) {
    return (
      <Typography role="alert" color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
        Unable to load testimonials. Please try again later.
      </Typography>
    );
  }

  if (!data?.length) {
    return (
      <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
        Stories from our golfers are on their way.
      </Typography>
    );
  }

  return (
    <Box component="ul" sx={{ ...grid, listStyle: 'none', m: 0, p: 0 }}>
      {data.map((t) => (
        <li key={t.id}>
          <TestimonialCard testimonial={t} />
        </li>
      ))}
    </Box>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <Card component="figure" sx={{ m: 0, p: 3, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        aria-hidden="true"
        sx={{ fontFamily: 'Georgia, serif', fontSize: '3rem', lineHeight: 0.6, color: 'secondary.main', height: 24 }}
      >
        &ldquo;
      </Box>
      <Typography component="blockquote" sx={{ m: 0, mb: 3, flex: 1, fontSize: '1.02rem', color: 'text.primary' }}>
        {testimonial.quote}
      </Typography>
      <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <InitialsAvatar name={testimonial.name} src={testimonial.avatarUrl} />
        <Box>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{testimonial.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {testimonial.location}
          </Typography>
        </Box>
      </Box>
    </Card>
  );
}

/** The avatar image, or the initials when there is none (or it fails to load). */
function InitialsAvatar({ name, src }: { name: string; src?: string | null }) {
  const [failed, setFailed] = useState(false);
  const sx = { width: 44, height: 44, borderRadius: '50%', flexShrink: 0 } as const;
  if (src && !failed) {
    return <Box component="img" src={src} alt="" onError={() => setFailed(true)} sx={{ ...sx, objectFit: 'cover' }} />;
  }
  return (
    <Box
      aria-hidden="true"
      sx={{
        ...sx,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.main',
        color: '#fff',
        fontWeight: 700,
        fontSize: '0.95rem',
      }}
    >
      {initialsOf(name)}
    </Box>
  );
}
