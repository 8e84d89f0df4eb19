import { Entity, Service, type Schema } from 'electrodb';

/**
 * Entities built on first use (docs/architecture.md). Constructing an ElectroDB entity validates its
 * model (jsonschema) and builds its key, filter and where machinery: for the 68 entities of the table
 * that was most of a Lambda's module init (hundreds of milliseconds), although a function uses a few.
 *
 * An entity module declares `export const x = lazyEntity({ model, attributes, indexes })`: typed
 * exactly as `new Entity(...)` (so `EntityItem<typeof x>` and the service's types hold), holding
 * only the schema until something uses it. The service (`lazyService`) builds an entity and joins it
 * when a request first reads `entities.x`, a transaction's callback first reads `e.x`, or a
 * collection is first queried (then every member of the collection, which a collection query needs).
 */

const SCHEMA = Symbol('portal.entitySchema');
const REAL = Symbol('portal.entity');

type AnyEntity = Entity<string, string, string, Schema<string, string, string>>;
type AnySchema = Schema<string, string, string>;

interface Stub {
  [SCHEMA]: AnySchema;
  [REAL]?: AnyEntity;
}

/** The entity of `schema`, constructed on first use (see above). */
export function lazyEntity<
  A extends string,
  F extends string,
  C extends string,
  S extends Schema<A, F, C, P>,
  P extends string = string,
>(schema: S): Entity<A, F, C, S, P> {
  const stub: Stub = { [SCHEMA]: schema as unknown as AnySchema };
  // Used directly (not through the service), it is the entity itself: built once, then forwarded to.
  return new Proxy(stub, {
    get(target, key) {
      if (key === SCHEMA) return target[SCHEMA];
      if (key === REAL) return realEntity(target);
      const real = realEntity(target);
      const value = Reflect.get(real, key, real) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(real) : value;
    },
  }) as unknown as Entity<A, F, C, S, P>;
}

function realEntity(stub: Stub): AnyEntity {
  return (stub[REAL] ??= new Entity(stub[SCHEMA]));
}

const schemaOf = (entity: unknown): AnySchema => {
  const schema = (entity as Stub)[SCHEMA];
  if (!schema) throw new Error('lazyService: every entity must be declared with lazyEntity');
  return schema;
};

/** The collections an entity's indexes take part in (`collection: 'x'` or sub-collections `['x', 'y']`). */
export function collectionsOf(schema: AnySchema): string[] {
  return Object.values(schema.indexes).flatMap((index) => {
    const c = (index as { collection?: string | string[] }).collection;
    return c === undefined ? [] : Array.isArray(c) ? c : [c];
  });
}

/**
 * An ElectroDB service over `entities` (lazyEntity stubs) that joins each entity when it is first
 * used. What it hands out behaves as `new Service(entities, config)` does:
 * - `service.entities.x`: the joined entity (table name and client set by the service);
 * - `service.transaction.write(e => [...])` / `.get(...)`: the callback's `e.x` joins what it uses;
 *   ElectroDB sends a transaction through its service's first entity, so the first transaction of a
 *   cold function joins `fallback` if nothing else is joined yet;
 * - `service.collections.c(...)`: every entity of collection `c` is joined first.
 * Names of the joined entities: `joinedEntities(service)` (tests).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ElectroDB's own constraint on a service's entities
export function lazyService<E extends { [name: string]: Entity<any, any, any, any> }>(
  name: string,
  entities: E,
  config: { client?: unknown; table?: string },
  fallback: keyof E & string,
): Service<E> {
  // ElectroDB's service by name (its v1 constructor; the typings only declare the map of entities).
  const ByName = Service as unknown as new (
    name: string,
    config: unknown,
  ) => Service<E> & { join(alias: string, entity: AnyEntity): void };
  const service = new ByName(name, config);
  const joined = service.entities as Record<string, AnyEntity>;
  let joining = 0;
  const join = (alias: string): AnyEntity => {
    if (!Object.prototype.hasOwnProperty.call(joined, alias)) {
      joining++;
      try {
        service.join(alias, realEntity(entities[alias] as unknown as Stub));
      } finally {
        joining--;
      }
    }
    return joined[alias]!;
  };
  const members = new Map<string, string[]>();
  for (const [alias, stub] of Object.entries(entities))
    for (const c of collectionsOf(schemaOf(stub))) members.set(c, [...(members.get(c) ?? []), alias]);

  const has = (key: string | symbol): key is string =>
    typeof key === 'string' && Object.prototype.hasOwnProperty.call(entities, key);
  service.entities = new Proxy(joined, {
    get: (target, key, receiver) => (has(key) ? join(key) : Reflect.get(target, key, receiver)),
    has: (target, key) => has(key) || Reflect.has(target, key),
    ownKeys: (target) => {
      // ElectroDB's transaction takes Object.values(service.entities)[0] as its driver before it calls the callback.
      if (Reflect.ownKeys(target).length === 0) join(fallback);
      return Reflect.ownKeys(target);
    },
  }) as E;
  const collections = service.collections as Record<string, unknown>;
  service.collections = new Proxy(collections, {
    get: (target, key, receiver) => {
      // Service.join copies the collections (`find`): only a caller's read joins a collection's members.
      if (!joining && typeof key === 'string' && members.has(key))
        for (const alias of members.get(key)!) join(alias);
      return Reflect.get(target, key, receiver);
    },
  }) as Service<E>['collections'];
  joinedOf.set(service, joined);
  return service;
}

const joinedOf = new WeakMap<object, Record<string, AnyEntity>>();

/** The names of the entities a lazy service has joined so far (in the order it joined them). */
export function joinedEntities(service: object): string[] {
  return Object.keys(joinedOf.get(service) ?? {});
}
