/**
 * A long-running program of the proving ground: started in a process group of its own with its
 * output in a log file, stopped with its whole group, and never left behind by a crashed run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export interface Started {
  readonly name: string;
  /** The file its stdout and stderr go to. */
  readonly log: string;
  /** Why it is no longer running, once it is not. */
  exited(): string | undefined;
  /** The log's last lines. */
  tail(lines?: number): string;
  /** Stops the whole process group (TERM, then KILL after the grace): idempotent. */
  stop(): Promise<void>;
}

export interface StartOptions {
  readonly name: string;
  readonly file: string;
  readonly args: readonly string[];
  /** The folder its log file (`<name>.log`) is written in; also its working directory. */
  readonly work: string;
  readonly env?: NodeJS.ProcessEnv;
  /** @default 10 */
  readonly graceSeconds?: number;
}

/** Every process group still running, killed when this process ends however it ends. */
const running = new Set<number>();
let guarded = false;
function guard(): void {
  if (guarded) return;
  guarded = true;
  const killAll = () => {
    for (const pgid of running) try { process.kill(-pgid, 'SIGKILL'); } catch { /* gone already */ }
    running.clear();
  };
  process.on('exit', killAll);
  // A signal ends Node without 'exit': kill the groups, then end as the signal would have.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.kill(process.pid, signal);
    });
  }
}

const tailOf = (file: string, lines: number) => {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  return text.split('\n').slice(-lines - 1).join('\n').trimEnd();
};

export function startProcess(options: StartOptions): Started {
  guard();
  fs.mkdirSync(options.work, { recursive: true });
  const log = path.join(options.work, `${options.name}.log`);
  const out = fs.openSync(log, 'a');
  const child = spawn(options.file, options.args, { cwd: options.work, env: { ...process.env, ...options.env }, detached: true, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exit: string | undefined;
  const ended = new Promise<void>((resolve) => {
    child.on('error', (error) => { exit = `could not start ${options.file}: ${error.message}`; resolve(); });
    child.on('exit', (code, signal) => { exit = signal ? `killed by ${signal}` : `exited with code ${code}`; resolve(); });
  });
  const pgid = child.pid;
  if (pgid !== undefined) running.add(pgid);
  void ended.then(() => { if (pgid !== undefined) running.delete(pgid); });
  let stopping: Promise<void> | undefined;
  const signalGroup = (signal: NodeJS.Signals) => { if (pgid !== undefined) try { process.kill(-pgid, signal); } catch { /* gone already */ } };
  return {
    name: options.name,
    log,
    exited: () => exit,
    tail: (lines = 30) => tailOf(log, lines),
    stop() {
      stopping ??= (async () => {
        // The group outlives its leader when a child lingers: signal it even after the leader is gone.
        signalGroup('SIGTERM');
        const grace = new Promise<'grace'>((resolve) => setTimeout(() => resolve('grace'), (options.graceSeconds ?? 10) * 1000).unref());
        if ((await Promise.race([ended, grace])) === 'grace') signalGroup('SIGKILL');
        await ended;
        signalGroup('SIGKILL');
        if (pgid !== undefined) running.delete(pgid);
      })();
      return stopping;
    },
  };
}

/** A TCP port on 127.0.0.1 free at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `ready` until it answers true; fails with the process's log tail when the process ends
 * first or the time runs out.
 */
export async function waitUntilReady(proc: Started, what: string, ready: () => Promise<boolean>, timeoutSeconds: number): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const exit = proc.exited();
    if (exit !== undefined) throw new Error(`${proc.name} ${exit} before ${what}; the end of ${proc.log}:\n${proc.tail()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${proc.name} not ${what} after ${timeoutSeconds} s; the end of ${proc.log}:\n${proc.tail()}`);
    await sleep(250);
  }
}
