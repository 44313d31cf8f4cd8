import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden';

/**
 * Where files are dropped or chosen: a dashed area that takes dropped files, and a "Choose files" button
 * that opens the browser's file picker (the keyboard's way in). `accept` is the picker's filter
 * (".json,.zip"), `label` the picker's accessible name, `prompt` the line above the button ("Drop collector
 * files here, or"), `children` what is accepted, shown below it.
 */
export function FileDropZone({
  accept,
  label,
  prompt,
  disabled = false,
  onFiles,
  children,
}: {
  accept: string;
  label: string;
  prompt: string;
  disabled?: boolean;
  onFiles: (files: FileList | null) => void;
  children?: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(e.dataTransfer.files);
  };

  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: dragging ? 'primary.main' : 'divider',
        bgcolor: dragging ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <UploadIcon color="action" sx={{ fontSize: 40 }} aria-hidden />
      <Typography sx={{ mt: 1 }}>{prompt}</Typography>
      <Button variant="outlined" sx={{ mt: 1 }} disabled={disabled} onClick={() => inputRef.current?.click()}>
        Choose files
      </Button>
      <Box
        component="input"
        ref={inputRef}
        type="file"
        multiple
        accept={accept}
        aria-label={label}
        disabled={disabled}
        tabIndex={-1}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
          onFiles(e.target.files);
          e.target.value = '';
        }}
        sx={visuallyHidden}
      />
      {children && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {children}
        </Typography>
      )}
    </Box>
  );
}
