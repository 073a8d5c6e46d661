import type { ChangeEventHandler, ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';

export type TextFieldProps = {
  id: string;
  label: ReactNode;
  name?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Full width unless false (the theme's default for MUI's TextField). */
  fullWidth?: boolean;
  placeholder?: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error?: boolean;
  helperText?: ReactNode;
  multiline?: boolean;
  minRows?: number;
  /** e.g. a show/hide button (password-field.tsx). */
  endAdornment?: ReactNode;
  /** Styles of the field (the FormControl), as TextField's sx. */
  sx?: SxProps<Theme>;
};

/**
 * MUI's outlined TextField, assembled from the same parts (FormControl, InputLabel,
 * OutlinedInput, FormHelperText) and so the same markup, label and helper-text wiring, without
 * the select mode: @mui/material/TextField always bundles Select, Menu, Popover and Modal,
 * about 15 KB gzip the public forms (login, sign-up, contact) never use.
 */
export function TextField({
  id,
  label,
  helperText,
  error = false,
  required = false,
  disabled = false,
  fullWidth = true,
  endAdornment,
  sx,
  ...input
}: TextFieldProps) {
  const labelId = `${id}-label`;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl error={error} required={required} disabled={disabled} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperTextId} endAdornment={endAdornment} {...input} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
