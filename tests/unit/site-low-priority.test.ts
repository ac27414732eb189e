/** A build's child process runs below the API (nice 10), so requests take the CPU first while it renders. */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { BUILD_NICENESS, lowPriority } from '../../server/site/low-priority.ts';

describe('lowPriority', () => {
  it('lowers a child process to the build niceness', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 5000)']);
    try {
      lowPriority(child);
      expect(os.getPriority(child.pid!)).toBe(Math.max(BUILD_NICENESS, os.getPriority()));
    } finally {
      child.kill();
    }
  });

  it('leaves a child that is already gone as it is, without throwing', async () => {
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    expect(() => lowPriority(child)).not.toThrow();
  });
});
