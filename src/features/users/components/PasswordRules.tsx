import CheckIcon from '@mui/icons-material/CheckCircleOutlined';
import CircleIcon from '@mui/icons-material/RadioButtonUncheckedOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useWatch, type Control } from 'react-hook-form';
import { FormTextField } from '@/components/form/FormTextField';
import { visuallyHidden } from '@/components/visually-hidden';
import { PASSWORD_REQUIREMENTS } from '@/features/users/password-form';

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

interface NewPassword {
  password: string;
  confirm_password: string;
}

/**
 * A new password, typed twice, with the strength rule ticked as it is typed: the same fields wherever a
 * password is chosen (a new user, an administrator's reset, one's own change).
 */
export function NewPasswordFields<T extends NewPassword>({
  control,
  autoFocus = false,
  side = false,
  word = 'New password',
}: {
  control: Control<T>;
  autoFocus?: boolean;
  /** The two fields side by side from 600 px (a longer form). */
  side?: boolean;
  word?: 'New password' | 'Password';
}) {
  const c = control as unknown as Control<NewPassword>;
  const password = useWatch({ control: c, name: 'password' });
  return (
    <>
      <Stack direction={side ? { xs: 'column', sm: 'row' } : 'column'} spacing={2}>
        <FormTextField
          control={c}
          name="password"
          label={word}
          type="password"
          required
          autoFocus={autoFocus}
          autoComplete="new-password"
        />
        <FormTextField
          control={c}
          name="confirm_password"
          label={`Confirm ${word.toLowerCase()}`}
          type="password"
          required
          autoComplete="new-password"
        />
      </Stack>
      <PasswordRules password={password} />
    </>
  );
}
