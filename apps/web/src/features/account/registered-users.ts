interface UsersCookie {
  name: string;
  maxAgeMs: number;
  separator: string;
}

const read = (cookie: UsersCookie): string[] => {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${cookie.name}=`));
  return entry
    ? decodeURIComponent(entry.slice(cookie.name.length + 1))
        .split(cookie.separator)
        .filter(Boolean)
    : [];
};

/** The '|'-separated usernames registered from this browser (the users cookie, 90 days: docs/product.md#ground-rules). */
export const registeredUsers = (cookie: UsersCookie): string[] => read(cookie);

export const rememberRegisteredUser = (username: string, cookie: UsersCookie): void => {
  const login = username.trim().toLowerCase();
  const users = [...new Set([...read(cookie), login])].slice(-10);
  const maxAge = Math.floor(cookie.maxAgeMs / 1000);
  document.cookie = `${cookie.name}=${encodeURIComponent(users.join(cookie.separator))}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
};
