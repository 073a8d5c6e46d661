import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { MetricsPeriod } from '@/features/admin/api/metrics';
import { customRangeProblem, PERIOD_PRESETS, presetPeriod, type PeriodPreset } from '@/features/admin/metrics-period';

/**
 * The Metrics tab's period: a preset (the last 30 days to start with) or a custom from/to, asked
 * for when "Show" is pressed and valid. The dates typed stay as typed whatever the answer.
 */
export function useMetricsPeriod(now: string) {
  const [preset, setPreset] = useState<PeriodPreset>('last30');
  const [period, setPeriod] = useState<MetricsPeriod>(() => presetPeriod('last30', now));
  const [custom, setCustom] = useState<MetricsPeriod>(period);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (next: PeriodPreset) => {
    setPreset(next);
    setProblem(null);
    if (next === 'custom') setCustom(period);
    else setPeriod(presetPeriod(next, now));
  };
  const submitCustom = () => {
    const found = customRangeProblem(custom);
    setProblem(found);
    if (!found) setPeriod(custom);
  };
  return { period, picker: { preset, choose, custom, setCustom, submitCustom, now }, problem };
}

type PickerProps = ReturnType<typeof useMetricsPeriod>['picker'];

export function MetricsPeriodPicker({ preset, choose, custom, setCustom, submitCustom, now }: PickerProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitCustom();
  };
  return (
    <Box
      component="form"
      aria-label="Period"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <TextField
        select
        label="Period"
        size="small"
        value={preset}
        onChange={(event) => choose(event.target.value as PeriodPreset)}
        sx={{ width: 200, maxWidth: '100%' }}
      >
        {PERIOD_PRESETS.map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {p.label}
          </MenuItem>
        ))}
      </TextField>
      {preset === 'custom' && (
        <>
          <TextField
            type="date"
            label="From"
            size="small"
            value={custom.from}
            onChange={(event) => setCustom({ ...custom, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: now } }}
          />
          <TextField
            type="date"
            label="To"
            size="small"
            value={custom.to}
            onChange={(event) => setCustom({ ...custom, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: now } }}
          />
          <Button type="submit" variant="contained" size="medium">
            Show
          </Button>
        </>
      )}
    </Box>
  );
}
