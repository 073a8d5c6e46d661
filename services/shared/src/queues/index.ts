/**
 * `@fm/shared/queues`: BullMQ — publishing (QueueProducer), consuming (createQueueWorker, with its
 * `once` option: each event handled once, a duplicate logged, an event in progress elsewhere
 * retried later) and job schedulers. The queues and their payloads are contracts: `@fm/contracts`
 * (QUEUES, JOBS, jobIdFor).
 */
export {
  bullPrefix,
  createQueueWorker,
  jobMetaOf,
  QueueProducer,
  startJobScheduler,
  type HandleOnce,
  type JobHandlers,
  type JobSchedule,
} from '../events/queues';
export { bullConnection, type ProducerOptions } from '../events/connection';
export { handleOnce, HandlingElsewhereError, type HandledOnce } from '../events/handle-once';
