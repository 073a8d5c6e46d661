/**
 * What crosses a boundary, defined once: the HTTP views the services answer (the frontend
 * imports their types only) and the queue events their producers and consumers share.
 */
export * from './admin';
export * from './auth';
export * from './billing';
export * from './clubs';
export * from './coaching';
export * from './common';
export * from './contact';
export * from './content';
export * from './course-card';
export * from './courses';
export * from './engagement';
export * from './events';
export * from './metrics';
export * from './practice';
export * from './practice-catalogue';
export * from './registry';
export * from './newsletter';
export * from './plan-change';
export * from './renewal';
export * from './site';
export * from './trial';
export * from './worksheets';
