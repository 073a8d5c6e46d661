import Chip from '@mui/material/Chip';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';

/** The tick on a completed item's card: an icon and the word, so not by colour alone. */
export function DoneTick() {
  return (
    <Chip
      size="small"
      color="success"
      icon={<CheckCircleRounded fontSize="small" />}
      label="Done"
      data-testid="practice-done"
    />
  );
}
