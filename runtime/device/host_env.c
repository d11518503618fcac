/*===- host_env.c - What the host-offload runtime reads from outside -------===*
 *
 * Part of prem-llvm (host_env.h). Built for host offload only.
 *
 *===----------------------------------------------------------------------===*/

/* First: it sets the POSIX level for the system headers. */
#include "target.h"

#include "host_env.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* An environment value the runtime cannot use stops the program: "prem:
 * VAR='value': [field ]<what is wrong>[ (want ...)]". */
PREM_ONCE __attribute__((format(printf, 5, 0))) static _Noreturn void
refuse_value(const char *Var, const char *Value, const char *Field,
             const char *Want, const char *Why, va_list Args) {
  fprintf(stderr, "prem: %s='%s': ", Var, Value);
  if (Field)
    fprintf(stderr, "%s ", Field);
  vfprintf(stderr, Why, Args);
  if (Want)
    fprintf(stderr, " (want %s)", Want);
  fputc('\n', stderr);
  fatal_exit();
}

PREM_ONCE void fatal_exit(void) {
  /* libomp registers itself in a shared-memory object named after the
   * process (kmp_runtime.cpp, __kmp_reg_status_name: /dev/shm, or /tmp
   * where /dev/shm cannot be used) and removes it in its shutdown
   * (__kmp_unregister_library), which _Exit skips. The name holds this
   * process's pid: the object is this run's. */
  char Name[64];
  snprintf(Name, sizeof Name, "__KMP_REGISTERED_LIB_%d_%d", (int)getpid(),
           (int)getuid());
  char Path[80];
  snprintf(Path, sizeof Path, "/%s", Name);
  shm_unlink(Path);
  snprintf(Path, sizeof Path, "/tmp/%s", Name);
  unlink(Path);
  /* _Exit, not exit: from inside a parallel region, atexit handlers and
   * libomp's shutdown would wait for threads that are still running. */
  _Exit(1);
}

PREM_ONCE __attribute__((format(printf, 3, 4))) static _Noreturn void
shm_refuse(const char *Var, const char *Name, const char *Why, ...) {
  va_list Args;
  va_start(Args, Why);
  refuse_value(Var, Name, NULL, NULL, Why, Args);
}

PREM_ONCE void *map_named_shm(const char *Var, uint64_t Magic, const char *What,
                    size_t Bytes, prem_shm_header **HeaderOut) {
  const char *Name = getenv(Var);
  if (!Name || !*Name)
    return NULL;
  int Fd = shm_open(Name, O_RDWR, 0);
  if (Fd < 0)
    shm_refuse(Var, Name, "cannot open the shared-memory object (%s)",
               strerror(errno));
  /* The size first: a page mapped past the object's end faults. */
  struct stat St;
  if (fstat(Fd, &St) != 0)
    shm_refuse(Var, Name, "cannot read its size (%s)", strerror(errno));
  uint64_t Size = (uint64_t)St.st_size;
  const char *Maker = Magic == PREM_SHM_MAGIC_GUARD ? "prem_guard_start"
                                                    : "prem_token_open_shared";
  if (Size < sizeof(prem_shm_header))
    shm_refuse(Var, Name,
               "size %llu byte%s: too small for a prem %s object (its "
               "header alone takes %u; libprem's %s makes them)",
               (unsigned long long)Size, Size == 1 ? "" : "s", What,
               (unsigned)sizeof(prem_shm_header), Maker);
  void *P = mmap(NULL, (size_t)Size, PROT_READ | PROT_WRITE, MAP_SHARED, Fd, 0);
  close(Fd);
  if (P == MAP_FAILED)
    shm_refuse(Var, Name, "cannot map it (%s)", strerror(errno));
  prem_shm_header *H = (prem_shm_header *)P;
  uint64_t Seen = __atomic_load_n(&H->magic, __ATOMIC_ACQUIRE);
  if (Seen != Magic)
    shm_refuse(Var, Name,
               "magic 0x%016llx: not a prem %s object (want 0x%016llx; "
               "libprem's %s makes them)",
               (unsigned long long)Seen, What, (unsigned long long)Magic,
               Maker);
  if (H->version != PREM_SHM_VERSION)
    shm_refuse(Var, Name,
               "version %u: this runtime reads version %u (libprem and the "
               "program's runtime differ)",
               H->version, PREM_SHM_VERSION);
  if (H->size != Size)
    shm_refuse(Var, Name, "size %llu in the header, but the object has %llu",
               (unsigned long long)H->size, (unsigned long long)Size);
  if (H->state_offset < sizeof(prem_shm_header) || H->state_offset % 64 != 0 ||
      H->state_offset > Size)
    shm_refuse(Var, Name,
               "state_offset %u is not past the header, 64-byte aligned and "
               "within the object's %llu bytes",
               H->state_offset, (unsigned long long)Size);
  if (Size - H->state_offset != Bytes)
    shm_refuse(Var, Name,
               "size %llu: after state_offset %u a prem %s takes %u bytes, "
               "not %llu",
               (unsigned long long)Size, H->state_offset, What, (unsigned)Bytes,
               (unsigned long long)(Size - H->state_offset));
  pid_t Owner = (pid_t)H->owner_pid;
  if (Owner <= 0)
    shm_refuse(Var, Name, "owner pid %d is no process", (int)Owner);
  if (kill(Owner, 0) != 0 && errno == ESRCH)
    shm_refuse(Var, Name, "left behind by a dead %s (pid %d)",
               Magic == PREM_SHM_MAGIC_GUARD ? "arbiter" : "owner", (int)Owner);
  if (Magic == PREM_SHM_MAGIC_GUARD) {
    uint64_t Beat = __atomic_load_n(&H->heartbeat_ns, __ATOMIC_RELAXED);
    uint64_t Now = now_ns();
    if (Now > Beat && Now - Beat > PREM_SHM_STALE_NS)
      shm_refuse(Var, Name,
                 "heartbeat %.1f s old: its arbiter (pid %d) does not run "
                 "(a pid taken by another process, or a stopped arbiter)",
                 (double)(Now - Beat) / 1e9, (int)Owner);
  }
  if (HeaderOut)
    *HeaderOut = H;
  return (char *)P + H->state_offset;
}

PREM_ONCE void env_refuse(const env_value *V, const char *Field, const char *Why, ...) {
  va_list Args;
  va_start(Args, Why);
  refuse_value(V->Var, V->Text, Field, V->Want, Why, Args);
}

PREM_ONCE uint64_t env_field(const env_value *V, const char **Next, const char *Field) {
  const char *Text = *Next;
  int Length = (int)strcspn(Text, ",");
  if (!Length)
    env_refuse(V, Field, "is empty");
  char *End = (char *)Text;
  errno = 0;
  unsigned long long N =
      Text[0] >= '0' && Text[0] <= '9' ? strtoull(Text, &End, 10) : 0;
  if (End != Text + Length)
    env_refuse(V, Field, "'%.*s' is not an unsigned decimal number", Length,
               Text);
  if (errno == ERANGE)
    env_refuse(V, Field, "%.*s does not fit 64 bits", Length, Text);
  *Next = End;
  return N;
}
