import { runService } from '@fm/shared';
import { buildApp } from './app';
import { configSchema } from './config';

void runService({ name: 'courses', configSchema, buildApp });
