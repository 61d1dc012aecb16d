/** Whether an Accept-Encoding header allows a coding: named (or `*`) and not `;q=0`. */
export const acceptsEncoding = (header: string | undefined, coding: 'br' | 'gzip'): boolean => {
  if (!header) return false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const token = name.trim().toLowerCase();
    if (token !== coding && token !== '*') continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
};
