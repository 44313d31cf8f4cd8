import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, type Ref } from 'react';
import { formatBytes, SAML_METADATA_MAX_BYTES } from '@/api/schemas/sso';
import { visuallyHidden } from '@/components/visually-hidden';

export const METADATA_INPUT_LABEL = 'Metadata XML file';

/**
 * Chooses the IdP's metadata XML file: .xml only, shows the chosen file's
 * name and size; the form's rules refuse a file over 1 MiB before sending.
 * The native input is visually hidden (and out of the tab order); the
 * "Choose file" button opens it and is what keyboard users reach.
 */
export function MetadataFilePicker({
  value,
  onChange,
  onBlur,
  error,
  required,
  hint,
  buttonRef,
  disabled,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  error?: string;
  required: boolean;
  /** Shown under the picker when there is no error. */
  hint?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const chosenId = useId();
  const helperId = useId();
  const helper = error ?? hint ?? `An .xml file of at most ${formatBytes(SAML_METADATA_MAX_BYTES)}.`;
  return (
    <FormControl error={Boolean(error)} required={required} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography id={labelId} component="legend" variant="body2" color={error ? 'error' : 'text.secondary'} sx={{ mb: 0.5 }}>
        {METADATA_INPUT_LABEL}
        {required ? ' *' : ''}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Button
          ref={buttonRef}
          variant="outlined"
          color={error ? 'error' : 'primary'}
          startIcon={<UploadFileIcon />}
          onClick={() => input.current?.click()}
          onBlur={onBlur}
          disabled={disabled}
          aria-describedby={`${chosenId} ${helperId}`}
          sx={{ flexShrink: 0 }}
        >
          {value ? 'Choose another file' : 'Choose file'}
        </Button>
        <Typography id={chosenId} variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }} aria-live="polite">
          {value ? (
            <>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {value.name}
              </Box>{' '}
              <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                ({formatBytes(value.size)})
              </Box>
            </>
          ) : (
            <Box component="span" sx={{ color: 'text.secondary' }}>
              No file chosen
            </Box>
          )}
        </Typography>
        {value && (
          <Tooltip title="Remove the chosen file">
            <IconButton size="small" aria-label="Remove the chosen file" onClick={() => onChange(null)} disabled={disabled}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept=".xml,text/xml,application/xml"
        aria-label={METADATA_INPUT_LABEL}
        aria-describedby={helperId}
        tabIndex={-1}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          // Clear the input so choosing the same file again still reports a change.
          e.target.value = '';
          if (file) onChange(file);
        }}
        style={visuallyHidden}
      />
      <FormHelperText id={helperId} role={error ? 'alert' : undefined} sx={{ mx: 0 }}>
        {helper}
      </FormHelperText>
    </FormControl>
  );
}
