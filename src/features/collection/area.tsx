import DevicesIcon from '@mui/icons-material/DevicesOutlined';
import EventRepeatIcon from '@mui/icons-material/EventRepeatOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import { collectionOps } from '@/api/operations/collection';
import { queryKeys } from '@/api/query-keys';
import type { Client } from '@/api/schemas/collection';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName, nameFromParams } from '@/lib/item-name';
import { keyOfRouteId, numericId, uuidId } from '@/lib/route-id';
import { redirect } from 'react-router-dom';

/** Scheduled events, clients, their jobs and file ingest. */
export const collectionArea: AreaDefinition = {
  id: 'collection',
  nav: [
    {
      label: 'Scheduled events',
      path: '/events',
      icon: <EventRepeatIcon />,
      section: 'Collection',
      enterpriseOnly: true,
      reads: collectionOps.listClientSchedules,
    },
    {
      label: 'Clients',
      path: '/clients',
      icon: <DevicesIcon />,
      section: 'Collection',
      enterpriseOnly: true,
      reads: collectionOps.listClients,
    },
    { label: 'File ingest', path: '/file-ingest', icon: <UploadFileIcon />, section: 'Collection' },
  ],
  routes: [
    {
      path: 'events',
      ...lazyPage(() => import('./routes/EventsPage'), undefined, page('Scheduled events', collectionOps.listClientSchedules)),
    },
    {
      path: 'events/:eventId',
      ...lazyPage(() => import('./routes/EventDetailPage'), undefined, {
        ...page('Event', collectionOps.getClientSchedule),
        list: 'Scheduled events',
        itemName: nameFromParams((p) => keyOfRouteId(numericId, p.eventId, (id) => `Event ${id}`) ?? undefined),
      }),
    },
    { path: 'clients', ...lazyPage(() => import('./routes/ClientsPage'), undefined, page('Clients', collectionOps.listClients)) },
    {
      path: 'clients/:clientId',
      ...lazyPage(() => import('./routes/ClientDetailPage'), undefined, {
        ...page('Client', collectionOps.getClient),
        list: 'Clients',
        itemName: cachedName<Client>(
          (p) => keyOfRouteId(uuidId, p.clientId, queryKeys.clients.detail),
          (c) => c.name,
        ),
      }),
    },
    {
      path: 'jobs/:jobId',
      ...lazyPage(() => import('./routes/JobDetailPage'), undefined, {
        ...page('Job', collectionOps.getClientJob),
        list: 'Clients',
        itemName: nameFromParams((p) => keyOfRouteId(numericId, p.jobId, (id) => `Job ${id}`) ?? undefined),
      }),
    },
    // Where a job's page was, when jobs were called tasks: links and bookmarks still arrive.
    {
      path: 'tasks/:taskId',
      loader: ({ params }) => redirect(`/jobs/${params.taskId ?? ''}`),
      handle: { ...page('Job', collectionOps.getClientJob), list: 'Clients' },
    },
    { path: 'file-ingest', ...lazyPage(() => import('./routes/FileIngestPage'), undefined, { title: 'File ingest' }) },
  ],
};
