import { runService } from '@fm/shared';
import { compose } from './compose';
import { configSchema } from './config';

void runService({ name: 'practice', configSchema, compose });
