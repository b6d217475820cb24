/* libedit's readline-compatible interface and its native history/completion API. */
#ifndef LUADYN_CEDITLINE_SHIM_H
#define LUADYN_CEDITLINE_SHIM_H
#include <stdio.h>
#include <editline/readline.h>
#include <histedit.h>
#endif
