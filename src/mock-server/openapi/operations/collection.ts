import {
  availableJobsResponse,
  canceledJobResponse,
  clientResponse,
  clientTokenResponse,
  clientsListResponse,
  completedJobsResponse,
  completedTasksResponse,
  createClientBody,
  createJobBody,
  createdJobResponse,
  currentJobResponse,
  createTaskBody,
  createdClientResponse,
  eventBody,
  jobLogResponse,
  jobResponse,
  jobsListResponse,
  scheduledEventResponse,
  scheduledEventsListResponse,
  scheduledTaskResponse,
  startJobBody,
  startedJobResponse,
  updateClientBody,
} from '../../../api/schemas/collection';
import { intPathParam, uuidField } from '../../../api/schemas/common';
import { COMPLETED_TASKS } from '../../areas/collection/clients';
import { AVAILABLE, JOBS } from '../../areas/collection/jobs';
import { CLIENTS_LIST, EVENTS_LIST, EVENT_PARAMS } from '../../areas/collection/routes';
import type { OperationArea } from '../operation';

const CLIENT = '/api/v2/clients/{client_id}';
const EVENT = '/api/v2/events/{event_id}';
/** The path parameters as the routes read them (the same schema factories). */
const clientId = { client_id: uuidField('client_id') };
const eventId = { event_id: intPathParam('event_id') };
const jobId = { job_id: intPathParam('job_id') };
const JOB = '/api/v2/jobs/{job_id}';

export const collectionOperations: OperationArea = {
  tag: 'Collection (enterprise)',
  operations: {
    'GET /api/v2/clients': { summary: 'List collection clients', query: CLIENTS_LIST.schema, answer: clientsListResponse },
    'POST /api/v2/clients': {
      summary: 'Register a collection client',
      description: "The answer holds the client's token, shown this once.",
      body: createClientBody,
      answer: createdClientResponse,
      errors: [409],
    },
    [`GET ${CLIENT}`]: { summary: 'Get a collection client', params: clientId, answer: clientResponse },
    [`PUT ${CLIENT}`]: {
      summary: 'Update a collection client',
      params: clientId,
      body: updateClientBody,
      answer: clientResponse,
      errors: [409],
    },
    [`DELETE ${CLIENT}`]: { summary: 'Delete a collection client', params: clientId },
    [`PUT ${CLIENT}/token`]: { summary: "Replace a client's token", params: clientId, answer: clientTokenResponse },
    [`GET ${CLIENT}/completed-tasks`]: {
      summary: "A client's finished tasks",
      params: clientId,
      query: COMPLETED_TASKS.schema,
      answer: completedTasksResponse,
      deprecated: true,
    },
    [`POST ${CLIENT}/tasks`]: {
      summary: 'Start a collection task on a client',
      params: clientId,
      body: createTaskBody,
      answer: scheduledTaskResponse,
      deprecated: true,
    },
    [`GET ${CLIENT}/completed-jobs`]: {
      summary: "A client's finished jobs",
      params: clientId,
      query: COMPLETED_TASKS.schema,
      answer: completedJobsResponse,
    },
    [`POST ${CLIENT}/jobs`]: {
      summary: 'Run a collection job on a client now',
      params: clientId,
      body: createJobBody,
      answer: createdJobResponse,
    },
    'GET /api/v2/jobs': { summary: 'List collection jobs', query: JOBS.schema, answer: jobsListResponse },
    'GET /api/v2/jobs/finished': { summary: 'List finished collection jobs', query: JOBS.schema, answer: jobsListResponse },
    [`GET ${JOB}`]: { summary: 'Get a collection job', params: jobId, answer: jobResponse },
    [`GET ${JOB}/log`]: { summary: "A job's log, as its run wrote it", params: jobId, answer: jobLogResponse },
    [`PUT ${JOB}/cancel`]: {
      summary: 'Cancel a waiting or running job',
      description: 'A finished job cannot be canceled (400 naming its status).',
      params: jobId,
      answer: canceledJobResponse,
    },
    'GET /api/v2/jobs/available': {
      summary: "The calling client's waiting jobs",
      query: AVAILABLE.schema,
      answer: availableJobsResponse,
    },
    'GET /api/v2/jobs/current': { summary: "The calling client's running job", answer: currentJobResponse, errors: [404] },
    'POST /api/v2/jobs/start': {
      summary: "Start the calling client's next (or the named) waiting job",
      body: startJobBody,
      answer: startedJobResponse,
    },
    'POST /api/v2/jobs/end': { summary: "End the client's current job", answer: scheduledTaskResponse },
    'GET /api/v2/events': { summary: 'List scheduled events', query: EVENTS_LIST.schema, answer: scheduledEventsListResponse },
    'POST /api/v2/events': { summary: 'Schedule a collection event', body: eventBody, answer: scheduledEventResponse },
    [`GET ${EVENT}`]: {
      summary: 'Get a scheduled event',
      params: eventId,
      query: EVENT_PARAMS.schema,
      answer: scheduledEventResponse,
    },
    [`PUT ${EVENT}`]: { summary: 'Update a scheduled event', params: eventId, body: eventBody, answer: scheduledEventResponse },
    [`DELETE ${EVENT}`]: { summary: 'Delete a scheduled event', params: eventId, status: 204 },
  },
};
