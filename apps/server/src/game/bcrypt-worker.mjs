// @ts-check
// A thread of the BCrypt pool (game/password-hash.ts). Plain JavaScript because a worker is loaded
// by file, and Node 20 cannot load TypeScript (the built site and the tests both load this file).
import bcrypt from 'bcryptjs';

/**
 * @param {{ kind: 'hash', password: string, salt: string } | { kind: 'compare', password: string, hash: string }} task
 * @returns {string | boolean} the hash; or whether the password matches the hash
 */
export default (task) =>
  task.kind === 'hash' ? bcrypt.hashSync(task.password, task.salt) : bcrypt.compareSync(task.password, task.hash);
