import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import CircleIcon from '@mui/icons-material/RadioButtonUncheckedOutlined';
import { Box, Typography } from '@mui/material';
import { PASSWORD_REQUIREMENTS } from './password-form';

/** The strength rule, each requirement ticked as the typed password meets it. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <Box id={id} sx={{ mt: -0.5 }}>
      <Typography variant="body2" color="text.secondary">
        The password needs:
      </Typography>
      <Box
        component="ul"
        aria-label="Password requirements"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5, display: 'grid', gap: 0.25 }}
      >
        {PASSWORD_REQUIREMENTS.map((r) => {
          const met = r.test(password);
          return (
            <Box
              component="li"
              key={r.label}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                color: met ? 'success.main' : 'text.secondary',
                typography: 'body2',
              }}
            >
              {met ? <CheckIcon fontSize="small" aria-hidden /> : <CircleIcon fontSize="small" aria-hidden />}
              <span>
                {r.label}
                <Box component="span" sx={visuallyHidden}>
                  {met ? ' (met)' : ' (not met yet)'}
                </Box>
              </span>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** Hidden on screen, read by screen readers. Plain CSS lengths: in `sx`, a bare 1 would mean 100%. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
