import { baseEnvSchema } from '@fm/shared/service';
import { z } from 'zod';

export const configSchema = baseEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** How many courses one member may keep in their library. */
  COURSES_MAX_PER_MEMBER: z.coerce.number().int().min(1).max(10_000).default(200),
  /** Course writes (create, change, delete, like, favorite) one member may make per minute. */
  COURSES_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
});

export type Config = z.infer<typeof configSchema>;
