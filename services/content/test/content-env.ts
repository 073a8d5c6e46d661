/** Content's variables for tests that the kit's test environment does not set (no defaults: production must set them). */
export function contentEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return { STRIPE_PUBLISHABLE_KEY: 'pk_test_fairwaymind', ...overrides };
}
