import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { usePlainControlsCss } from './plain';

export interface Crumb {
  label: string;
  to?: string;
}

/** The top of every page: breadcrumbs, one h1, an optional line of description, and the page's actions. */
export function PageHeader({
  title,
  description,
  actions,
  crumbs,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  crumbs?: Crumb[];
}) {
  usePlainControlsCss();
  // Plain elements styled once (plain/plain-styles.ts): every page renders its header on its first load.
  return (
    <header className="ph">
      {crumbs && crumbs.length > 0 && (
        <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
          {crumbs.map((c) =>
            c.to ? (
              <Link key={c.label} component={RouterLink} to={c.to} underline="hover" color="inherit">
                {c.label}
              </Link>
            ) : (
              <Typography key={c.label} color="text.primary" aria-current="page">
                {c.label}
              </Typography>
            ),
          )}
        </Breadcrumbs>
      )}
      <div className="row">
        <div className="text">
          <h1>{title}</h1>
          {description && <p className="desc">{description}</p>}
        </div>
        {actions && <div className="actions">{actions}</div>}
      </div>
    </header>
  );
}
