import MenuIcon from '@mui/icons-material/Menu';
import AccountCircleIcon from '@mui/icons-material/AccountCircleOutlined';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches } from 'react-router-dom';
import { missingPermission } from '@/api/operation';
import { mayCallOperation } from '@/lib/access';
import { useShellShown } from '@/lib/page-reads';
import type { PermissionName } from '@/shared/permissions';
import type { Self } from '@/api/schemas/auth';
import type { PageHandle } from '@/lib/area';
import { RestrictedPage } from '@/components/RestrictedNote';
import { PageHeader } from '@/components/PageHeader';
import { LoadingState, ErrorState } from '@/components/states';
import { useSelf } from '@/api/self';
import { userName } from '@/lib/user-name';
import { useIsEnterprise } from '@/api/version';
import { isCurrent, type NavItem, type NavSection } from '@/lib/area';
import { useMenuButton } from '@/components/menu-button';
import { PipelineStatusButton } from '@/components/pipeline/pipeline-status';
import { visuallyHidden } from '@/components/visually-hidden';
import { areas } from './areas';
import { useSession } from '@/lib/session';

const DRAWER_WIDTH = 248;
const SECTIONS: NavSection[] = ['Overview', 'Access', 'Assets', 'Collection', 'Settings'];

function ThemeToggle() {
  const { mode, systemMode, setMode } = useColorScheme();
  const effective = mode === 'system' ? systemMode : mode;
  const next = effective === 'dark' ? 'light' : 'dark';
  const name = `Switch to ${next} theme`;
  return (
    <IconButton color="inherit" aria-label={name} title={name} onClick={() => setMode(next)}>
      {effective === 'dark' ? <LightModeIcon /> : <DarkModeIcon />}
    </IconButton>
  );
}

function UserMenu() {
  const theme = useTheme();
  const { signOut } = useSession();
  const self = useSelf();
  const menu = useMenuButton('user-menu');
  const name = self.data ? userName(self.data) : '…';
  const roles = self.data?.roles.map((r) => r.name).join(', ');
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        {...menu.button}
        // On a phone the icon alone (the name stays the button's name), leaving room for the pipeline status.
        sx={{ textTransform: 'none', minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } } }}
      >
        <Box component="span" sx={{ [theme.breakpoints.down('sm')]: visuallyHidden }}>
          {name}
        </Box>
      </Button>
      {menu.mounted && (
        <Menu id="user-menu" anchorEl={menu.anchor} open={Boolean(menu.anchor)} onClose={menu.close}>
          <Box sx={{ px: 2, py: 1 }}>
            <Typography variant="body2">Signed in as {self.data?.principal_name}</Typography>
            {roles && (
              <Typography variant="caption" color="text.secondary">
                {roles}
              </Typography>
            )}
          </Box>
          <Divider />
          <MenuItem component={NavLink} to="/profile" onClick={menu.close}>
            My profile
          </MenuItem>
          <MenuItem
            onClick={() => {
              menu.close();
              signOut('signed-out');
            }}
          >
            Sign out
          </MenuItem>
        </Menu>
      )}
    </>
  );
}

