/*
 * libedit, opened when the interactive REPL starts rather than when luadyn starts: a script, `-e` or piped input
 * never maps libedit and the libraries under it (libtinfo, libbsd, libmd). `luadyn_editline_open` loads it;
 * every other function here calls through what it found, so call them only after it succeeded.
 */
#ifndef LUADYN_CEDITLINE_H
#define LUADYN_CEDITLINE_H
#include <stdio.h>
#include <signal.h>
#include <wchar.h>
/* Types and constants only (EditLine, History, LineInfo, CC_*): nothing links against libedit. */
#include <histedit.h>

/* Loads libedit once; NULL when it is there, otherwise the loader's message saying why not. */
const char *luadyn_editline_open(void);

typedef char *(*luadyn_prompt_fn)(EditLine *);
typedef unsigned char (*luadyn_key_fn)(EditLine *, int);
/* The function libedit reads characters with: ours waits for a key while doing idle work; NULL: libedit's own. */
typedef int (*luadyn_getc_fn)(EditLine *, wchar_t *);

EditLine *luadyn_el_init(const char *program, FILE *in, FILE *out, FILE *err);
void luadyn_el_end(EditLine *el);
const char *luadyn_el_gets(EditLine *el, int *count);
int luadyn_el_source(EditLine *el, const char *path);
const LineInfo *luadyn_el_line(EditLine *el);
void luadyn_el_push(EditLine *el, const char *text);
int luadyn_el_insertstr(EditLine *el, const char *text);

/* el_set, el_get and history are variadic, which Swift cannot call: one fixed signature for each use made of them. */
void luadyn_el_set_prompt(EditLine *el, luadyn_prompt_fn prompt);
void luadyn_el_set_editor(EditLine *el, const char *mode);
void luadyn_el_set_signal(EditLine *el, int on);
void luadyn_el_set_history(EditLine *el, History *h);
void luadyn_el_add_function(EditLine *el, const char *name, const char *help, luadyn_key_fn fn);
void luadyn_el_bind(EditLine *el, const char *key, const char *function);
/* While editing, Ctrl-C and Ctrl-Z arrive as keys (bound to our functions) instead of as signals from the tty. */
void luadyn_el_keys_not_signals(EditLine *el);
void luadyn_el_set_getc(EditLine *el, luadyn_getc_fn fn);
void luadyn_el_set_clientdata(EditLine *el, void *data);
void *luadyn_el_clientdata(EditLine *el);

History *luadyn_history_new(int size);
void luadyn_history_end(History *h);
int luadyn_history_enter(History *h, const char *line);
int luadyn_history_load(History *h, const char *path);
int luadyn_history_save(History *h, const char *path);

/* The terminal's width in columns, or 0 when unknown (ioctl is variadic too). */
int luadyn_terminal_columns(int fd);

/* C's standard streams as values: Swift 6 sees the `stdout` global as shared mutable state. */
static inline FILE *luadyn_stdin(void) { return stdin; }
static inline FILE *luadyn_stdout(void) { return stdout; }
static inline FILE *luadyn_stderr(void) { return stderr; }
#endif
