// The fastest native solvers we could write for captcha-gen's proof of work and for plain SHA-256
// hashcash (the baseline), on every core: what a bot runs instead of the widget. `make bench-pow`
// runs it beside the widget's solver in headless Chromium (tools/pow/bench_pow.py). Not a test.
//
//   pow_native walk   [--threads T] [--lanes L] [--gather] [--table-log2 B] [--steps S]
//                     [--puzzles K] [--difficulty D] [--challenges C]
//   pow_native sha256 [--threads T] [--puzzles K] [--difficulty D] [--challenges C]
//   pow_native verify [--table-log2 B] [--steps S] [--puzzles K] [--challenges C]
//   pow_native solve  [--threads T] [--lanes L] [--gather]     (the attack simulation's solver)
//
// `solve` reads one challenge a line, "SALT PUZZLES STEPS DIFFICULTY TABLE_LOG2" (the "pow"
// object's fields; SALT in hex), and answers each with "NONCE,NONCE,… CPU_SECONDS".
//
// Each prints one JSON line: wall and CPU seconds per challenge (every one, in order), and the CPU
// nanoseconds per walk step (walk) or per hash (sha256); verify prints CPU microseconds per check. The walk solver builds the table with the server's C
// (Sources/CProofOfWork), in 2 MiB pages, and runs L walks per thread at once (scalar, or AVX-512
// gathers with --gather) so that many reads are in flight; the SHA-256 solver uses the SHA
// extensions (Sources/CSHA256). `verify` times the server's whole check (cpow_check_solution) of
// valid solutions with random salts, with the table's lines cold.
#include <immintrin.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "cpow.h"
#include "csha256.h"

#define MAX_LANES 128
#define ROTL(v, c) (((v) << (c)) | ((v) >> (32 - (c))))

typedef struct {
  const char *mode;
  int threads, lanes, gather, table_log2, steps, puzzles, challenges;
  uint64_t difficulty;
} options;

typedef struct {
  const options *o;
  const uint32_t *table;
  uint8_t salt[16];
  atomic_int next_puzzle;
  uint32_t nonces[256];
  atomic_ullong steps_done;
} job;

