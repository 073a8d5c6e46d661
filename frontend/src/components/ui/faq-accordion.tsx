import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useIsland } from '@/lib/use-island';

export type FaqItem = { question: string; answer: string };

/**
 * Collapsible questions with at most one open at a time (SPEC §4); opening one closes the
 * other, and the open one closes again when pressed. Keyboard: Tab to a question, Enter/Space.
 * The accordion pattern (a heading's button, aria-expanded, its answer a region), with every
 * answer in the markup: on a prerendered page (/membership) public/boot.js opens and closes
 * them before the app is live (data-fm-disclosure, one group), and React takes over from there.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  return (
    <div>
      {items.map((item, index) => (
        <FaqQuestion
          key={item.question}
          id={`${baseId}-${index}`}
          group={baseId}
          item={item}
          expanded={open === index}
          onToggle={(expanded) => setOpen(expanded ? index : null)}
        />
      ))}
    </div>
  );
}

function FaqQuestion({
  id,
  group,
  item,
  expanded,
  onToggle,
}: {
  id: string;
  group: string;
  item: FaqItem;
  expanded: boolean;
  onToggle: (expanded: boolean) => void;
}) {
  const ref = useIsland<HTMLButtonElement>((button) => {
    if (button.getAttribute('aria-expanded') === 'true') onToggle(true);
  });
  return (
    <Box sx={{ borderBottom: '1px solid', borderColor: 'divider' }}>
      <Typography component="h3" sx={{ m: 0, fontSize: 'inherit', fontWeight: 'inherit' }}>
        <Box
          component="button"
          ref={ref}
          type="button"
          id={`${id}-question`}
          aria-expanded={expanded}
          aria-controls={`${id}-answer`}
          data-fm-disclosure=""
          data-fm-group={group}
          suppressHydrationWarning
          onClick={() => onToggle(!expanded)}
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            width: '100%',
            minHeight: 48,
            py: 2.5,
            px: 0,
            border: 0,
            bgcolor: 'transparent',
            color: 'text.primary',
            font: 'inherit',
            fontWeight: 600,
            fontSize: '1.05rem',
            lineHeight: 1.5,
            textAlign: 'left',
            cursor: 'pointer',
            '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            '& > svg': { flexShrink: 0, color: 'text.secondary', transition: 'transform 150ms' },
            '&[aria-expanded="true"] > svg': { transform: 'rotate(180deg)' },
            '@media (prefers-reduced-motion: reduce)': { '& > svg': { transition: 'none' } },
          }}
        >
          <span>{item.question}</span>
          <ExpandMoreIcon aria-hidden="true" />
        </Box>
      </Typography>
      <Box
        id={`${id}-answer`}
        role="region"
        aria-labelledby={`${id}-question`}
        hidden={!expanded}
        suppressHydrationWarning
        sx={{ pb: 3, '&[hidden]': { display: 'none' } }}
      >
        <Typography color="text.secondary">{item.answer}</Typography>
      </Box>
    </Box>
  );
}
