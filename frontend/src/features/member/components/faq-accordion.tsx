import type { FaqEntry } from '@fm/contracts';
import { useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';

/** Single-open accordion: opening one question closes the other (SPEC §4 "Accordions"). */
export function FaqAccordion({ entries }: { entries: readonly FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <div>
      {entries.map((entry, index) => (
        <Accordion
          key={entry.question}
          expanded={open === index}
          onChange={(_, expanded) => setOpen(expanded ? index : null)}
          disableGutters
          elevation={0}
          sx={{
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            '&:not(:last-of-type)': { borderBottom: 0 },
            '&:first-of-type': { borderTopLeftRadius: 16, borderTopRightRadius: 16 },
            '&:last-of-type': { borderBottomLeftRadius: 16, borderBottomRightRadius: 16 },
            '&::before': { display: 'none' },
          }}
        >
          <AccordionSummary expandIcon={<ExpandMoreRounded />} sx={{ px: { xs: 2, sm: 3 }, py: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{entry.question}</Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pb: 2.5, pt: 0 }}>
            <Typography sx={{ color: 'text.secondary' }}>{entry.answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </div>
  );
}
