import type { Page } from '@playwright/test';

/**
 * The visible controls a finger may miss on the phone (decision 010): every link, button, field and
 * tab at least 24 x 24 CSS px (WCAG 2.5.8), and the primary ones (buttons, fields, tabs, links laid
 * out as blocks or buttons) 44 x 44. A radio button or checkbox is hit through its label too: its
 * own box has to be 24 px, its label 44. Exempt: a link inside the running text of a paragraph
 * (WCAG 2.5.8's inline exception: it is as tall as the sentence's line; a paragraph with words of
 * its own outside links, not one holding only links and separators such as "Register · Recover
 * password"), and the skip link, which shows only on focus.
 */
export const smallTargets = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const small: string[] = [];
    const runningText = (link: HTMLElement) => {
      const paragraph = link.closest('p');
      if (!paragraph) return false;
      const words = document.createTreeWalker(paragraph, NodeFilter.SHOW_TEXT);
      for (let text = words.nextNode(); text; text = words.nextNode()) {
        if (text.parentElement?.closest('a, button')) continue;
        if (/\p{L}/u.test(text.textContent ?? '')) return true;
      }
      return false;
    };
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"]',
    );
    for (const control of controls) {
      if (control.classList.contains('skip-link')) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const inline = getComputedStyle(control).display === 'inline';
      if (control.tagName === 'A' && inline && runningText(control)) continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 30);
      const size = (of: DOMRect) => `${Math.round(of.width)}x${Math.round(of.height)}`;
      if (box.width < 23.5 || box.height < 23.5) {
        small.push(`${control.tagName.toLowerCase()} "${name}" ${size(box)} (under 24 px)`);
        continue;
      }
      // A link standing alone (a clan, a headline, "All news", the captcha's logo) is not a primary
      // action: 24 px is its size (global.css .link-target).
      if (control.tagName === 'A' && (inline || control.matches('.link-target, altcha-widget a'))) continue;
      let hit = box;
      if (control.matches('input[type="radio"], input[type="checkbox"]')) {
        hit = (control as HTMLInputElement).labels?.[0]?.getBoundingClientRect() ?? box;
      }
      if (hit.width < 43.5 || hit.height < 43.5) {
        small.push(`${control.tagName.toLowerCase()} "${name}" ${size(hit)} (under 44 px)`);
      }
    }
    return small;
  });
