import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type Ref } from 'react';
import { describeError } from '@/api/errors';
import type { SearchResult } from '@/api/schemas/entities';
import { useDirectorySearch } from '@/api/search';
import { parseSearchText } from '../explore-state';

/** What the field shows for the object chosen: its name once known, else its object id. */
export interface ChosenObject {
  objectid: string;
  name?: string;
}

/**
 * Type-ahead over the directory's names and object ids (GET /api/v2/search once the typing pauses); a `kind:`
 * prefix (`user:ali`, `computer:dc`) looks among one kind. Picking a result hands it back.
 */
export function ObjectSearch({
  label,
  value,
  onPick,
  inputRef,
  autoFocus,
}: {
  label: string;
  value: ChosenObject | null;
  onPick: (result: SearchResult) => void;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (value ? value.name || value.objectid : '');
  const asked = parseSearchText(typed ?? '');
  const search = useDirectorySearch({ q: asked.q, type: asked.type, limit: 20 }, { enabled: typed !== null });
  const options = typed === null ? [] : (search.data?.results ?? []);
  const noOptions =
    asked.q === ''
      ? 'Type part of a name or an object id; user:, group:, computer: and the other kinds look among one kind.'
      : search.isError
        ? `The directory search failed: ${describeError(search.error)}`
        : search.settled && !search.isFetching
          ? `Nothing in the directory matches “${asked.q}”${asked.type ? ` among ${asked.type} objects` : ''}.`
          : 'Searching…';

  return (
    <Autocomplete<SearchResult, false, false, false>
      options={options}
      value={null}
      filterOptions={(x) => x}
      getOptionLabel={(o) => o.name || o.objectid}
      isOptionEqualToValue={(a, b) => a.objectid === b.objectid}
      inputValue={shown}
      onInputChange={(_, text, reason) => {
        if (reason === 'input' || reason === 'clear') setTyped(text);
      }}
      onChange={(_, picked) => {
        if (picked) {
          setTyped(null);
          onPick(picked);
        }
      }}
      onBlur={() => setTyped(null)}
      loading={search.isFetching}
      noOptionsText={noOptions}
      renderOption={(props, o) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>{o.name}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {o.type} · {o.objectid}
              </Typography>
            </Box>
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          autoFocus={autoFocus}
          label={label}
          size="small"
          placeholder="Name or object id"
        />
      )}
    />
  );
}
