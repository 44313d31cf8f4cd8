import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { lazyPage, type AreaDefinition } from '@/lib/area';

/** Scheduled events, clients, tasks and file ingest. */
export const collectionArea: AreaDefinition = {
  id: 'collection',
  nav: [
    { label: 'Scheduled events', path: '/events', icon: <EventRepeatIcon />, section: 'Collection', enterpriseOnly: true },
    { label: 'Clients', path: '/clients', icon: <DevicesIcon />, section: 'Collection', enterpriseOnly: true },
    { label: 'File ingest', path: '/file-ingest', icon: <UploadFileIcon />, section: 'Collection' },
  ],
  routes: [
    { path: 'events', ...lazyPage(() => import('./routes/EventsPage')) },
    { path: 'events/:eventId', ...lazyPage(() => import('./routes/EventDetailPage')) },
    { path: 'clients', ...lazyPage(() => import('./routes/ClientsPage')) },
    { path: 'tasks/:taskId', ...lazyPage(() => import('./routes/TaskDetailPage')) },
    { path: 'file-ingest', ...lazyPage(() => import('./routes/FileIngestPage')) },
  ],
};
