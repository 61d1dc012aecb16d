/** The models of the console's forms: loaded when a form is first used (components/form/form-definition.ts). */
export { consoleSignInModel, consoleMailModel, consoleBanFields, newsPostInput } from '@gatekeeper/contract';
