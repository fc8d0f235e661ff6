import { describe, expect, it } from 'vitest';
import { LocalInvalidationBus } from '../cache/invalidation-bus';
import { ErrorCatalogue } from '../errors/catalogue';
import { describeError } from '../errors/describe-error';
import { ServiceError } from '../errors/service-error';
import { acceptedLanguages } from '../language/accept-language';
import { ErrorMessageStore, type StoredErrorMessage } from './error-message-store';

describe('ErrorMessageStore', () => {
  const POST_NOT_FOUND = ErrorCatalogue.POST_NOT_FOUND.code;

  async function storeOf(rows: StoredErrorMessage[], warnings: unknown[] = []) {
    let load = async () => rows;
    const bus = new LocalInvalidationBus();
    const store = new ErrorMessageStore(() => load(), bus, { info: () => {}, warn: (details) => warnings.push(details) });
    await store.start();
    return { store, bus, setLoad: (next: () => Promise<StoredErrorMessage[]>) => (load = next) };
  }

  it('looks up the exact tag, then the primary subtag, case-insensitively', async () => {
    const { store } = await storeOf([
      { code: POST_NOT_FOUND, langType: 'pt', message: 'pt {postId}' },
      { code: POST_NOT_FOUND, langType: 'pt-BR', message: 'pt-BR {postId}' },
    ]);
    expect(store.lookup(POST_NOT_FOUND, 'pt-br')).toBe('pt-BR {postId}');
    expect(store.lookup(POST_NOT_FOUND, 'pt-PT')).toBe('pt {postId}');
    expect(store.lookup(POST_NOT_FOUND, 'PT')).toBe('pt {postId}');
    expect(store.lookup(POST_NOT_FOUND, 'en')).toBeUndefined();
    expect(store.lookup(ErrorCatalogue.POST_IN_USE.code, 'pt')).toBeUndefined();
  });

  it('feeds describeError, which renders the override with the error\'s parameters', async () => {
    const { store } = await storeOf([{ code: POST_NOT_FOUND, langType: 'pt', message: 'O cargo {postId} não existe' }]);
    const error = new ServiceError(ErrorCatalogue.POST_NOT_FOUND, { postId: 7 });
    expect(describeError(error, 'r', store.lookup, ['pt-BR'])).toMatchObject({ code: POST_NOT_FOUND, message: 'O cargo 7 não existe' });
    expect(describeError(error, 'r', store.lookup, []).message).toBe('Post 7 does not exist');
    expect(describeError(error, 'r', store.lookup, ['en']).message).toBe('Post 7 does not exist');
  });

  it.each([
    ['fr-FR,pt;q=0.9', 'O cargo 7 não existe'],
    ['fr-FR,en;q=0.8,pt;q=0.9', 'O cargo 7 não existe'],
    ['fr-FR,pt;q=0.8,en;q=0.9', 'Post 7 does not exist'],
    ['fr-FR,de;q=0.9', 'Post 7 does not exist'],
    ['pt;q=0,fr', 'Post 7 does not exist'],
  ])('takes the first accepted language with an override, or the catalogue once English comes first: %j', async (header, message) => {
    const { store } = await storeOf([{ code: POST_NOT_FOUND, langType: 'pt', message: 'O cargo {postId} não existe' }]);
    const error = new ServiceError(ErrorCatalogue.POST_NOT_FOUND, { postId: 7 });
    expect(describeError(error, 'r', store.lookup, acceptedLanguages(header)).message).toBe(message);
  });

  it('reloads on its bus message, and keeps the previous overrides when a reload fails', async () => {
    const warnings: unknown[] = [];
    const { store, bus, setLoad } = await storeOf([{ code: POST_NOT_FOUND, langType: 'pt', message: 'old' }], warnings);
    setLoad(async () => [{ code: POST_NOT_FOUND, langType: 'pt', message: 'new' }]);
    await bus.publish({ kind: 'error-messages-changed' });
    await store.settled();
    expect(store.lookup(POST_NOT_FOUND, 'pt')).toBe('new');

    setLoad(async () => {
      throw new Error('database down');
    });
    await bus.publish({ kind: 'error-messages-changed' });
    await store.settled();
    expect(store.lookup(POST_NOT_FOUND, 'pt')).toBe('new');
    expect(warnings).toHaveLength(1);
  });

  it('lets the latest of overlapping reloads win', async () => {
    const { store, setLoad } = await storeOf([]);
    let release: (rows: StoredErrorMessage[]) => void = () => {};
    setLoad(() => new Promise((resolve) => (release = resolve)));
    const slow = store.reload();
    const releaseSlow = release;
    setLoad(async () => [{ code: POST_NOT_FOUND, langType: 'pt', message: 'latest' }]);
    await store.reload();
    releaseSlow([{ code: POST_NOT_FOUND, langType: 'pt', message: 'stale' }]);
    await slow;
    expect(store.lookup(POST_NOT_FOUND, 'pt')).toBe('latest');
  });
});
