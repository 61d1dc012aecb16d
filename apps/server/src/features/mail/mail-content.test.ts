import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeMailHtml } from './mail-content';
import { isValidUnsubscribeSignature, signUnsubscribe, unsubscribeLink } from './unsubscribe-link';

const KEY = 'k'.repeat(32);
const subject = { email: 'Hero@Example.com', user: 'hero01', version: 'interlude' };

describe('mass mail content', () => {
  it('keeps formatting, links and images, drops scripts, handlers and javascript: links', () => {
    expect(
      sanitizeMailHtml(
        '<h1 onclick="x()">News</h1><script>steal()</script><a href="javascript:alert(1)">a</a><a href="https://l2.example.test">b</a><img src="data:image/png;base64,AAAA"><img src="https://l2.example.test/i.png" alt="i">',
      ),
    ).toBe(
      '<h1>News</h1><a>a</a><a href="https://l2.example.test">b</a><img /><img src="https://l2.example.test/i.png" alt="i" />',
    );
  });

  it('writes the text part with line breaks and decoded entities', () => {
    expect(htmlToText('<p>Fish &amp; chips</p><p>Line<br>two</p>')).toBe('Fish & chips\nLine\ntwo');
  });
});

describe('unsubscribe signature', () => {
  it('accepts its own signature whatever the case of the address, and nothing else', () => {
    const sig = signUnsubscribe(KEY, subject);
    expect(isValidUnsubscribeSignature(KEY, { ...subject, email: 'hero@example.com' }, sig)).toBe(true);
    expect(isValidUnsubscribeSignature(KEY, { ...subject, user: 'hero02' }, sig)).toBe(false);
    expect(isValidUnsubscribeSignature(KEY, { ...subject, version: 'god' }, sig)).toBe(false);
    expect(isValidUnsubscribeSignature('o'.repeat(32), subject, sig)).toBe(false);
    expect(isValidUnsubscribeSignature(KEY, subject, sig.slice(1))).toBe(false);
  });

  it('builds the link the home page reads', () => {
    const url = new URL(unsubscribeLink('https://l2.example.test/', KEY, subject));
    expect(url.origin + url.pathname).toBe('https://l2.example.test/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      param: 'unsubscribe',
      ...subject,
      sig: signUnsubscribe(KEY, subject),
    });
  });
});
