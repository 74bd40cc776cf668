// Where the tests' throwaway databases live: a memory file system (/dev/shm) when the machine has
// one, else the system's temp folder. On this kind of machine /tmp is on a disk that makes copying
// and deleting a 66 MB data folder of ~1,300 files slow: 1.2-1.6 s to copy and 2.4-3.9 s to delete
// there, 0.3-0.5 s and 0.1-0.4 s in /dev/shm (load ~13), paid by every server and browser test file.
import { accessSync, constants, statSync } from 'node:fs';
import { tmpdir } from 'node:os';

let chosen;

/** A folder for scratch data that is deleted after use (AGORA_SCRATCH_DIR overrides). */
export function scratchDir() {
  chosen ??= (() => {
    if (process.env.AGORA_SCRATCH_DIR) return process.env.AGORA_SCRATCH_DIR;
    try {
      if (statSync('/dev/shm').isDirectory()) {
        accessSync('/dev/shm', constants.W_OK);
        return '/dev/shm';
      }
    } catch {
      // no memory file system: the temp folder
    }
    return tmpdir();
  })();
  return chosen;
}
