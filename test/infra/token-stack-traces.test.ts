import { Lazy, Token } from 'cdktf';
import { describe, expect, it } from 'vitest';
import { disableTokenStackTraces } from '../../src/infra/token-stack-traces';

// cdktf formats a full stack trace for every token it creates; rendering turns that off.
describe('token stack traces', () => {
  it('are captured by cdktf until disabled, and never after', () => {
    const tokenOf = () => Token.asAny(Lazy.anyValue({ produce: () => 1 })) as unknown as { creationStack: string[] };
    // Each test file runs in a process of its own: nothing has rendered a stack here yet.
    expect(tokenOf().creationStack.length).toBeGreaterThan(0);
    disableTokenStackTraces();
    expect(tokenOf().creationStack).toEqual([]);
    disableTokenStackTraces();
    expect(tokenOf().creationStack).toEqual([]);
  });
});
