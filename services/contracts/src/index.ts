/**
 * What crosses a boundary, defined once: the HTTP views the services answer (the frontend
 * imports their types only) and the queue events their producers and consumers share.
 */
export * from './admin';
export * from './auth';
export * from './billing';
export * from './common';
export * from './contact';
export * from './content';
export * from './courses';
export * from './events';
export * from './newsletter';
export * from './site';
