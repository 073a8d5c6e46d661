import { useEffect } from 'react';
import Button from '@mui/material/Button';
import CheckRounded from '@mui/icons-material/CheckRounded';
import { useToast } from '@/components/toast/use-toast';
import { useMarkPracticeItemReadMutation, useOpenPracticeItemMutation } from '@/features/practice/api/practice-api';
import type { PracticeItemKind } from '@/features/practice/types';

/**
 * "Mark as read" under a text item (POST /api/practice/reads: complete); hidden once it is done.
 * Shown with the item's text, it tells the service the item is open (POST /api/practice/opens):
 * a read credits at most the time since (issue 43 §5). A failed open only costs the minutes.
 */
export function MarkAsRead({
  itemId,
  itemKind = 'content',
  title,
  done,
}: {
  itemId: string;
  itemKind?: PracticeItemKind;
  title: string;
  done: boolean;
}) {
  const [markRead, { isLoading }] = useMarkPracticeItemReadMutation();
  const [open] = useOpenPracticeItemMutation();
  const { toast } = useToast();
  useEffect(() => {
    if (!done) void open({ itemId, itemKind });
  }, [open, itemId, itemKind, done]);
  if (done) return null;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<CheckRounded />}
      disabled={isLoading}
      aria-label={`Mark as read: ${title}`}
      sx={{ mt: 2 }}
      onClick={() => {
        markRead({ itemId, itemKind })
          .unwrap()
          .catch(() =>
            toast({ title: 'Could not mark it as read', description: 'Please try again.', variant: 'destructive' }),
          );
      }}
    >
      Mark as read
    </Button>
  );
}
