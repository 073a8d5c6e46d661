import { runService } from '@fm/shared';
import { buildApp } from './app';
import { configSchema } from './config';

void runService({ name: 'content', configSchema, buildApp: (deps) => buildApp(deps) });
