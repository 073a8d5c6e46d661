/** The default bag (services/contracts DEFAULT_BAG): driver, 3-/5-wood, hybrid, 5-9 irons, 4 wedges, putter. */
export const DEFAULT_BAG_FOR_TEST = [
  'driver',
  '3-wood',
  '5-wood',
  'hybrid',
  '5-iron',
  '6-iron',
  '7-iron',
  '8-iron',
  '9-iron',
  'pitching-wedge',
  'gap-wedge',
  'sand-wedge',
  'lob-wedge',
  'putter',
];
