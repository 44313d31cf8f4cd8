import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type HTMLAttributes, type ReactElement } from 'react';

export interface PickOption<V extends string | number = string> {
  value: V;
  label: string;
  /** A second line in the list (an e-mail address, the raw action name, an environment's id). */
  detail?: string;
}

interface PickFilterCommon {
  label: string;
  /** A message from the server about this filter, or why the choices could not be read. */
  error?: string;
  helperText?: string;
  width?: number;
  loading?: boolean;
}

/** One choice at a time: `shown` is what the URL holds now, `onPick` gets the choice picked (null: cleared). */
export interface PickOneProps extends PickFilterCommon {
  multiple?: false;
  /** What one choice is ("action", "person"), for the message about text that names none. */
  noun: string;
  options: readonly PickOption[];
  shown: string;
  onPick: (picked: PickOption | null) => void;
}

/** Several choices at once: `value` is what the URL holds now, `onChange` gets every value picked. */
export interface PickSeveralProps<V extends string | number> extends PickFilterCommon {
  multiple: true;
  options: readonly PickOption<V>[];
  value: readonly V[];
  onChange: (values: V[]) => void;
  /** What the field reads with nothing picked. */
  anyLabel?: string;
}

/**
 * A filter that takes its choices only (the API matches values exactly, so a value that is not a choice
 * would match nothing), one at a time or, with `multiple`, several at once (the rows matching any of them).
 *
 * One: typed text narrows the list (by the choice's words or its detail), picking a choice gives
 * `onPick(option)`, and text confirmed (Enter, or leaving the field) that names a choice exactly picks it;
 * clearing gives `onPick(null)`. Text that names no choice is not sent: the field says so, naming itself,
 * and keeps what was typed.
 *
 * Several: a list with a check box per choice that stays open while picking, the choices picked shown as
 * tags in the field (Backspace or a tag's delete button takes one off), typed text narrowing the list.
 * Nothing picked reads as `anyLabel`. Each change is applied at once (`onChange` with every value picked,
 * in the choices' order).
 */
export function PickFilter(props: PickOneProps): ReactElement;
export function PickFilter<V extends string | number>(props: PickSeveralProps<V>): ReactElement;
export function PickFilter<V extends string | number>(props: PickOneProps | PickSeveralProps<V>): ReactElement {
  return props.multiple ? <PickSeveral {...props} /> : <PickOne {...props} />;
}

function PickOne({ label, noun, options, shown, onPick, error, helperText, width = 220, loading = false }: PickOneProps) {
  const [input, setInput] = useState(shown);
  const [seen, setSeen] = useState(shown);
  const [unmatched, setUnmatched] = useState<string | null>(null);
  if (seen !== shown) {
    // The URL changed (a pick, Back, Clear filters): show what it holds.
    setSeen(shown);
    setInput(shown);
    setUnmatched(null);
  }
  const message = unmatched ?? error;

  const commit = (text: string) => {
    const value = text.trim();
    if (value === shown) {
      setUnmatched(null);
      return;
    }
    if (value === '') {
      setUnmatched(null);
      onPick(null);
      return;
    }
    const want = value.toLowerCase();
    const exact = options.find((o) => o.value.toLowerCase() === want || o.label.toLowerCase() === want);
    if (exact) {
      setUnmatched(null);
      setInput(exact.label);
      onPick(exact);
      return;
    }
    const near = narrow(options, value, true).length;
    setUnmatched(
      `${label}: no ${noun} is called “${value}”. ` +
        (near > 0 ? `Pick one of the ${near} in the list that contain it.` : `Pick one from the list.`),
    );
  };

  return (
    <Autocomplete<PickOption, false, false, true>
      freeSolo
      options={options as PickOption[]}
      loading={loading}
      value={null}
      inputValue={input}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        setInput(text);
        if (reason === 'clear') {
          setUnmatched(null);
          onPick(null);
        }
      }}
      onChange={(_, picked) => {
        if (picked === null) return;
        if (typeof picked === 'string') commit(picked);
        else {
          setUnmatched(null);
          setInput(picked.label);
          onPick(picked);
        }
      }}
      onBlur={() => commit(input)}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.label)}
      filterOptions={(all, { inputValue }) =>
        inputValue.trim().toLowerCase() === shown.toLowerCase() ? all : narrow(all, inputValue, true)
      }
      renderOption={({ key, ...props }, o) => <OptionRow key={key} li={props} option={o} />}
      sx={{ width: { xs: '100%', sm: width } }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={label} error={!!message} helperText={message ?? helperText} />
      )}
    />
  );
}

function PickSeveral<V extends string | number>({
  label,
  options,
  value,
  onChange,
  anyLabel = 'Any',
  error,
  helperText,
  width = 240,
  loading = false,
}: PickSeveralProps<V>) {
  // What the URL holds, as choices; a value whose choice is not (yet) known shows as itself.
  const selected = useMemo(() => {
    const byValue = new Map(options.map((o) => [o.value, o]));
    return value.map((v) => byValue.get(v) ?? { value: v, label: String(v) });
  }, [options, value]);
  const order = useMemo(() => new Map(options.map((o, i) => [o.value, i])), [options]);
  const message = error ?? helperText;

  return (
    <Autocomplete<PickOption<V>, true, false, false>
      multiple
      disableCloseOnSelect
      options={options as PickOption<V>[]}
      value={selected}
      loading={loading}
      isOptionEqualToValue={(o, v) => o.value === v.value}
      getOptionLabel={(o) => o.label}
      onChange={(_, picked) =>
        onChange(
          [...new Set(picked.map((o) => o.value))].sort(
            (a, b) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER),
          ),
        )
      }
      filterOptions={(all, { inputValue }) => narrow(all, inputValue, false)}
      renderOption={({ key, ...props }, o, { selected: checked }) => (
        <OptionRow key={key} li={props} option={o} checked={checked} />
      )}
      slotProps={{ chip: { size: 'small' } }}
      sx={{ width: { xs: '100%', sm: width } }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={label}
          placeholder={selected.length === 0 ? anyLabel : undefined}
          error={!!error}
          helperText={message}
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps?.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}

/** A choice in the list: its words, its detail below them, and (picking several) a check box before them. */
function OptionRow({
  li,
  option,
  checked,
}: {
  /** What the list gives each of its items (its role, its state, its handlers). */
  li: HTMLAttributes<HTMLLIElement>;
  option: PickOption<string | number>;
  /** Whether the choice is picked, for a list of several; no check box without it. */
  checked?: boolean;
}) {
  return (
    <Box component="li" {...li} sx={checked === undefined ? undefined : { gap: 1 }}>
      {checked === undefined ? null : checked ? (
        <CheckBoxIcon fontSize="small" color="primary" aria-hidden />
      ) : (
        <CheckBoxOutlineBlankIcon fontSize="small" aria-hidden />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2">{option.label}</Typography>
        {option.detail && (
          <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {option.detail}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/**
 * The choices whose words or detail contain `text` (any case); all of them for no text. With `orValue`, a
 * choice without a detail is matched by its value instead.
 */
function narrow<O extends PickOption<string | number>>(options: readonly O[], text: string, orValue: boolean): O[] {
  const want = text.trim().toLowerCase();
  if (want === '') return [...options];
  return options.filter(
    (o) => o.label.toLowerCase().includes(want) || (o.detail ?? (orValue ? String(o.value) : '')).toLowerCase().includes(want),
  );
}
