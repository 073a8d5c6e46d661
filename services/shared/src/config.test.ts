import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { baseEnvSchema, ConfigError, DEVELOPMENT_VALUES, loadConfig } from './config';

/** Every variable that DEVELOPMENT_VALUES names, as the services that read them declare them. */
const schema = baseEnvSchema.extend({
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  STRIPE_SECRET_KEY: z.string(),
  STRIPE_WEBHOOK_SECRET: z.string(),
  STRIPE_PUBLISHABLE_KEY: z.string(),
});

const envExample = parseEnv(readFileSync(resolve(__dirname, '../../../.env.example'), 'utf8')) as Record<
  string,
  string
>;

/** A production environment with nothing left from development. */
const production: Record<string, string> = {
  NODE_ENV: 'production',
  PORT: '4001',
  SITE_ORIGIN: 'https://fairwaymind.example',
  MONGO_URL: 'mongodb://mongo:27017/fairwaymind',
  REDIS_URL: 'redis://redis:6379',
  SESSION_KEYS: 'prod-session-key-4f9c2a7e1b8d3f6a0c5e',
  JWT_SECRET: 'prod-jwt-secret-9d1e7b3a5c2f8e4a6b0d',
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  STRIPE_SECRET_KEY: 'sk_live_51Habc',
  STRIPE_WEBHOOK_SECRET: 'whsec_9f8e7d6c5b4a',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51Habc',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(schema, env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}
const namesIn = (problems: string[]) => problems.map((p) => p.split(/[: ]/)[0]).sort();

describe('loadConfig in production', () => {
  it('when nothing is left from development, then the config loads', () => {
    expect(loadConfig(schema, production)).toMatchObject({
      NODE_ENV: 'production',
      SITE_ORIGIN: 'https://fairwaymind.example',
    });
  });

  it.each(Object.entries(DEVELOPMENT_VALUES))(
    'when %s holds its development value, then start-up fails naming it',
    (name, value) => {
      const problems = problemsOf({ ...production, [name]: value });
      expect(problems).toEqual([
        `${name}: still holds the development value from .env.example; set your own in .env (NODE_ENV=production)`,
      ]);
    },
  );

  it('when the development session key is still among the keys (a rotation that kept it), then start-up fails naming SESSION_KEYS', () => {
    const problems = problemsOf({
      ...production,
      SESSION_KEYS: `${production.SESSION_KEYS},${DEVELOPMENT_VALUES.SESSION_KEYS}`,
    });
    expect(namesIn(problems)).toEqual(['SESSION_KEYS']);
  });

  it('when SMTP_URL is left out, so the development sink would be the default, then start-up fails naming it', () => {
    expect(namesIn(problemsOf({ ...production, SMTP_URL: undefined }))).toEqual(['SMTP_URL']);
  });

  it('when a session key is shorter than 32 characters, then start-up fails naming SESSION_KEYS', () => {
    expect(problemsOf({ ...production, SESSION_KEYS: 'sixteen-chars-ok-but-short' })).toEqual([
      'SESSION_KEYS: each key needs at least 32 characters in production',
    ]);
  });

  it('when SITE_ORIGIN is plain http, then start-up fails naming it', () => {
    expect(problemsOf({ ...production, SITE_ORIGIN: 'http://fairwaymind.example' })).toEqual([
      'SITE_ORIGIN: must be your https:// origin in production (session cookies are Secure)',
    ]);
  });

  it('when .env.example is used as it ships, then every one of its secrets and development addresses is named at once', () => {
    const problems = problemsOf({ ...envExample, NODE_ENV: 'production', PORT: '4001' });
    expect(namesIn(problems)).toEqual([...Object.keys(DEVELOPMENT_VALUES), 'SITE_ORIGIN'].sort());
  });
});

describe('DEVELOPMENT_VALUES and .env.example', () => {
  it('when .env.example ships a value for a refused variable, then it is exactly the refused development value', () => {
    for (const [name, value] of Object.entries(DEVELOPMENT_VALUES))
      expect({ [name]: envExample[name] }).toEqual({ [name]: value });
  });

  it('when .env.example has a key or secret, then production refuses its value', () => {
    const secrets = Object.keys(envExample).filter((name) => /KEY|SECRET/.test(name));
    expect(secrets.length).toBeGreaterThan(0);
    for (const name of secrets) expect({ [name]: DEVELOPMENT_VALUES[name] }).toEqual({ [name]: envExample[name] });
  });
});

describe('loadConfig outside production', () => {
  it.each(['development', 'test'])('when NODE_ENV is %s, then .env.example as it ships loads', (nodeEnv) => {
    expect(loadConfig(schema, { ...envExample, NODE_ENV: nodeEnv, PORT: '4001' })).toMatchObject({
      NODE_ENV: nodeEnv,
      JWT_SECRET: DEVELOPMENT_VALUES.JWT_SECRET,
    });
  });

  it('when variables are missing or malformed, then each is named', () => {
    expect(
      problemsOf({ NODE_ENV: 'development', PORT: 'x', SITE_ORIGIN: 'http://localhost:8080', MONGO_URL: 'mysql://db' }),
    ).toEqual(
      expect.arrayContaining([
        'REDIS_URL is missing',
        'SESSION_KEYS is missing',
        'JWT_SECRET is missing',
        expect.stringMatching(/^PORT: /),
        'MONGO_URL: must be a mongodb:// URL',
      ]),
    );
  });
});
