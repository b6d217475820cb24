/* libedit through dlopen: the functions luadyn uses, looked up once (see include/CEditLine.h). */
#include "CEditLine.h"
#include <dlfcn.h>
#include <stddef.h>
#include <sys/ioctl.h>

/* What libedit exports, with its own signatures (histedit.h). */
static struct {
  EditLine *(*el_init)(const char *, FILE *, FILE *, FILE *);
  void (*el_end)(EditLine *);
  const char *(*el_gets)(EditLine *, int *);
  int (*el_set)(EditLine *, int, ...);
  int (*el_get)(EditLine *, int, ...);
  int (*el_source)(EditLine *, const char *);
  const LineInfo *(*el_line)(EditLine *);
  void (*el_push)(EditLine *, const char *);
  int (*el_insertstr)(EditLine *, const char *);
  History *(*history_init)(void);
  void (*history_end)(History *);
  int (*history)(History *, HistEvent *, int, ...);
} edit;

static int opened = 0;
/* Why libedit could not be used, kept past the next dlerror. */
static char failure_text[512];
static const char *failure = NULL;

static void fail(void) {
  const char *reason = dlerror();
  snprintf(failure_text, sizeof failure_text, "%s", reason != NULL ? reason : "libedit could not be loaded");
  failure = failure_text;
}

static int look_up(void *library, void **slot, const char *name) {
  *slot = dlsym(library, name);
  return *slot != NULL;
}

const char *luadyn_editline_open(void) {
  if (opened) return failure;
  opened = 1;
  /* The soname (the library Debian's libedit2 installs); failing that, the development package's link. The message
     is the soname's: that is the library a person should install. */
  void *library = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    fail();
    library = dlopen("libedit.so", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return failure;
    failure = NULL;
  }
  int found = look_up(library, (void **)&edit.el_init, "el_init")
      && look_up(library, (void **)&edit.el_end, "el_end")
      && look_up(library, (void **)&edit.el_gets, "el_gets")
      && look_up(library, (void **)&edit.el_set, "el_set")
      && look_up(library, (void **)&edit.el_get, "el_get")
      && look_up(library, (void **)&edit.el_source, "el_source")
      && look_up(library, (void **)&edit.el_line, "el_line")
      && look_up(library, (void **)&edit.el_push, "el_push")
      && look_up(library, (void **)&edit.el_insertstr, "el_insertstr")
      && look_up(library, (void **)&edit.history_init, "history_init")
      && look_up(library, (void **)&edit.history_end, "history_end")
      && look_up(library, (void **)&edit.history, "history");
  if (!found) fail();
  return failure;
}

EditLine *luadyn_el_init(const char *program, FILE *in, FILE *out, FILE *err) {
  return edit.el_init(program, in, out, err);
}
void luadyn_el_end(EditLine *el) { edit.el_end(el); }
const char *luadyn_el_gets(EditLine *el, int *count) { return edit.el_gets(el, count); }
int luadyn_el_source(EditLine *el, const char *path) { return edit.el_source(el, path); }
const LineInfo *luadyn_el_line(EditLine *el) { return edit.el_line(el); }
void luadyn_el_push(EditLine *el, const char *text) { edit.el_push(el, text); }
int luadyn_el_insertstr(EditLine *el, const char *text) { return edit.el_insertstr(el, text); }

void luadyn_el_set_prompt(EditLine *el, luadyn_prompt_fn prompt) { edit.el_set(el, EL_PROMPT, prompt); }
void luadyn_el_set_editor(EditLine *el, const char *mode) { edit.el_set(el, EL_EDITOR, mode); }
void luadyn_el_set_signal(EditLine *el, int on) { edit.el_set(el, EL_SIGNAL, on); }
void luadyn_el_set_history(EditLine *el, History *h) { edit.el_set(el, EL_HIST, edit.history, h); }
void luadyn_el_add_function(EditLine *el, const char *name, const char *help, luadyn_key_fn fn) {
  edit.el_set(el, EL_ADDFN, name, help, fn);
}
void luadyn_el_bind(EditLine *el, const char *key, const char *function) {
  edit.el_set(el, EL_BIND, key, function, NULL);
}
void luadyn_el_keys_not_signals(EditLine *el) { edit.el_set(el, EL_SETTY, "-d", "-isig", NULL); }
void luadyn_el_set_getc(EditLine *el, luadyn_getc_fn fn) {
  if (fn == NULL) edit.el_set(el, EL_GETCFN, EL_BUILTIN_GETCFN);
  else edit.el_set(el, EL_GETCFN, fn);
}
void luadyn_el_set_clientdata(EditLine *el, void *data) { edit.el_set(el, EL_CLIENTDATA, data); }
void *luadyn_el_clientdata(EditLine *el) {
  void *data = NULL;
  edit.el_get(el, EL_CLIENTDATA, &data);
  return data;
}

History *luadyn_history_new(int size) {
  HistEvent event;
  History *h = edit.history_init();
  if (h == NULL) return NULL;
  edit.history(h, &event, H_SETSIZE, size);
  edit.history(h, &event, H_SETUNIQUE, 1);
  return h;
}
void luadyn_history_end(History *h) { edit.history_end(h); }
int luadyn_history_enter(History *h, const char *line) {
  HistEvent event;
  return edit.history(h, &event, H_ENTER, line);
}
int luadyn_history_load(History *h, const char *path) {
  HistEvent event;
  return edit.history(h, &event, H_LOAD, path);
}
int luadyn_history_save(History *h, const char *path) {
  HistEvent event;
  return edit.history(h, &event, H_SAVE, path);
}

int luadyn_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}
