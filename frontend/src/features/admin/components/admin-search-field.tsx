import { useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchRounded from '@mui/icons-material/SearchRounded';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * An admin list's search: what is typed (`field`, for AdminSearchField), the `q` to ask for
 * (trimmed, 300 ms after the last key; `initial` at once), and back to the first page on every change.
 */
export function useAdminSearch(paging: { reset: () => void }, initial = '') {
  const [value, setValue] = useState(initial);
  const q = useDebouncedValue(value.trim(), 300);
  const onChange = (next: string) => {
    setValue(next);
    paging.reset();
  };
  return { q, field: { value, onChange } };
}

/** An admin list's `?q=` (at most 100 characters, the API's limit): a labelled search box. */
export function AdminSearchField({
  label,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        htmlInput: { maxLength: 100, type: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ maxWidth: 420 }}
    />
  );
}
