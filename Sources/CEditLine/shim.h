/* libedit's readline-compatible interface and its native history/completion API. */
#ifndef LUADYN_CEDITLINE_SHIM_H
#define LUADYN_CEDITLINE_SHIM_H
#include <stdio.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <editline/readline.h>
#include <histedit.h>

/*
 * el_set, el_get and history are variadic, which Swift cannot call: these wrappers give each use we make of
 * them a fixed signature. They only forward.
 */
typedef char *(*luadyn_prompt_fn)(EditLine *);
typedef unsigned char (*luadyn_key_fn)(EditLine *, int);

static inline void luadyn_el_set_prompt(EditLine *el, luadyn_prompt_fn prompt) { el_set(el, EL_PROMPT, prompt); }
static inline void luadyn_el_set_editor(EditLine *el, const char *mode) { el_set(el, EL_EDITOR, mode); }
static inline void luadyn_el_set_signal(EditLine *el, int on) { el_set(el, EL_SIGNAL, on); }
static inline void luadyn_el_set_history(EditLine *el, History *h) { el_set(el, EL_HIST, history, h); }
static inline void luadyn_el_add_function(EditLine *el, const char *name, const char *help, luadyn_key_fn fn) {
  el_set(el, EL_ADDFN, name, help, fn);
}
static inline void luadyn_el_bind(EditLine *el, const char *key, const char *function) {
  el_set(el, EL_BIND, key, function, NULL);
}
/* While editing, Ctrl-C and Ctrl-Z arrive as keys (bound to our functions) instead of as signals from the tty. */
static inline void luadyn_el_keys_not_signals(EditLine *el) { el_set(el, EL_SETTY, "-d", "-isig", NULL); }
/* The function libedit reads characters with: ours waits for a key while doing idle work; NULL: libedit's own. */
typedef int (*luadyn_getc_fn)(EditLine *, wchar_t *);
static inline void luadyn_el_set_getc(EditLine *el, luadyn_getc_fn fn) {
  if (fn == NULL) el_set(el, EL_GETCFN, EL_BUILTIN_GETCFN);
  else el_set(el, EL_GETCFN, fn);
}
static inline void luadyn_el_set_clientdata(EditLine *el, void *data) { el_set(el, EL_CLIENTDATA, data); }
static inline void *luadyn_el_clientdata(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static inline History *luadyn_history_new(int size) {
  HistEvent event;
  History *h = history_init();
  if (h == NULL) return NULL;
  history(h, &event, H_SETSIZE, size);
  history(h, &event, H_SETUNIQUE, 1);
  return h;
}
static inline int luadyn_history_enter(History *h, const char *line) {
  HistEvent event;
  return history(h, &event, H_ENTER, line);
}
static inline int luadyn_history_load(History *h, const char *path) {
  HistEvent event;
  return history(h, &event, H_LOAD, path);
}
static inline int luadyn_history_save(History *h, const char *path) {
  HistEvent event;
  return history(h, &event, H_SAVE, path);
}

/* The terminal's width in columns, or 0 when unknown (ioctl is variadic too). */
static inline int luadyn_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

/* C's standard streams as values: Swift 6 sees the `stdout` global as shared mutable state. */
static inline FILE *luadyn_stdin(void) { return stdin; }
static inline FILE *luadyn_stdout(void) { return stdout; }
static inline FILE *luadyn_stderr(void) { return stderr; }
#endif
