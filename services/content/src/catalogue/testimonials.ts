import type { Testimonial } from '../domain/testimonial.model';

/** Members' words for the home page (name + location is the seed's key). */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Mark Thompson',
    location: 'Scottsdale, AZ',
    quote:
      'I used to fall apart after one bad hole. The reset walk changed that in a couple of weeks. My handicap dropped from 14 to 10 this season and I enjoy the game again.',
    avatarUrl: null,
  },
  {
    name: 'Sarah Lindqvist',
    location: 'Gothenburg, Sweden',
    quote:
      'Ten minutes a day felt too small to matter. It was exactly right. The breathing drill is now part of every shot and the first-tee nerves are finally manageable.',
    avatarUrl: null,
  },
  {
    name: 'David Okafor',
    location: 'Atlanta, GA',
    quote:
      'The quiet eye putting lesson is worth the membership on its own. I stopped missing the three-footers that used to cost me every club match.',
    avatarUrl: null,
  },
  {
    name: 'Emma Fitzgerald',
    location: 'Kildare, Ireland',
    quote:
      'As a junior coach I recommend it to all my players. Calm, practical and grounded in real sport psychology rather than slogans.',
    avatarUrl: null,
  },
  {
    name: 'James Carter',
    location: 'Charlotte, NC',
    quote:
      'Process goals took the pressure off. I stopped adding up my score on the back nine and shot my first round in the seventies.',
    avatarUrl: null,
  },
  {
    name: 'Priya Raman',
    location: 'Toronto, Canada',
    quote:
      'The guided visualizations before a round have become my favourite part of the day. I arrive at the course relaxed and with a plan for every hole.',
    avatarUrl: null,
  },
];
