import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { PlanOffer, PremiumPlan } from '@/lib/premium-plans';

type PlanChoiceProps = {
  offers: Record<PremiumPlan, PlanOffer>;
  value: PremiumPlan;
  onChange: (plan: PremiumPlan) => void;
  disabled?: boolean;
  /** On a dark card (the featured tier): light text. */
  inverted?: boolean;
};

const ORDER: PremiumPlan[] = ['monthly', 'annual'];

/**
 * Monthly or annual Premium, as a radio group named "Billing" (a fieldset with its legend): each
 * option says its price, the annual one its saving ("$199.90 a year — 2 months free").
 */
export function PlanChoice({ offers, value, onChange, disabled = false, inverted = false }: PlanChoiceProps) {
  const color = inverted ? 'inherit' : 'text.primary';
  return (
    <FormControl component="fieldset" disabled={disabled} sx={{ color }}>
      <FormLabel
        component="legend"
        sx={{ color: inverted ? 'inherit' : 'text.secondary', '&.Mui-focused': { color: 'inherit' }, fontWeight: 600 }}
      >
        Billing
      </FormLabel>
      <RadioGroup
        name="premium-plan"
        value={value}
        onChange={(_event, plan) => onChange(plan === 'annual' ? 'annual' : 'monthly')}
      >
        {ORDER.map((plan) => {
          const offer = offers[plan];
          return (
            <FormControlLabel
              key={plan}
              value={plan}
              control={
                <Radio sx={inverted ? { color: 'inherit', '&.Mui-checked': { color: 'inherit' } } : undefined} />
              }
              label={`${offer.name}: ${offer.summary}`}
              sx={{ '& .MuiFormControlLabel-label.Mui-disabled': { color: inverted ? 'inherit' : undefined } }}
            />
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
