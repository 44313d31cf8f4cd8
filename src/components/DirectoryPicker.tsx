import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type Ref } from 'react';
import { describeError } from '@/api/errors';
import { useDirectorySearch } from '@/api/search';

/** A directory object picked (an OU or a domain an event names, a rule's seed): its object id, and its name and presence when known. */
export interface DirectoryTarget {
  objectid: string;
  name: string;
  /** Its kind (`User`, `Group`, …), when known. */
  type?: string;
  /** False once it is gone from the directory (the server refuses to keep it). */
  exists: boolean;
  distinguishedname?: string;
}

/**
 * Objects picked from the directory (GET /api/v2/search as the person types, of one `kind`: OU or Domain, or of
 * any kind with `kind` null), never typed as ids. What no longer exists is shown in warning colour and says so;
 * the person removes it.
 */
export function DirectoryPicker({
  kind,
  value,
  onChange,
  onBlur,
  inputRef,
  error,
  helperText,
  disabled,
}: {
  kind: 'OU' | 'Domain' | null;
  value: DirectoryTarget[];
  onChange: (value: DirectoryTarget[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  helperText: string;
  disabled?: boolean;
}) {
  const [typed, setTyped] = useState('');
  const search = useDirectorySearch({ q: typed, type: kind, limit: 20 }, { enabled: !disabled });
  const options: DirectoryTarget[] = (search.data?.results ?? []).map((r) => ({
    objectid: r.objectid,
    name: r.name,
    type: r.type,
    exists: true,
    distinguishedname: r.distinguishedname,
  }));
  const plural = kind === 'OU' ? 'OUs' : kind === 'Domain' ? 'domains' : 'objects';
  const one = kind === 'OU' ? 'OU' : kind === 'Domain' ? 'domain' : 'object';
  const noOptions =
    typed.trim() === ''
      ? `Type part of a name or an object id to find ${plural}.`
      : search.isError
        ? `The directory search failed: ${describeError(search.error)}`
        : search.settled && !search.isFetching
          ? `No ${one} in the directory matches “${typed.trim()}”.`
          : 'Searching…';
  const gone = value.filter((v) => !v.exists);

  return (
    <Autocomplete
      multiple
      disabled={disabled}
      options={options}
      value={value}
      filterOptions={(x) => x}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.objectid.toLowerCase() === b.objectid.toLowerCase()}
      getOptionLabel={(o) => o.name || o.objectid}
      inputValue={typed}
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset') setTyped(text);
      }}
      onChange={(_, next) => {
        onChange(next);
        setTyped('');
      }}
      onBlur={onBlur}
      loading={search.isFetching}
      noOptionsText={noOptions}
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{o.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {kind === null && o.type ? `${o.type} · ` : ''}
                {o.distinguishedname || o.objectid}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderValue={(items, getItemProps) =>
        items.map((o, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              color={o.exists ? 'default' : 'warning'}
              label={o.exists ? o.name || o.objectid : `${o.name || o.objectid} (no longer exists)`}
              title={o.objectid}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={kind === 'OU' ? 'OUs' : kind === 'Domain' ? 'Domains' : 'Objects'}
          placeholder={value.length === 0 ? `Search the directory for ${plural}` : undefined}
          error={Boolean(error) || gone.length > 0}
          helperText={
            error ??
            (gone.length > 0
              ? `Remove what no longer exists in the directory (${gone.map((g) => g.name || g.objectid).join(', ')}) to save.`
              : helperText)
          }
        />
      )}
    />
  );
}
