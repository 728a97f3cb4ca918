import type SqliteDatabase from "better-sqlite3";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
} from "kysely";

/**
 * Kysely's SQLite dialect with group commits (see docs/decisions/015-sqlite-group-commits.md).
 *
 * Writes go through one connection, one at a time as SQLite requires. The writes that come in while a group is
 * open (until the event loop has taken in every request that was ready) run in one transaction, each in a
 * savepoint of its own, and share one COMMIT and so one fsync. A write statement on its own waits for that turn
 * of the event loop and runs with the others that came in, so the write lock is held only while they run. A
 * write is answered only once its group has committed; a write that fails rolls back its own savepoint and
 * fails alone. Reads outside a transaction go to a second connection, which in WAL mode sees only committed
 * data and never waits for the writer.
 *
 * Kysely's own driver prepares every statement anew; here each connection keeps its prepared statements, the
 * savepoints' too.
 */
export function groupCommitSqliteDialect(connections: {
  writer: SqliteDatabase.Database;
  reader: SqliteDatabase.Database;
}): SqliteDialect {
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new GroupCommitDriver(
        new GroupCommitWriter(connections.writer),
        new Statements(connections.reader),
      );
    }
  })({ database: connections.writer });
}

const CACHED_STATEMENTS = 500;
const UNIT = "group_commit_unit";
/** As long as SQLite's busy timeout was: how long a write waits for another process's write lock. */
const WRITE_LOCK_WAIT_MS = 5000;
const WRITE_LOCK_RETRY_MS = 2;

/** Prepared statements of one connection by SQL text, the least recently used dropped past a bound. */
class Statements {
  readonly #cache = new Map<string, SqliteDatabase.Statement>();

  constructor(readonly sqlite: SqliteDatabase.Database) {}

