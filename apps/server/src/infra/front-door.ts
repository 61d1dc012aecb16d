import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type PreparedAnswer, writePrepared } from './prepared-answer';
import { headerOf } from './raw-header';
import type { FrontDoorLog } from './request-log';

/**
 * A public GET's answer held in memory for this request, or undefined when there is none yet (a
 * value's first computation, a name not looked up yet): its Fastify route answers then.
 */
export type ReadyAnswer = (request: IncomingMessage) => PreparedAnswer | undefined;

/** The answer of a path with a key in it, or undefined when the path is not of its kind. */
export type KeyedAnswer = (path: string) => ReadyAnswer | undefined;

declare module 'fastify' {
  interface FastifyInstance {
    /** The public GETs the front door answers before routing (decision 023); see FrontDoor. */
    frontDoor?: FrontDoor;
  }
}

/**
 * The site's front door (decision 023): every public GET (pages, files, /sdk reads) answered from
 * memory before Fastify routes the request, on Fastify's own server, so its keep-alive and request
 * timeouts hold. It is not a router of its own: its table is filled by the Fastify routes of those
 * GETs (publicGet, readRoute), by exact path, and anything it cannot answer from memory (another
 * method, an unknown path, an answer not computed yet, a request during shutdown) goes on to
 * Fastify, whose route for that path answers the same bytes.
 */
export class FrontDoor {
  readonly #byPath = new Map<string, ReadyAnswer>();
  readonly #keyed: KeyedAnswer[] = [];
  #closing = false;

  constructor(private readonly logAnswer: FrontDoorLog) {}

  /** Puts the front door before Fastify's router on Fastify's server. */
  open(app: FastifyInstance): void {
    const listeners = app.server.listeners('request') as RequestListener[];
    const fastifyHandler = listeners[0];
    if (listeners.length !== 1 || !fastifyHandler) {
      throw new Error(`the front door expects Fastify's one request listener, found ${listeners.length}`);
    }
    app.server.removeListener('request', fastifyHandler);
    app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      if (!this.answer(request, response)) fastifyHandler(request, response);
    });
    // While closing, Fastify answers 503 and closes the connection (return503OnClosing).
    app.addHook('preClose', async () => {
      this.#closing = true;
    });
  }

  /** The answer of a public GET at this exact path; one per path. */
  add(path: string, ready: ReadyAnswer): void {
    if (this.#byPath.has(path)) throw new Error(`the front door answers ${path} already`);
    this.#byPath.set(path, ready);
  }

  /**
   * The answers of paths with a key in them (a clan's name, a news post's slug), asked in turn for
   * a path no exact one matches; their Fastify route is the not-found handler, which renders them.
   */
  addKeyed(match: KeyedAnswer): void {
    this.#keyed.push(match);
  }

  /** Answers the request from memory; false when Fastify has to. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || this.#closing) return false;
    const url = request.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const ready = this.#byPath.get(path) ?? this.#matchKeyed(path);
    if (!ready) return false;
    const startedAt = performance.now();
    const answer = ready(request);
    if (!answer) return false;
    writePrepared(response, answer, headerOf(request, 'if-none-match'));
    this.logAnswer(request, response, startedAt);
    return true;
  }

  #matchKeyed(path: string): ReadyAnswer | undefined {
    for (const match of this.#keyed) {
      const ready = match(path);
      if (ready) return ready;
    }
    return undefined;
  }
}

/** Registers what the front door answers at this path, when the site has one (tests may build features alone). */
export const answerAtFrontDoor = (app: FastifyInstance, path: string, ready: ReadyAnswer): void => {
  app.frontDoor?.add(path, ready);
};

/** Registers what the front door answers for paths of one kind (see FrontDoor.addKeyed). */
export const answerKeyedAtFrontDoor = (app: FastifyInstance, match: KeyedAnswer): void => {
  app.frontDoor?.addKeyed(match);
};
