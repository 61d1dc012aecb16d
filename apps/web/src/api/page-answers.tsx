import { type CallName, type ResponseOf, pageReadKey } from '@gatekeeper/contract/lite';
import { type ReactNode, createContext, useContext } from 'react';

/** Answers by read key (`pageReadKey`), as the server wrote them into a pre-rendered page. */
export type PageAnswers = Readonly<Record<string, unknown>>;

const PageAnswersContext = createContext<PageAnswers>({});

/**
 * The answers a pre-rendered page was rendered with (decision 040): the server's render and the
 * browser's hydration both read them here, so the rows in the HTML are the rows hydrated.
 */
export const PageAnswersProvider = ({
  answers,
  children,
}: {
  answers: PageAnswers | undefined;
  children: ReactNode;
}) => (answers ? <PageAnswersContext.Provider value={answers}>{children}</PageAnswersContext.Provider> : children);

/** The page's answer of a read, if the server rendered the page with it. */
export const usePageAnswer = <N extends CallName>(
  name: N,
  query?: Readonly<Record<string, string>>,
): ResponseOf<N> | undefined => useContext(PageAnswersContext)[pageReadKey(name, query)] as ResponseOf<N> | undefined;
