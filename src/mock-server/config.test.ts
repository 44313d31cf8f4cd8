import { describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_ROOT_URL, listenUrl } from './config';

describe('MOCK_ROOT_URL', () => {
  it('defaults to where the mock listens; MOCK_ROOT_URL wins, without its trailing slash', () => {
    expect(configFromEnv({}).rootUrl).toBe(DEFAULT_ROOT_URL);
    expect(configFromEnv({}, { rootUrl: 'http://127.0.0.1:5173' }).rootUrl).toBe('http://127.0.0.1:5173');
    expect(configFromEnv({ MOCK_ROOT_URL: 'https://bh.example.com/' }, { rootUrl: 'http://127.0.0.1:5173' }).rootUrl).toBe(
      'https://bh.example.com',
    );
    expect(configFromEnv({ MOCK_ROOT_URL: 'https://bh.example.com/console/' }).rootUrl).toBe('https://bh.example.com/console');
  });

  it('stops the start with a clear error for anything but an http(s) URL without query or fragment', () => {
    const cases: [string, string][] = [
      ['bh.example.com', 'it is not a URL'],
      ['ftp://bh.example.com', 'not ftp'],
      ['javascript:alert(1)', 'not javascript'],
      ['https://bh.example.com/?next=/', 'no query or fragment'],
      ['https://bh.example.com/#top', 'no query or fragment'],
      ['https://admin:pw@bh.example.com', 'no user name or password'],
      ['https://bh.example.com/\n', 'no spaces or control characters'],
      [' https://bh.example.com', 'no spaces or control characters'],
    ];
    for (const [value, why] of cases) {
      expect(() => configFromEnv({ MOCK_ROOT_URL: value }), value).toThrow(
        `MOCK_ROOT_URL must be an http(s) URL such as https://bloodhound.example.com (${why}), not "${value}"`,
      );
    }
  });

  it('names where a server listens as a URL', () => {
    expect(listenUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(listenUrl('0.0.0.0', 4173)).toBe('http://localhost:4173');
    expect(listenUrl('::1', 5173, true)).toBe('https://[::1]:5173');
  });
});

describe('MOCK_GRAPH_SCALE', () => {
  it('is a node count (underscores allowed), null when unset', () => {
    expect(configFromEnv({}).graphScale).toBeNull();
    expect(configFromEnv({ MOCK_GRAPH_SCALE: '' }).graphScale).toBeNull();
    expect(configFromEnv({ MOCK_GRAPH_SCALE: '100000' }).graphScale).toBe(100_000);
    expect(configFromEnv({ MOCK_GRAPH_SCALE: ' 100_000 ' }).graphScale).toBe(100_000);
  });

  it('stops the start with a clear error for anything but a whole number of nodes in range', () => {
    for (const value of ['lots', '1e5', '-5', '0', '2000001', '100000.5']) {
      expect(() => configFromEnv({ MOCK_GRAPH_SCALE: value }), value).toThrow(
        `MOCK_GRAPH_SCALE must be a whole number of nodes from 1 to 2000000, such as 100000, not "${value}"`,
      );
    }
  });
});

describe('Cypher settings', () => {
  it('refuse mutations and keep the complexity limit unless switched, and take only 0 or 1', () => {
    expect(configFromEnv({})).toMatchObject({ cypherMutations: false, cypherComplexityLimit: true });
    expect(configFromEnv({ MOCK_CYPHER_MUTATIONS: '1', MOCK_DISABLE_CYPHER_COMPLEXITY_LIMIT: '1' })).toMatchObject({
      cypherMutations: true,
      cypherComplexityLimit: false,
    });
    expect(() => configFromEnv({ MOCK_CYPHER_MUTATIONS: 'yes' })).toThrow(
      'MOCK_CYPHER_MUTATIONS must be "1" (on) or "0" (off), not "yes"',
    );
    expect(() => configFromEnv({ MOCK_DISABLE_CYPHER_COMPLEXITY_LIMIT: 'true' })).toThrow(
      'MOCK_DISABLE_CYPHER_COMPLEXITY_LIMIT must be "1" (on) or "0" (off), not "true"',
    );
  });
});

describe("the users' path word", () => {
  it('is MOCK_USERS_PATH_WORD, else the console build’s VITE_USERS_PATH_WORD, else app', () => {
    expect(configFromEnv({}).usersPathWord).toBe('app');
    expect(configFromEnv({ VITE_USERS_PATH_WORD: 'bloodhound' }).usersPathWord).toBe('bloodhound');
    expect(configFromEnv({ VITE_USERS_PATH_WORD: 'bloodhound', MOCK_USERS_PATH_WORD: 'app' }).usersPathWord).toBe('app');
  });

  it('stops the start for a word the mock does not serve', () => {
    expect(() => configFromEnv({ MOCK_USERS_PATH_WORD: 'acme' })).toThrow(
      'The users\' path word (MOCK_USERS_PATH_WORD or VITE_USERS_PATH_WORD) must be app or bloodhound, the words the mock serves, not "acme"',
    );
  });
});
