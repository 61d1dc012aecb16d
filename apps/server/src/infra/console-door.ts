import type { Api, ConsoleRole } from '@gatekeeper/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';

/** Who acts at the console, as its gate read it from the session and the game: never from the request. */
export interface StaffActor {
  login: string;
  role: ConsoleRole;
  address: string;
}

/** Who the audit log names: a staff member, or the site itself (a timed ban ending). */
export interface AuditedActor {
  login: string;
  role: ConsoleRole | 'system';
  address: string;
}

/** Who the audit log names for what the site does by itself. */
export const SYSTEM_ACTOR: AuditedActor = { login: '(system)', role: 'system', address: '' };

type Parsed<N extends keyof Api> = {
  body: Api[N] extends { body: z.ZodType } ? z.output<Api[N]['body']> : undefined;
  query: Api[N] extends { query: z.ZodType } ? z.output<Api[N]['query']> : undefined;
};

/** What a console call's handler gets: the parsed input and who makes the call. */
export type ConsoleCallInput<N extends keyof Api, Actor extends StaffActor = StaffActor> = Parsed<N> & {
  actor: Actor;
  steppedUp: boolean;
};

export type ConsoleHandler<N extends keyof Api, Actor extends StaffActor = StaffActor> = (
  input: ConsoleCallInput<N, Actor>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<unknown>;

/**
 * The console's one gate as a section sees it (docs/architecture.md, "A console section"): the
 * console feature builds it (features/console/console-gate.ts) and app.ts hands it to each
 * feature's section, which registers its calls through `route` and writes the audit log through
 * `record`. `route` runs the anti-forgery check, the session, the role and the step-up before the
 * handler; a section never checks them itself.
 */
export interface ConsoleDoor {
  route<N extends keyof Api>(
    app: FastifyInstance,
    name: N,
    required: ConsoleRole,
    handler: ConsoleHandler<N>,
    options?: { stepUp?: boolean; config?: RouteShorthandOptions['config'] },
  ): void;
  record(actor: AuditedActor, action: string, record?: string, detail?: string): Promise<void>;
  /** The console role an access level gives (staff), or undefined for a player. */
  roleOf(accessLevel: number): ConsoleRole | undefined;
  /** The staff's logins (lower case), read from the game now. */
  staffLogins(): Promise<Set<string>>;
}