function Navigation({
  items,
  onNavigate,
  enterprise,
}: {
  items: NavItem[];
  onNavigate?: () => void;
  enterprise: boolean | undefined;
}) {
  const { pathname } = useLocation();
  return (
    // Fills the drawer below the top bar and scrolls on its own when the window is too short for every item.
    // Plain lists and links styled here once (MUI's dense list, button and text), not styled components per item.
    <Box component="nav" aria-label="Main" sx={navSx}>
      {SECTIONS.map((section) => {
        const entries = items.filter((i) => i.section === section);
        if (entries.length === 0) return null;
        return (
          <div key={section} className="section">
            <p className="heading" id={`nav-${section}`}>
              {section}
            </p>
            <ul aria-labelledby={`nav-${section}`}>
              {entries.map((item) => {
                const current = isCurrent(pathname, item.path);
                return (
                  <li key={item.path}>
                    <Link
                      to={item.path}
                      onClick={onNavigate}
                      className={current ? 'active' : undefined}
                      aria-current={current ? 'page' : undefined}
                    >
                      <span className="icon">{item.icon}</span>
                      <span className="label">{item.label}</span>
                      {item.enterpriseOnly && enterprise === false && <Chip size="small" label="Enterprise" variant="outlined" />}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </Box>
  );
}

const navSx: SxProps<Theme> = (theme) => ({
  flex: '1 1 auto',
  minHeight: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  py: 1,
  '& .section': { pb: 1 },
  '& .heading': {
    m: 0,
    px: 2,
    lineHeight: '32px',
    fontSize: theme.typography.pxToRem(14),
    fontWeight: 500,
    color: 'text.secondary',
  },
  '& ul': { listStyle: 'none', m: 0, p: 0 },
  '& a': {
    display: 'flex',
    alignItems: 'center',
    mx: 1,
    px: 2,
    py: '4px',
    minHeight: 40,
    boxSizing: 'border-box',
    borderRadius: 1,
    color: 'text.primary',
    textDecoration: 'none',
    ...theme.typography.body2,
    '&:hover': { bgcolor: 'action.hover' },
    '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
  },
  '& .icon': { display: 'inline-flex', minWidth: 36, flexShrink: 0, color: 'action.active' },
  '& .label': { flex: '1 1 auto', minWidth: 0, my: '2px' },
});

/** The page's title and the permission the person lacks to open it (by its route handle), or null. */
function useRestriction(self: Self | undefined): { title: string; permission: PermissionName } | null {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as PageHandle | undefined;
  if (!self || !handle?.reads) return null;
  const permission = missingPermission(self, handle.reads.access);
  return permission ? { title: handle.title, permission } : null;
}

/**
 * False until the browser is first idle after mounting (at most `timeoutMs` later): for what may wait
 * until the page itself is on screen.
 */
function useIdle(timeoutMs = 1000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}

/** The signed-in frame: top bar, navigation for every area, and the page. */
export function AppShell() {
  // From now on a page's loader lets the page show at once, with its own loading state.
  useShellShown();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [open, setOpen] = useState(false);
  const self = useSelf();
  const enterprise = useIsEnterprise();
  const location = useLocation();
  const items = areas.flatMap((a) => a.nav).filter((i) => !i.reads || mayCallOperation(self.data, i.reads));
  const restricted = useRestriction(self.data);
  // The pipeline status (two requests and a popover) comes once the page is up, not before its first rows.
  const idle = useIdle();

  const drawer = (
    <>
      <Toolbar sx={{ flexShrink: 0 }} />
      <Navigation items={items} enterprise={enterprise} onNavigate={wide ? undefined : () => setOpen(false)} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        component="a"
        href="#main"
        // Focus the content without a #main in the address (the router would keep it in links back here).
        onClick={(e: MouseEvent<HTMLAnchorElement>) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
        sx={{
          position: 'absolute',
          left: -9999,
          zIndex: 2000,
          '&:focus': { left: 8, top: 8, p: 1, bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1 },
        }}
      >
        Skip to main content
      </Box>
      <AppBar position="fixed" color="primary" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar>
          {!wide && (
            <IconButton color="inherit" edge="start" aria-label="Open navigation" onClick={() => setOpen(true)} sx={{ mr: 1 }}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography component="p" variant="h6" noWrap sx={{ flexGrow: 1, minWidth: 0, fontWeight: 600 }}>
            Admin Console
          </Typography>
          {idle && <PipelineStatusButton />}
          <ThemeToggle />
          <UserMenu />
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          {drawer}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {drawer}
        </Drawer>
      )}
      <Box component="main" id="main" tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, outline: 'none' }}>
        <Toolbar />
        {self.isPending ? (
          <LoadingState label="Loading your account…" />
        ) : self.isError ? (
          <>
            <PageHeader title="Admin Console" />
            <ErrorState error={self.error} title="Could not load your account" onRetry={() => void self.refetch()} />
          </>
        ) : (
          <Suspense fallback={<LoadingState />} key={location.pathname}>
            {restricted ? <RestrictedPage {...restricted} /> : <Outlet />}
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
