import HomeIcon from '@mui/icons-material/HomeOutlined';
import { lazyPage, type AreaDefinition } from '../../app/area';

export const homeArea: AreaDefinition = {
  id: 'home',
  nav: [{ label: 'Home', path: '/', icon: <HomeIcon />, section: 'Overview' }],
  routes: [{ index: true, ...lazyPage(() => import('./routes/HomePage')) }],
};
