import { LANGUAGE_TAGS, isLanguage } from '@gatekeeper/contract/lite';
import type { i18n } from 'i18next';

interface PluralResolver {
  getRule(code: string, options?: object): Intl.PluralRules | undefined;
}

/**
 * i18next picks a text's plural form (`_one`, `_few`, `_many`, `_other`) with Intl.PluralRules for
 * the language's code. Two of the site's codes are not the language's: `gr` is no language at all
 * (Intl falls back to English) and `br` is Breton, whose rules ask for forms Portuguese does not
 * have. The rules are read for the language's tag instead (`el`, `pt-BR`). Call after init.
 */
export const pluralRulesByTag = (instance: i18n): void => {
  const resolver = instance.services.pluralResolver as PluralResolver;
  const getRule = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLanguage(code) ? LANGUAGE_TAGS[code] : code, options);
};
