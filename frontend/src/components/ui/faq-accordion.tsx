import { useId, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';

export type FaqItem = { question: string; answer: string };

/**
 * Collapsible questions with at most one open at a time (SPEC §4); opening one closes the
 * other, and the open one closes again when pressed. Keyboard: Tab to a question, Enter/Space.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div>
      {items.map((item, index) => {
        const id = `${baseId}-${index}`;
        return (
          <Accordion
            key={item.question}
            disableGutters
            elevation={0}
            expanded={open === index}
            onChange={(_event, expanded) => setOpen(expanded ? index : null)}
            slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h3' } }}
            sx={{
              bgcolor: 'transparent',
              borderBottom: '1px solid',
              borderColor: 'divider',
              '&::before': { display: 'none' },
            }}
          >
            <AccordionSummary
              id={`${id}-question`}
              aria-controls={`${id}-answer`}
              expandIcon={<ExpandMoreIcon />}
              sx={{ px: 0, py: 1, '& .MuiAccordionSummary-content': { my: 1.5 } }}
            >
              <Typography component="span" sx={{ fontWeight: 600, fontSize: '1.05rem' }}>
                {item.question}
              </Typography>
            </AccordionSummary>
            <AccordionDetails sx={{ px: 0, pt: 0, pb: 3 }}>
              <Typography color="text.secondary">{item.answer}</Typography>
            </AccordionDetails>
          </Accordion>
        );
      })}
    </div>
  );
}
