import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import BackpackOutlined from '@mui/icons-material/BackpackOutlined';
import { MAX_BAG_CLUBS } from '@fm/contracts/clubs';
import { CLUBS, CLUB_CATEGORIES } from '@/features/courses/clubs';
import { useGetBagQuery, useUpdateBagMutation } from '@/features/courses/api/rounds';

/** The clubs checked, in SPEC order (the order the server keeps them in). */
export function toggleClub(selected: readonly string[], clubId: string): string[] {
  const next = selected.includes(clubId) ? selected.filter((id) => id !== clubId) : [...selected, clubId];
  return CLUBS.map((club) => club.id).filter((id) => next.includes(id));
}

type BagFormProps = {
  initial: readonly string[];
  onDone: () => void;
};

function BagForm({ initial, onDone }: BagFormProps) {
  const [selected, setSelected] = useState<string[]>([...initial]);
  const [updateBag, { isLoading, error }] = useUpdateBagMutation();
  const full = selected.length >= MAX_BAG_CLUBS;
  const message = error ? 'Your bag could not be saved. Please try again.' : null;

  const save = async () => {
    const result = await updateBag(selected);
    if (!('error' in result)) onDone();
  };

  return (
    <>
      <DialogContent>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
          <FormLabel component="legend" id="bag-count" sx={{ mb: 1 }}>
            {selected.length} of {MAX_BAG_CLUBS} clubs chosen (a golfer carries at most {MAX_BAG_CLUBS})
          </FormLabel>
          {CLUB_CATEGORIES.map((category) => (
            <Box key={category.id} sx={{ mb: 1 }}>
              <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
                {category.label}
              </Typography>
              <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
                {CLUBS.filter((club) => club.category === category.id).map((club) => {
                  const checked = selected.includes(club.id);
                  return (
                    <FormControlLabel
                      key={club.id}
                      label={club.name}
                      control={
                        <Checkbox
                          checked={checked}
                          disabled={!checked && full}
                          onChange={() => setSelected((current) => toggleClub(current, club.id))}
                          slotProps={{ input: { 'aria-describedby': 'bag-count' } }}
                        />
                      }
                    />
                  );
                })}
              </FormGroup>
            </Box>
          ))}
        </Box>
        {selected.length === 0 && (
          <Alert severity="info" sx={{ mt: 1 }}>
            Choose at least 1 club for your bag.
          </Alert>
        )}
        {message && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={isLoading || selected.length === 0}>
          {isLoading ? 'Saving...' : 'Save bag'}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * "Your bag": a button opening the member's bag editor, an accessible multi-select of the 21
 * clubs limited to 14 (Rules of Golf 4.1b); the player's club picker shows the bag first.
 */
export function BagEditor() {
  const [open, setOpen] = useState(false);
  const { data } = useGetBagQuery();
  return (
    <>
      <Button variant="outlined" startIcon={<BackpackOutlined />} onClick={() => setOpen(true)} disabled={!data}>
        Your bag ({data?.clubIds.length ?? '…'})
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="bag-editor-title" fullWidth maxWidth="sm">
        <DialogTitle id="bag-editor-title">Your bag</DialogTitle>
        {open && data && <BagForm initial={data.clubIds} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
