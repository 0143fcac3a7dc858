import { describe, expect, it } from 'vitest';
import { mayHaveSession, startAtSignIn } from './start-at-sign-in';

/** A location and a history that record what startAtSignIn does. */
function browserAt(path: string) {
  const url = new URL(path, 'http://ritim.test');
  const calls: { state: unknown; url: string }[] = [];
  const history = {
    replaceState: (state: unknown, _unused: string, next: string) => calls.push({ state, url: next }),
  } as unknown as History;
  return { location: url as unknown as Location, history, calls };
}

describe('startAtSignIn', () => {
  it('sends a browser without a session to Sign In, carrying the path it asked for', () => {
    const browser = browserAt('/upcoming-events?date=2026-11-25#top');
    startAtSignIn(browser.location, browser.history, 'ritim.other=1');
    expect(browser.calls).toEqual([
      { state: { usr: { from: '/upcoming-events?date=2026-11-25#top' }, key: 'default', idx: 0 }, url: '/login' },
    ]);
  });

  it('leaves a browser that may have a session, and Sign In itself, where they are', () => {
    const signedIn = browserAt('/users');
    startAtSignIn(signedIn.location, signedIn.history, 'a=b; ritim_session=1');
    expect(signedIn.calls).toEqual([]);
    const atLogin = browserAt('/login');
    startAtSignIn(atLogin.location, atLogin.history, '');
    expect(atLogin.calls).toEqual([]);
  });

  it('leaves a guest’s answer link where it is: it needs no account', () => {
    const answer = browserAt('/rsvp/abc');
    startAtSignIn(answer.location, answer.history, '');
    expect(answer.calls).toEqual([]);
  });

  it('leaves the forgotten password pages where they are: they need no account', () => {
    for (const path of ['/forgot-password', '/reset-password/abc']) {
      const page = browserAt(path);
      startAtSignIn(page.location, page.history, '');
      expect(page.calls).toEqual([]);
    }
  });

  it('goes Home after signing in when the path was sign-out', () => {
    const browser = browserAt('/logout');
    startAtSignIn(browser.location, browser.history, '');
    expect(browser.calls[0]?.state).toMatchObject({ usr: { from: '/' } });
  });
});

describe('mayHaveSession', () => {
  it('reads only the hint cookie, exactly', () => {
    expect(mayHaveSession('ritim_session=1')).toBe(true);
    expect(mayHaveSession('x=1; ritim_session=1; y=2')).toBe(true);
    expect(mayHaveSession('ritim_session=')).toBe(false);
    expect(mayHaveSession('not_ritim_session=1')).toBe(false);
    expect(mayHaveSession('')).toBe(false);
  });
});
