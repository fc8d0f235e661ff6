import { describe, expect, it } from 'vitest';
import { SECRET_MASK, sentAndLogged } from './send-log';
import { renderTemplate } from './template';

describe('sentAndLogged', () => {
  const render = (params: Record<string, string | number>) => ({ content: renderTemplate('Code {code} for {name}', params, 't'), params });

  it('renders the real values to send and masks the secret ones for the log', () => {
    expect(sentAndLogged({ code: 482913, name: 'Ana' }, ['code'], render)).toEqual({
      sent: { content: 'Code 482913 for Ana', params: { code: 482913, name: 'Ana' } },
      logged: { content: `Code ${SECRET_MASK} for Ana`, params: { code: SECRET_MASK, name: 'Ana' } },
    });
  });

  it('logs what was sent when nothing is secret, and ignores secret names the send lacks', () => {
    for (const secret of [null, undefined, [], ['other']]) {
      const { sent, logged } = sentAndLogged({ code: '1', name: 'Ana' }, secret, render);
      expect(logged).toEqual(sent);
    }
  });

  it('still refuses a missing parameter', () => {
    expect(() => sentAndLogged({ name: 'Ana' }, ['code'], render)).toThrow('needs parameter code');
  });
});
