import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** Scheduled events, clients, tasks and file ingest. */
export const collectionArea: AreaDefinition = {
  id: 'collection',
  nav: [
    {
      label: 'Scheduled events',
      path: '/events',
      icon: <EventRepeatIcon />,
      section: 'Collection',
      enterpriseOnly: true,
      reads: ['GET', '/api/v2/events'],
    },
    {
      label: 'Clients',
      path: '/clients',
      icon: <DevicesIcon />,
      section: 'Collection',
      enterpriseOnly: true,
      reads: ['GET', '/api/v2/clients'],
    },
    { label: 'File ingest', path: '/file-ingest', icon: <UploadFileIcon />, section: 'Collection' },
  ],
  routes: [
    {
      path: 'events',
      ...lazyPage(() => import('./routes/EventsPage'), undefined, page('Scheduled events', 'GET', '/api/v2/events')),
    },
    {
      path: 'events/:eventId',
      ...lazyPage(
        () => import('./routes/EventDetailPage'),
        undefined,
        page('Scheduled event', 'GET', '/api/v2/events/{event_id}'),
      ),
    },
    { path: 'clients', ...lazyPage(() => import('./routes/ClientsPage'), undefined, page('Clients', 'GET', '/api/v2/clients')) },
    {
      path: 'clients/:clientId',
      ...lazyPage(() => import('./routes/ClientDetailPage'), undefined, page('Client', 'GET', '/api/v2/clients/{client_id}')),
    },
    {
      path: 'tasks/:taskId',
      ...lazyPage(() => import('./routes/TaskDetailPage'), undefined, page('Task', 'GET', '/api/v2/jobs/{job_id}')),
    },
    { path: 'file-ingest', ...lazyPage(() => import('./routes/FileIngestPage')) },
  ],
};
