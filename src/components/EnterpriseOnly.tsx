import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

/**
 * What a community server cannot do, said plainly: `title` names what needs the enterprise edition, `text`
 * what the person can do instead, and `back` leads to a page that works on this server.
 */
export function EnterpriseOnly({ title, text, back }: { title: string; text: string; back: { to: string; label: string } }) {
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button component={RouterLink} to={back.to} color="inherit" size="small">
          {back.label}
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {text}
    </Alert>
  );
}