static double clock_seconds(clockid_t clock) {
  struct timespec t;
  clock_gettime(clock, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static double now(void) { return clock_seconds(CLOCK_MONOTONIC); }
static double cpu_now(void) { return clock_seconds(CLOCK_PROCESS_CPUTIME_ID); }

static inline uint32_t fmix32(uint32_t h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  h ^= h >> 16;
  return h;
}

// Scalar: `lanes` walks advance together; returns the first nonce ≥ start whose walk ends below threshold.
static uint32_t search_scalar(const options *o, const uint32_t *table, const uint32_t key[8],
                              uint32_t threshold, uint64_t *steps_done) {
  uint32_t mask = (1u << o->table_log2) - 1, x[MAX_LANES];
  for (uint64_t n = 0;; n += o->lanes) {
    for (int l = 0; l < o->lanes; l++) x[l] = fmix32((uint32_t)(n + l) ^ key[0]);
    for (int s = 0; s < o->steps; s++) {
      uint32_t k = key[(s + 1) & 7];
      for (int l = 0; l < o->lanes; l++) {
        uint32_t m = (x[l] ^ table[x[l] & mask]) * 0x9e3779b1u;
        x[l] = ROTL(m, 15) ^ k;
      }
    }
    *steps_done += (uint64_t)o->lanes * o->steps;
    for (int l = 0; l < o->lanes; l++) {
      if (fmix32(x[l]) < threshold) return (uint32_t)(n + l);
    }
  }
}

// AVX-512: `lanes` / 16 vectors of walks, each step one gather per vector.
__attribute__((target("avx512f"))) static uint32_t search_gather(const options *o, const uint32_t *table,
                                                                 const uint32_t key[8], uint32_t threshold,
                                                                 uint64_t *steps_done) {
  int vectors = o->lanes / 16;
  __m512i x[MAX_LANES / 16];
  const __m512i mask = _mm512_set1_epi32((int)((1u << o->table_log2) - 1));
  const __m512i multiplier = _mm512_set1_epi32((int)0x9e3779b1u);
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  for (uint64_t n = 0;; n += o->lanes) {
    for (int v = 0; v < vectors; v++) {
      __m512i h = _mm512_xor_si512(_mm512_add_epi32(_mm512_set1_epi32((int)(n + 16 * v)), lane),
                                   _mm512_set1_epi32((int)key[0]));
      h = _mm512_xor_si512(h, _mm512_srli_epi32(h, 16));
      h = _mm512_mullo_epi32(h, _mm512_set1_epi32((int)0x85ebca6bu));
      h = _mm512_xor_si512(h, _mm512_srli_epi32(h, 13));
      h = _mm512_mullo_epi32(h, _mm512_set1_epi32((int)0xc2b2ae35u));
      x[v] = _mm512_xor_si512(h, _mm512_srli_epi32(h, 16));
    }
    for (int s = 0; s < o->steps; s++) {
      __m512i k = _mm512_set1_epi32((int)key[(s + 1) & 7]);
      for (int v = 0; v < vectors; v++) {
        __m512i word = _mm512_i32gather_epi32(_mm512_and_si512(x[v], mask), table, 4);
        __m512i m = _mm512_mullo_epi32(_mm512_xor_si512(x[v], word), multiplier);
        x[v] = _mm512_xor_si512(_mm512_rol_epi32(m, 15), k);
      }
    }
    *steps_done += (uint64_t)o->lanes * o->steps;
    uint32_t out[16];
    for (int v = 0; v < vectors; v++) {
      _mm512_storeu_si512(out, x[v]);
      for (int l = 0; l < 16; l++) {
        if (fmix32(out[l]) < threshold) return (uint32_t)(n + 16 * v + l);
      }
    }
  }
}

// SHA-256 hashcash: the first nonce whose SHA-256(salt ‖ index ‖ nonce) begins below threshold.
static uint32_t search_sha256(const uint8_t salt[16], uint32_t index, uint32_t threshold) {
  uint8_t block[64] = {0};
  memcpy(block, salt, 16);
  memcpy(block + 16, &index, 4);
  block[24] = 0x80;
  block[62] = (24 * 8) >> 8;
  block[63] = (uint8_t)(24 * 8);
  for (uint32_t n = 0;; n++) {
    memcpy(block + 20, &n, 4);
    uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                         0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    csha256_blocks(state, block, 1);
    if (state[0] < threshold) return n;
  }
}

static void *worker(void *argument) {
  job *j = argument;
  const options *o = j->o;
  uint32_t threshold = (uint32_t)(((uint64_t)1 << 32) / o->difficulty);
  uint64_t steps = 0;
  for (int index; (index = atomic_fetch_add(&j->next_puzzle, 1)) < o->puzzles;) {
    if (strcmp(o->mode, "sha256") == 0) {
      j->nonces[index] = search_sha256(j->salt, (uint32_t)index, threshold);
      steps += (uint64_t)j->nonces[index] + 1;
      continue;
    }
    uint32_t key[8];
    cpow_puzzle_key(j->salt, (uint32_t)index, key);
    j->nonces[index] = o->gather ? search_gather(o, j->table, key, threshold, &steps)
                                 : search_scalar(o, j->table, key, threshold, &steps);
  }
  atomic_fetch_add(&j->steps_done, steps);
  return NULL;
}

static uint32_t *build_table(int log2_words) {
  size_t bytes = (size_t)4 << log2_words;
  uint32_t *table = aligned_alloc(2 << 20, bytes);
  if (table == NULL) return NULL;
  madvise(table, bytes, MADV_HUGEPAGE);
  cpow_table_build(table, (unsigned)log2_words);
  return table;
}

static void random_salt(uint8_t salt[16], uint64_t *state) {
  for (int i = 0; i < 16; i++) {
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    salt[i] = (uint8_t)(*state >> 56);
  }
}

static int run_solve(const options *o) {
  uint32_t *table = strcmp(o->mode, "walk") == 0 ? build_table(o->table_log2) : NULL;
  uint64_t seed = (uint64_t)time(NULL), steps = 0;
  double total_cpu = 0, cpu[o->challenges];
  printf("{\"mode\":\"%s\",\"threads\":%d,\"lanes\":%d,\"gather\":%d,\"difficulty\":%llu,\"seconds\":[", o->mode,
         o->threads, o->lanes, o->gather, (unsigned long long)o->difficulty);
  for (int c = 0; c < o->challenges; c++) {
    job j = {.o = o, .table = table};
    random_salt(j.salt, &seed);
    pthread_t threads[256];
    double start = now(), cpu_start = cpu_now();
    for (int t = 0; t < o->threads; t++) pthread_create(&threads[t], NULL, worker, &j);
    for (int t = 0; t < o->threads; t++) pthread_join(threads[t], NULL);
    double seconds = now() - start;
    cpu[c] = cpu_now() - cpu_start;
    if (table != NULL && cpow_check_solution(table, (unsigned)o->table_log2, j.salt, j.nonces,
                                             (uint32_t)o->puzzles, (uint32_t)o->steps, o->difficulty) >= 0) {
      fprintf(stderr, "pow_native: the server's check refused our own solution\n");
      return 1;
    }
    total_cpu += cpu[c];
    steps += j.steps_done;
    printf("%s%.6f", c ? "," : "", seconds);
  }
  printf("],\"cpu_seconds\":[");
  for (int c = 0; c < o->challenges; c++) printf("%s%.6f", c ? "," : "", cpu[c]);
  printf("],\"cpu_ns_per_step\":%.3f}\n", steps ? total_cpu * 1e9 / (double)steps : 0.0);
  return 0;
}

static int run_verify(const options *o) {
  uint32_t *table = build_table(o->table_log2);
  uint64_t seed = 42;
  double total = 0;
  for (int c = 0; c < o->challenges; c++) {
    uint8_t salt[16];
    uint32_t nonces[256];
    random_salt(salt, &seed);
    for (int i = 0; i < o->puzzles; i++) nonces[i] = (uint32_t)(seed >> 32) + (uint32_t)i;
    double start = cpu_now();
    int64_t result = cpow_check_solution(table, (unsigned)o->table_log2, salt, nonces, (uint32_t)o->puzzles,
                                         (uint32_t)o->steps, 1);  // difficulty 1: every nonce solves
    total += cpu_now() - start;
    if (result >= 0) return 1;
  }
  printf("{\"mode\":\"verify\",\"puzzles\":%d,\"steps\":%d,\"us_per_verify\":%.3f}\n", o->puzzles, o->steps,
         total / o->challenges * 1e6);
  return 0;
}

static int parse_salt(const char *hex, uint8_t salt[16]) {
  if (strlen(hex) != 32) return -1;
  for (int i = 0; i < 16; i++) {
    unsigned byte;
    if (sscanf(hex + 2 * i, "%2x", &byte) != 1) return -1;
    salt[i] = (uint8_t)byte;
  }
  return 0;
}

static int run_stdin(options *o) {
  uint32_t *table = NULL;
  int table_log2 = 0;
  char line[512], hex[64];
  while (fgets(line, sizeof line, stdin) != NULL) {
    unsigned long long difficulty;
    job j = {.o = o};
    if (sscanf(line, "%63s %d %d %llu %d", hex, &o->puzzles, &o->steps, &difficulty, &o->table_log2) != 5 ||
        parse_salt(hex, j.salt) != 0 || o->puzzles < 1 || o->puzzles > 256 || difficulty < 1 ||
        o->table_log2 < 10 || o->table_log2 > 28) {
      fprintf(stderr, "pow_native: cannot read the challenge line %s", line);
      return 65;
    }
    o->difficulty = difficulty;
    if (table_log2 != o->table_log2) {
      free(table);
      table = build_table(o->table_log2);
      table_log2 = o->table_log2;
    }
    j.table = table;
    pthread_t threads[256];
    double cpu_start = cpu_now();
    for (int t = 0; t < o->threads; t++) pthread_create(&threads[t], NULL, worker, &j);
    for (int t = 0; t < o->threads; t++) pthread_join(threads[t], NULL);
    for (int i = 0; i < o->puzzles; i++) printf("%s%u", i ? "," : "", j.nonces[i]);
    printf(" %.6f\n", cpu_now() - cpu_start);
    fflush(stdout);
  }
  return 0;
}

int main(int argc, char **argv) {
  options o = {.threads = (int)sysconf(_SC_NPROCESSORS_ONLN), .lanes = 32, .table_log2 = 24, .steps = 64,
               .puzzles = 16, .challenges = 20, .difficulty = 1 << 14};
  if (argc < 2) {
    fprintf(stderr, "usage: pow_native walk|sha256|verify [options] (see the comment at the top)\n");
    return 64;
  }
  o.mode = argv[1];
  for (int i = 2; i < argc; i++) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--gather") == 0) { o.gather = 1; continue; }
    if (v == NULL) { fprintf(stderr, "pow_native: %s needs a value\n", a); return 64; }
    i++;
    if (strcmp(a, "--threads") == 0) o.threads = atoi(v);
    else if (strcmp(a, "--lanes") == 0) o.lanes = atoi(v);
    else if (strcmp(a, "--table-log2") == 0) o.table_log2 = atoi(v);
    else if (strcmp(a, "--steps") == 0) o.steps = atoi(v);
    else if (strcmp(a, "--puzzles") == 0) o.puzzles = atoi(v);
    else if (strcmp(a, "--challenges") == 0) o.challenges = atoi(v);
    else if (strcmp(a, "--difficulty") == 0) o.difficulty = strtoull(v, NULL, 10);
    else { fprintf(stderr, "pow_native: unknown option %s\n", a); return 64; }
  }
  if (o.threads < 1 || o.threads > 256 || o.lanes < 16 || o.lanes > MAX_LANES || o.lanes % 16 ||
      o.puzzles < 1 || o.puzzles > 256 || o.difficulty < 1 || o.challenges < 1 || o.table_log2 < 10 ||
      o.table_log2 > 28) {
    fprintf(stderr, "pow_native: an option is out of range\n");
    return 64;
  }
  if (strcmp(o.mode, "verify") == 0) return run_verify(&o);
  if (strcmp(o.mode, "solve") == 0) {
    o.mode = "walk";
    return run_stdin(&o);
  }
  if (strcmp(o.mode, "walk") == 0 || strcmp(o.mode, "sha256") == 0) return run_solve(&o);
  fprintf(stderr, "pow_native: unknown mode %s\n", o.mode);
  return 64;
}
