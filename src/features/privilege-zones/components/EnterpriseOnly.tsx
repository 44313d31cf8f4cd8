import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';

/** What a community server cannot do in Privilege Zones, said plainly, with the way back to the zones. */
export function EnterpriseOnly({ feature, text }: { feature: string; text: string }) {
  return (
    <Alert
      severity="info"
      role="status"
      action={
        <Button component={RouterLink} to="/privilege-zones" color="inherit" size="small">
          Go to zones
        </Button>
      }
    >
      <AlertTitle>{feature} needs the enterprise edition</AlertTitle>
      {text}
    </Alert>
  );
}
