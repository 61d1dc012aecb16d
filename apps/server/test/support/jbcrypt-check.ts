import bcrypt from 'bcryptjs';

/**
 * A BCrypt check that behaves as aCis's commons/crypt/BCrypt.java (jBCrypt) does: hashpw reads the
 * salt's version and revision first and throws "Invalid salt revision" for anything but `$2a$`
 * (or the bare `$2$`), then hashes the password with that salt and compares the whole strings.
 * Test support only: it proves the site's hashes are ones aCis's login server accepts.
 */
export const jbcryptCheckpw = (plaintext: string, hashed: string): boolean => {
  if (hashed.charAt(0) !== '$' || hashed.charAt(1) !== '2') throw new Error('Invalid salt version');
  let offset = 3;
  if (hashed.charAt(2) !== '$') {
    if (hashed.charAt(2) !== 'a' || hashed.charAt(3) !== '$') throw new Error('Invalid salt revision');
    offset = 4;
  }
  if (hashed.charAt(offset + 2) > '$') throw new Error('Missing salt rounds');
  const salt = hashed.slice(0, offset + 3 + 22);
  return bcrypt.hashSync(plaintext, salt) === hashed;
};
