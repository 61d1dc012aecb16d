import type { Page } from '@playwright/test';

/**
 * The words of the page's table cells that the browser broke over two lines or more ("Addres s",
 * "dem/oga/mem/aster"): each word of each cell's text measured by the boxes of its own text range.
 * A word laid out on one line has its boxes at one height; a cell hidden at this size has none.
 */
export const wordsBrokenInCells = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const broken: string[] = [];
    for (const cell of document.querySelectorAll('table th, table td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set(
            [...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top)),
          );
          if (lines.size > 1) broken.push(word[0]);
        }
      }
    }
    return broken;
  });

/** The column headers cut short by the width of their column (an ellipsis, or letters clipped). */
export const headersCutShort = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('table thead th')]
      .filter((header) => header.clientWidth > 0 && header.scrollWidth > header.clientWidth + 1)
      .map((header) => header.textContent?.trim() ?? ''),
  );
