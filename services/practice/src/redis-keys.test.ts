/**
 * Practice's keys are the strings the kit built before they moved here: a deploy reads what the
 * previous one wrote (a member's pending minutes, their flush lock), and the beat script's keys
 * keep the member's hash tag (one Cluster slot).
 */
import { practiceKeys } from './redis-keys';

it('when practice names its keys, then they are the ones Redis holds from before the move, the beat state under the member tag', () => {
  const keys = practiceKeys('fm');
  const member = 'b2f4c6d8-0000-4000-8000-000000000001';
  expect([
    keys.sessions(member),
    keys.creditedUntil(member),
    keys.live(member),
    keys.pending(member),
    keys.erased(member),
    keys.flushing(member),
    keys.dirty(),
  ]).toEqual([
    `fm:practice:{${member}}:sessions`,
    `fm:practice:{${member}}:credited-until`,
    `fm:practice:{${member}}:live`,
    `fm:practice:{${member}}:pending`,
    `fm:practice:{${member}}:erased`,
    `fm:practice:{${member}}:flushing`,
    'fm:practice:dirty',
  ]);
});
