import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a bare machine', () => {
    expect(loadConfig({})).toMatchObject({
      HOST: '127.0.0.1',
      PORT: 3000,
      DATABASE_URL: 'file:./data/openbuy.db',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      TRUST_PROXY: false,
      MIGRATE_ON_START: true,
      SEED_ON_START: true,
      REDIS_PREFIX: 'openbuy:',
      CACHE_MAX_AGE_SECONDS: 30,
    });
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', REDIS_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: 'http' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ MIGRATE_ON_START: 'maybe' }, 'MIGRATE_ON_START'],
    [{ SEED_PARTNER_CLIENT_SECRET: 'short' }, 'SEED_PARTNER_CLIENT_SECRET'],
    [{ REDIS_PREFIX: 'has space:' }, 'REDIS_PREFIX'],
    [{ CACHE_MAX_AGE_SECONDS: '0' }, 'CACHE_MAX_AGE_SECONDS'],
  ])('names the variable in error: %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it.each([
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('has the documented console sign-in defaults', () => {
    expect(loadConfig({})).toMatchObject({
      ADMIN_ACCESS_TOKEN_TTL_SECONDS: 1800,
      ADMIN_REFRESH_TOKEN_TTL_SECONDS: 2_592_000,
      ADMIN_LOGIN_ATTEMPTS_PER_USERNAME: 5,
      ADMIN_LOGIN_USERNAME_WINDOW_SECONDS: 900,
      ADMIN_LOGIN_ATTEMPTS_PER_IP: 30,
      ADMIN_LOGIN_IP_WINDOW_SECONDS: 60,
    });
  });

  it('has the documented verification-code defaults, and reads each limit', () => {
    expect(loadConfig({})).toMatchObject({
      VERIFICATION_CODE_EXPIRES_SECONDS: 600,
      VERIFICATION_CODE_MIN_INTERVAL_SECONDS: 60,
      VERIFICATION_CODE_DAILY_MAX_PER_TARGET: 10,
      VERIFICATION_CODE_MAX_ATTEMPTS: 5,
      VERIFICATION_CODE_LENGTH: 6,
    });
    expect(loadConfig({ VERIFICATION_CODE_LENGTH: '8', VERIFICATION_CODE_MIN_INTERVAL_SECONDS: '0' })).toMatchObject({ VERIFICATION_CODE_LENGTH: 8, VERIFICATION_CODE_MIN_INTERVAL_SECONDS: 0 });
    expect(() => loadConfig({ VERIFICATION_CODE_LENGTH: '3' })).toThrow(/VERIFICATION_CODE_LENGTH/);
    expect(() => loadConfig({ VERIFICATION_CODE_DAILY_MAX_PER_TARGET: '0' })).toThrow(/VERIFICATION_CODE_DAILY_MAX_PER_TARGET/);
  });

  it('refuses a console refresh token that lives shorter than its access token', () => {
    expect(() => loadConfig({ ADMIN_ACCESS_TOKEN_TTL_SECONDS: '3600', ADMIN_REFRESH_TOKEN_TTL_SECONDS: '600' })).toThrow(/ADMIN_REFRESH_TOKEN_TTL_SECONDS/);
  });

  it('accepts PostgreSQL URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@db:5432/openbuy' }).DATABASE_URL).toBe('postgresql://u@db:5432/openbuy');
  });
});
