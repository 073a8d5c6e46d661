import { runService } from '@fm/shared/service';
import { compose } from './compose';
import { configSchema } from './config';

void runService({ name: 'courses', configSchema, compose });
