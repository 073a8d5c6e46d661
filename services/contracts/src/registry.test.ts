import reviews from '../../../infra/test/fixtures/reviews.service.json';
import { REGISTRY, registrySchema } from './registry';

describe('the service registry (registry.json through its schema)', () => {
  it('when the registry is imported, then it holds the six services, content serving media', () => {
    expect(REGISTRY.services.map((s) => s.name)).toEqual([
      'auth',
      'content',
      'courses',
      'contact',
      'billing',
      'practice',
    ]);
    expect(REGISTRY.services.filter((s) => s.servesMedia).map((s) => s.name)).toEqual(['content']);
  });

  it('when a seventh service names a queue QUEUES does not have, then the schema refuses it and names the key', () => {
    const { $comment: _note, ...entry } = reviews;
    const result = registrySchema.safeParse({ ...REGISTRY, services: [...REGISTRY.services, entry] });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain('accountEventsReviews');
  });

  it('when a seventh service takes a port or a gateway location of another, then the schema says which', () => {
    const { $comment: _note, ...entry } = reviews;
    const clash = {
      ...entry,
      queues: { consumes: [], produces: [] },
      port: 4006,
      gateway: { locations: ['/api/practice/'] },
    };
    const result = registrySchema.safeParse({ ...REGISTRY, services: [...REGISTRY.services, clash] });
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining(['reviews: port 4006 taken twice', 'gateway location /api/practice/ listed twice']),
    );
  });

  it('when a node flag holds a space, then the schema refuses it (the image splits the flags on spaces)', () => {
    const result = registrySchema.safeParse({ ...REGISTRY, nodeFlags: ['--max-old-space-size=128 --v8-pool-size=1'] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['nodeFlags.0']);
  });
});
