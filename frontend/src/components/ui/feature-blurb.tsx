import type { ElementType } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brand } from '@/config/theme';

/**
 * An icon badge, a title and a line of text: the benefit, feature and reason items of the
 * home, about and membership pages. The caller supplies the surrounding card or box.
 */
export function FeatureBlurb({
  Icon,
  title,
  text,
  large = false,
}: {
  Icon: ElementType;
  title: string;
  text: string;
  large?: boolean;
}) {
  const size = large ? 52 : 48;
  return (
    <>
      <Box
        aria-hidden="true"
        sx={{
          width: size,
          height: size,
          borderRadius: 3,
          display: 'grid',
          placeItems: 'center',
          bgcolor: brand.green100,
          color: 'primary.main',
          mb: large ? 2.5 : 2,
        }}
      >
        <Icon />
      </Box>
      <Typography variant={large ? 'h4' : 'h5'} component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </>
  );
}
