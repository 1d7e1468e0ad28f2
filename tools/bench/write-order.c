/* write-order: what writing a captcha's three files costs the system, in three orders.
 *
 *   write-order FOLDER MODE COUNT
 *
 * Makes COUNT item folders under FOLDER, each with three files of 25 000, 35 000 and 600 bytes
 * (about a 320x160 captcha's piece, background and answer), every file through a temporary name,
 * fsynced and renamed:
 *   MODE 0  one file after the other: write, fsync, rename (captcha-gen before 2026-11-26)
 *   MODE 1  all three written, then each fsynced, then all renamed
 *   MODE 2  as 1, with each file's write-back started right after its write (sync_file_range);
 *           what AtomicFile.write(_:durable:) did until the second session of 2026-11-26
 *   MODE 3  as 2, but the temporary files have no name (O_TMPFILE), are fsynced last-written
 *           first and are linked into place; what AtomicFile.write(_:durable:) does now
 * and prints the wall time and this process's user and system time. Kernel work done outside the
 * process (I/O completions) shows in the system-wide busy time, e.g.
 *   read a b c d e f g h i j < /proc/stat; ./write-order /var/tmp/w 2 2000; head -1 /proc/stat
 * Build: cc -O2 -o write-order write-order.c */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: write-order FOLDER MODE(0|1|2|3) COUNT\n");
    return 64;
  }
  const char *base = argv[1];
  int mode = atoi(argv[2]), count = atoi(argv[3]);
  static char bytes[3][40000];
  for (int k = 0; k < 3; k++)
    for (int i = 0; i < 40000; i++) bytes[k][i] = (char)rand();
  const size_t sizes[3] = {25000, 35000, 600};
  if (mkdir(base, 0755) != 0) {
    perror(base);
    return 73;
  }
  double start = now();
  for (int i = 0; i < count; i++) {
    char dir[4096], tmp[3][4200], path[3][4200];
    int fd[3];
    snprintf(dir, sizeof dir, "%s/%06d", base, i);
    mkdir(dir, 0755);
    for (int k = 0; k < 3; k++) {
      snprintf(tmp[k], sizeof tmp[k], "%s/.file%d.tmp", dir, k);
      snprintf(path[k], sizeof path[k], "%s/file%d", dir, k);
    }
    for (int k = 0; k < 3; k++) {
      fd[k] = mode == 3 ? open(dir, O_TMPFILE | O_WRONLY, 0644)
                        : open(tmp[k], O_WRONLY | O_CREAT | O_EXCL, 0644);
      if (fd[k] < 0 || write(fd[k], bytes[k], sizes[k]) != (ssize_t)sizes[k]) {
        perror(tmp[k]);
        return 74;
      }
      if (mode == 0) {
        fsync(fd[k]);
        close(fd[k]);
        rename(tmp[k], path[k]);
      } else if (mode >= 2) {
        sync_file_range(fd[k], 0, 0, SYNC_FILE_RANGE_WRITE);
      }
    }
    if (mode == 0) continue;
    if (mode == 3) {
      for (int k = 2; k >= 0; k--) fsync(fd[k]);
      for (int k = 0; k < 3; k++) {
        char proc[64];
        snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd[k]);
        linkat(AT_FDCWD, proc, AT_FDCWD, path[k], AT_SYMLINK_FOLLOW);
        close(fd[k]);
      }
      continue;
    }
    for (int k = 0; k < 3; k++) {
      fsync(fd[k]);
      close(fd[k]);
    }
    for (int k = 0; k < 3; k++) rename(tmp[k], path[k]);
  }
  double seconds = now() - start;
  struct rusage usage;
  getrusage(RUSAGE_SELF, &usage);
  printf("mode %d: %d folders in %.3f s wall (%.3f ms each), user %.3f s, system %.3f s\n", mode, count,
         seconds, seconds * 1000 / count, usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6,
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6);
  return 0;
}
