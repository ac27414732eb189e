/** Where kept values live: a Map, or a WeakMap keyed by an object (a declaration). */
interface Store<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/**
 * The value kept in `store` under `key`, made by `make` the first time it is asked for: for what costs
 * something to make and does not change while the process runs (a build's lists and what is derived
 * from them, a declaration's facts, a formatter). `null` is kept like any other value.
 */
export function keptIn<K, V>(store: Store<K, V>, key: K, make: () => V): V {
  let value = store.get(key);
  if (value === undefined) store.set(key, (value = make()));
  return value;
}
