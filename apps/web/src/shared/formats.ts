/** Dates and durations in the page's language. */
export const formatDate = (at: number, language: string): string =>
  new Intl.DateTimeFormat(language === 'gr' ? 'el' : language === 'br' ? 'pt-BR' : language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(at);
