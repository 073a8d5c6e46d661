import { memo, useState } from 'react';
import Button from '@mui/material/Button';
import ExpandLessRounded from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { CLUBS, CLUB_CATEGORIES, type Club } from '@/features/courses/clubs';

type ClubPickerProps = {
  selectedClubId: string | null;
  onSelect: (clubId: string) => void;
  /** The member's bag (club ids); absent: every club is shown. The rest sit under "Other clubs". */
  bagIds?: readonly string[];
};

/**
 * The member's bag, grouped by category in SPEC order, each club with its abbreviation and name
 * (big one-tap targets); the clubs outside the bag are one tap away under "Other clubs". Without
 * a bag, all 21 clubs.
 */
export const ClubPicker = memo(function ClubPicker({ selectedClubId, onSelect, bagIds }: ClubPickerProps) {
  const inBag = bagIds ? CLUBS.filter((club) => bagIds.includes(club.id)) : CLUBS;
  const others = bagIds ? CLUBS.filter((club) => !bagIds.includes(club.id)) : [];
  const [showOthers, setShowOthers] = useState(false);
  const othersOpen = showOthers || others.some((club) => club.id === selectedClubId);
  return (
    <Box role="group" aria-label="Choose a club">
      <ClubGroups clubs={inBag} selectedClubId={selectedClubId} onSelect={onSelect} />
      {others.length > 0 && (
        <>
          <Button
            variant="text"
            onClick={() => setShowOthers((open) => !open)}
            aria-expanded={othersOpen}
            aria-controls="other-clubs"
            endIcon={othersOpen ? <ExpandLessRounded /> : <ExpandMoreRounded />}
            sx={{ minHeight: 48 }}
          >
            Other clubs ({others.length})
          </Button>
          {othersOpen && (
            <Box id="other-clubs" sx={{ mt: 1 }}>
              <ClubGroups clubs={others} selectedClubId={selectedClubId} onSelect={onSelect} />
            </Box>
          )}
        </>
      )}
    </Box>
  );
});

function ClubGroups({
  clubs,
  selectedClubId,
  onSelect,
}: {
  clubs: readonly Club[];
  selectedClubId: string | null;
  onSelect: (clubId: string) => void;
}) {
  return (
    <>
      {CLUB_CATEGORIES.filter((category) => clubs.some((club) => club.category === category.id)).map((category) => (
        <Box key={category.id} sx={{ mb: 1.5 }}>
          <Typography
            variant="overline"
            component="h4"
            sx={{ color: 'text.secondary', lineHeight: 2, letterSpacing: 1 }}
          >
            {category.label}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: {
                xs: 'repeat(auto-fill, minmax(72px, 1fr))',
                sm: 'repeat(auto-fill, minmax(84px, 1fr))',
              },
            }}
          >
            {clubs
              .filter((club) => club.category === category.id)
              .map((club) => {
                const selected = club.id === selectedClubId;
                return (
                  <ButtonBase
                    key={club.id}
                    aria-label={`${club.abbreviation} ${club.name}`}
                    aria-pressed={selected}
                    onClick={() => onSelect(club.id)}
                    sx={(theme) => ({
                      flexDirection: 'column',
                      minHeight: 56,
                      py: 1,
                      px: 0.5,
                      borderRadius: 2,
                      border: '1px solid',
                      borderColor: selected ? 'primary.main' : 'divider',
                      bgcolor: selected ? alpha(theme.palette.primary.main, 0.12) : 'background.paper',
                      color: selected ? 'primary.main' : 'text.primary',
                      transition: theme.transitions.create(['background-color', 'border-color']),
                      '&:hover': { borderColor: 'primary.main' },
                      '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                    })}
                  >
                    <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.05rem', lineHeight: 1.2 }}>
                      {club.abbreviation}
                    </Typography>
                    {/* A space between the two (not laid out in the flex column): the visible text reads
                      "DR Driver", as the name does (WCAG 2.5.3 Label in Name). */}{' '}
                    <Typography
                      component="span"
                      variant="caption"
                      sx={{ color: selected ? 'primary.main' : 'text.secondary', lineHeight: 1.2, textAlign: 'center' }}
                    >
                      {club.name}
                    </Typography>
                  </ButtonBase>
                );
              })}
          </Box>
        </Box>
      ))}
    </>
  );
}