  get(sql: string): SqliteDatabase.Statement {
    let statement = this.#cache.get(sql);
    if (statement) {
      this.#cache.delete(sql);
    } else {
      statement = this.sqlite.prepare(sql);
      if (this.#cache.size >= CACHED_STATEMENTS) this.#cache.delete(this.#cache.keys().next().value!);
    }
    this.#cache.set(sql, statement);
    return statement;
  }

  run<R>(query: CompiledQuery, statement = this.get(query.sql)): QueryResult<R> {
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
}

interface Group {
  /** Settles when the group's COMMIT has returned (or failed). */
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
  /** The event loop has moved on since the group opened: commit as soon as the write slot is free. */
  due: boolean;
}

interface LoneWrite {
  query: CompiledQuery;
  resolve(result: QueryResult<unknown>): void;
  reject(error: unknown): void;
}

/**
 * The one write slot, handed on in the order it was asked for (write statements on their own ask once the event
 * loop has moved on), and the group of writes waiting for their commit.
 */
class GroupCommitWriter {
  readonly statements: Statements;
  readonly #waiting: Array<() => void> = [];
  /** Statements written on their own, waiting for the event loop to move on: see write. */
  readonly #lone: LoneWrite[] = [];
  #busy = false;
  #group: Group | undefined;

  constructor(readonly sqlite: SqliteDatabase.Database) {
    this.statements = new Statements(sqlite);
    // Waiting for the write lock is done by #takeWriteLock; once a group holds it, nothing else waits for it.
    sqlite.pragma("busy_timeout = 0");
  }

  /** Takes the write slot and starts a unit of work: a savepoint in the open group, or in a new one. */
  async begin(): Promise<void> {
    await this.#enterGroup();
    try {
      this.statements.get(`savepoint ${UNIT}`).run();
    } catch (error) {
      this.#handOn();
      throw error;
    }
  }

  /** Takes the write slot, and the open group or a new one; a group that cannot be opened hands the slot on. */
  async #enterGroup(): Promise<Group> {
    if (this.#busy) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#busy = true;
    try {
      this.#group ??= await this.#openGroup();
      return this.#group;
    } catch (error) {
      this.#handOn();
      throw error;
    }
  }

  /**
   * Ends the unit holding the slot: kept (the promise settles when its group has committed) or rolled back to
   * its savepoint (settles at once; the rest of the group is unaffected).
   */
  finish(keep: boolean): Promise<void> {
    const group = this.#group!;
    this.#endUnit(group, keep);
    if (this.#group === group && group.due) this.#commit(group);
    this.#handOn();
    return keep ? group.committed : Promise.resolve();
  }

  /**
   * A statement on its own: run with the others that come in before the event loop moves on, all in one go,
   * each in a savepoint of its own, and committed right after them; answered once committed. Running them
   * together rather than as each arrives holds SQLite's write lock only while they run and commit, not while
   * the event loop serves everything else: the other server processes' writes wait that much less for it.
   */
  write<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return new Promise((resolve, reject) => {
      this.#lone.push({ query, resolve, reject } as LoneWrite);
      if (this.#lone.length === 1) setImmediate(() => void this.#writeLone());
    });
  }

  async #writeLone(): Promise<void> {
    let group: Group;
    try {
      group = await this.#enterGroup();
    } catch (error) {
      for (const write of this.#lone.splice(0)) write.reject(error);
      return;
    }
    // What came in while the slot or the lock was awaited goes too. Once SQLite has rolled the group back (a
    // full disk, say), the rest fail with it rather than start another group in the same breath.
    for (const write of this.#lone.splice(0)) {
      if (this.#group !== group) {
        write.reject(new Error("SQLite rolled back the transaction of a group of writes"));
        continue;
      }
      try {
        this.statements.get(`savepoint ${UNIT}`).run();
      } catch (error) {
        this.#abandon(group, error);
        write.reject(error);
        continue;
      }
      let result: QueryResult<unknown>;
      try {
        result = this.statements.run(write.query);
      } catch (error) {
        this.#endUnit(group, false);
        write.reject(error);
        continue;
      }
      this.#endUnit(group, true);
      group.committed.then(() => write.resolve(result), write.reject);
    }
    if (this.#group === group) this.#commit(group);
    this.#handOn();
  }

  /** Releases the unit's savepoint, rolled back to first unless kept; a failure there ends the whole group. */
  #endUnit(group: Group, keep: boolean): void {
    try {
      if (!keep) this.statements.get(`rollback to ${UNIT}`).run();
      this.statements.get(`release ${UNIT}`).run();
    } catch (error) {
      this.#abandon(group, error);
    }
    // An error that makes SQLite roll back the whole transaction (a full disk, say) takes the group with it.
    if (this.#group === group && !this.sqlite.inTransaction) {
      this.#abandon(group, new Error("SQLite rolled back the transaction of a group of writes"));
    }
  }

  close(): void {
    if (this.#group && !this.#busy) this.#commit(this.#group);
    this.sqlite.close();
  }

  async #openGroup(): Promise<Group> {
    await this.#takeWriteLock();
    let resolve!: () => void;
    let reject!: (error: unknown) => void;
    const committed = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    // A group whose every unit rolled back has no one waiting for it.
    committed.catch(() => {});
    const group: Group = { committed, resolve, reject, due: false };
    // Every request the event loop already had has now had its turn to join: commit once the slot is free.
    setImmediate(() => {
      group.due = true;
      if (this.#group === group && !this.#busy) this.#commit(group);
    });
    return group;
  }

  /**
   * BEGIN IMMEDIATE, waiting for another process that holds SQLite's write lock without blocking the event loop
   * (SQLite's own busy timeout sleeps in the calling thread, which would stall every request of this one).
   */
  async #takeWriteLock(): Promise<void> {
    const deadline = Date.now() + WRITE_LOCK_WAIT_MS;
    for (;;) {
      try {
        this.sqlite.exec("begin immediate");
        return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, WRITE_LOCK_RETRY_MS));
      }
    }
  }

  #commit(group: Group): void {
    this.#group = undefined;
    try {
      this.sqlite.exec("commit");
      group.resolve();
    } catch (error) {
      this.#rollBack();
      group.reject(error);
    }
  }

  #abandon(group: Group, error: unknown): void {
    this.#group = undefined;
    this.#rollBack();
    group.reject(error);
  }

  #rollBack(): void {
    try {
      if (this.sqlite.inTransaction) this.sqlite.exec("rollback");
    } catch {
      // Nothing more can be undone: the next group starts with a fresh BEGIN either way.
    }
  }

  #handOn(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#busy = false;
  }
}

class GroupCommitConnection implements DatabaseConnection {
  /** Holds the write slot: every statement, reads included, goes to the writer so it sees its own writes. */
  inTransaction = false;

  constructor(
    readonly writer: GroupCommitWriter,
    readonly reader: Statements,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.writer.statements.run(query);
    const statement = this.reader.get(query.sql);
    if (statement.readonly) return this.reader.run(query, statement);
    return this.writer.write(query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const sqlite = this.inTransaction ? this.writer.sqlite : this.reader.sqlite;
    // A statement of its own: a cached one could not serve other queries while this one is being read.
    for (const row of sqlite.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

class GroupCommitDriver implements Driver {
  constructor(
    readonly writer: GroupCommitWriter,
    readonly reader: Statements,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this.writer, this.reader);
  }

  async beginTransaction(connection: GroupCommitConnection): Promise<void> {
    await this.writer.begin();
    connection.inTransaction = true;
  }

  async commitTransaction(connection: GroupCommitConnection): Promise<void> {
    connection.inTransaction = false;
    await this.writer.finish(true);
  }

  async rollbackTransaction(connection: GroupCommitConnection): Promise<void> {
    // Kysely also rolls back after a failed commit, whose unit has already ended.
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    await this.writer.finish(false);
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.writer.close();
    this.reader.sqlite.close();
  }
}
