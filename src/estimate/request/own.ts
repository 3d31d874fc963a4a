/**
 * Lookups by a name that came from outside (a request, a link, stored state, a pasted
 * config.json): `obj[key]` only when `key` is the object's own name. A plain `obj[key]`
 * finds Object.prototype's members, so `constructor`, `toString` or `__proto__` would name
 * a field, a task or a model family that no table declares.
 */
export const own = <T>(obj: Readonly<Record<string, T>>, key: string): T | undefined =>
  Object.hasOwn(obj, key) ? obj[key] : undefined;
