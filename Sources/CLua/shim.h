/*
 * The Lua 5.4 C API as Swift sees it. Lua spells much of its API as macros, which Swift cannot import;
 * the static inline functions below give those macros callable names (clua_*).
 *
 * clua_trampoline is the one lua_CFunction every Swift function is registered through. Lua raises errors
 * with longjmp, which must never cross a Swift frame (it would skip releases and exclusivity cleanup), so a
 * Swift function never raises: it returns CLUA_RAISE with the error value on the stack top, and the C
 * trampoline raises it after the Swift frame has returned.
 */
#ifndef LUADYN_CLUA_SHIM_H
#define LUADYN_CLUA_SHIM_H
#include <string.h>
#include <stdlib.h>
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/* A Swift function returns one of these to ask the trampoline to raise an error for it:
 * CLUA_RAISE: raise the value on the stack top as it is.
 * CLUA_RAISE_WHERE: prefix the message on the stack top with "chunk:line:" of the caller (luaL_error style).
 * CLUA_ARGERROR: the stack top is the function's own name or nil, below it a message and below that an argument
 *   number; raise luaL_argerror's message ("bad argument #n to 'name' (message)"), which also renumbers arguments
 *   of method calls as Lua users expect. Where Lua finds no name for the function at the call site (a method
 *   called through pcall), the function's own name stands in for luaL_argerror's '?'. */
#define CLUA_RAISE (-1)
#define CLUA_RAISE_WHERE (-2)
#define CLUA_ARGERROR (-3)

/* How many Swift functions called from Lua are running with no protected Lua call of theirs in between. While one
 * runs, a failed allocation would longjmp across its frame, so the memory limit below lets Lua grow past it there;
 * the next allocation made by Lua code itself fails instead (see clua_limited_alloc). */
static int clua_swift_depth = 0;

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }

/* Swift's one way into Lua: protected, so inside it errors (a memory limit among them) may be raised again. */
static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  int depth = clua_swift_depth;
  clua_swift_depth = 0;
  int status = lua_pcall(L, nargs, nresults, msgh);
  clua_swift_depth = depth;
  return status;
}
static inline void clua_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void clua_newtable(lua_State *L) { lua_newtable(L); }
static inline void clua_insert(lua_State *L, int idx) { lua_insert(L, idx); }
static inline void clua_remove(lua_State *L, int idx) { lua_remove(L, idx); }
static inline void clua_replace(lua_State *L, int idx) { lua_replace(L, idx); }
static inline const char *clua_tostring(lua_State *L, int idx) { return lua_tostring(L, idx); }
static inline lua_Number clua_tonumberx(lua_State *L, int idx, int *isnum) { return lua_tonumberx(L, idx, isnum); }
static inline int clua_isnoneornil(lua_State *L, int idx) { return lua_isnoneornil(L, idx); }
static inline void *clua_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
static inline int clua_getuservalue(lua_State *L, int idx) { return lua_getiuservalue(L, idx, 1); }
static inline int clua_setuservalue(lua_State *L, int idx) { return lua_setiuservalue(L, idx, 1); }
static inline void *clua_getextraspace(lua_State *L) { return lua_getextraspace(L); }
static inline int clua_loadbuffer(lua_State *L, const char *buf, size_t size, const char *name) {
  return luaL_loadbufferx(L, buf, size, name, NULL);
}
static inline const char *clua_typename_at(lua_State *L, int idx) { return luaL_typename(L, idx); }
static inline void clua_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int clua_yield(lua_State *L, int n) { return lua_yield(L, n); }

/* The Swift dispatcher (LuaKit's LuaFunction.swift): runs the Swift closure whose box is upvalue 1. It is called by
 * name, not through a pointer kept in an upvalue, so a script that rewrites upvalues (debug.setupvalue) can at worst
 * make the call fail with an error, never jump to an address of its choosing. */
extern int luakit_dispatch(lua_State *L);

/* Calls the Swift dispatcher and raises for it when it asks (see CLUA_RAISE above). */
static int clua_trampoline(lua_State *L) {
  clua_swift_depth++;
  int results = luakit_dispatch(L);
  clua_swift_depth--;
  switch (results) {
  case CLUA_RAISE:
    return lua_error(L);
  case CLUA_RAISE_WHERE:
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
  case CLUA_ARGERROR: {
    /* the stack top is the function's own name (or nil), below it the message, below that the argument number */
    int arg = (int)lua_tointeger(L, -3);
    const char *message = lua_tostring(L, -2);
    lua_Debug ar;
    if (lua_isstring(L, -1) && lua_getstack(L, 0, &ar) && lua_getinfo(L, "n", &ar) && ar.name == NULL)
      return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, lua_tostring(L, -1), message);
    return luaL_argerror(L, arg, message);
  }
  default:
    return results;
  }
}

/* The message handler of lua.c: turns an error value into a message with a traceback. */
static int clua_traceback_handler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

/* luaL_tolstring may run a __tostring metamethod, which may raise: call this through lua_pcall. */
static int clua_tolstring_function(lua_State *L) {
  luaL_tolstring(L, 1, NULL);
  return 1;
}
static inline lua_CFunction clua_tolstring_cfunction(void) { return clua_tolstring_function; }
static inline lua_CFunction clua_traceback_cfunction(void) { return clua_traceback_handler; }

/* Sets up a delegate's method call in one go, for the common case of a plain table of functions, where nothing
 * here can raise: pushes the traceback handler, the registry value `extraRef`, then `target[name]` and `target`
 * (both registry references), ready for lua_pcall with the handler at the old top + 1. Returns 1 when that is
 * done; 0 when the table has no such key and -1 when the general path is needed (the target has a metatable, or
 * the method is not a function), leaving the stack as it was in both cases. Contact events call this once each, and
 * doing it in C saves a dozen calls through the Swift wrappers. */
static inline int clua_prepare_method_call(lua_State *L, lua_Integer target, lua_Integer name, lua_Integer extraRef) {
  int base = lua_gettop(L);
  lua_pushcfunction(L, clua_traceback_handler);
  lua_rawgeti(L, LUA_REGISTRYINDEX, extraRef);
  lua_rawgeti(L, LUA_REGISTRYINDEX, target);
  if (lua_type(L, base + 3) != LUA_TTABLE || lua_getmetatable(L, base + 3)) {
    lua_settop(L, base);
    return -1;
  }
  lua_rawgeti(L, LUA_REGISTRYINDEX, name);
  int t = lua_rawget(L, base + 3);
  if (t == LUA_TFUNCTION) {
    lua_rotate(L, base + 3, 1);
    return 1;
  }
  lua_settop(L, base);
  return t == LUA_TNIL ? 0 : -1;
}

/* Pushes a C closure that runs a Swift function through the trampoline; its `nup` upvalues are on the stack, the
 * first being the function's box. */
static inline void clua_pushswiftclosure(lua_State *L, int nup) {
  lua_pushcclosure(L, clua_trampoline, nup);
}

/* An __index metamethod: methods from the table in upvalue 2 first (no Swift round trip for `obj:method()`),
 * then the Swift getter, run as clua_trampoline runs any Swift function. Being the metamethod itself (not called
 * through Lua code) keeps error positions pointing at the user's line. The getter is called with (object, key, id):
 * id is the key's number in the field table of upvalue 3 when the class lists its fields, else nil, so that a
 * getter can switch on a small integer instead of making a Swift string of every key. */
static int clua_index_trampoline(lua_State *L) {
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  /* raw gets on anything but a table are undefined: upvalues rewritten by debug.setupvalue are skipped */
  if (lua_type(L, lua_upvalueindex(2)) == LUA_TTABLE && lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
  lua_settop(L, 2);
  lua_pushvalue(L, 2);
  if (lua_type(L, lua_upvalueindex(3)) == LUA_TTABLE) lua_rawget(L, lua_upvalueindex(3));
  else { lua_pop(L, 1); lua_pushnil(L); }
  return clua_trampoline(L);
}

/* Pushes an __index closure over (function box, methods table, field table), which are on the stack. */
static inline void clua_pushswiftindex(lua_State *L) {
  lua_pushcclosure(L, clua_index_trampoline, 3);
}

/* Ctrl-C, as lua.c handles it: the signal handler may only set a hook (lua_sethook is async-signal-safe). The hook
 * removes itself when it raises "interrupted!", so "the interrupt hook is installed" means "Ctrl-C arrived and no Lua
 * code has raised it yet", which a Swift loop that runs no Lua (a stepping loop) checks to stop. Only LuaKit calls
 * these: a static function has one address per module that uses it, and the check compares addresses. */
/* What the interrupt says: "interrupted!" for Ctrl-C, or a run's time limit, whose words are set before its alarm and
 * switched to by the alarm's handler (a pointer store, safe there). */
static char clua_time_limit_reason[96] = "time limit exceeded";
static const char *volatile clua_interrupt_reason = "interrupted!";
static void clua_interrupt_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  /* Ctrl-C is raised once; a time limit stays, so code that catches it (a pcall in a loop) is stopped again. */
  if (clua_interrupt_reason != clua_time_limit_reason) lua_sethook(L, NULL, 0, 0);
  luaL_error(L, "%s", clua_interrupt_reason);
}
static inline void clua_set_time_limit_reason(const char *reason) {
  strncpy(clua_time_limit_reason, reason, sizeof clua_time_limit_reason - 1);
  clua_time_limit_reason[sizeof clua_time_limit_reason - 1] = 0;
}
static inline void clua_use_time_limit_reason(void) { clua_interrupt_reason = clua_time_limit_reason; }
static inline void clua_request_interrupt(lua_State *L) {
  lua_sethook(L, clua_interrupt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}
static inline int clua_interrupt_is_pending(lua_State *L) { return lua_gethook(L) == clua_interrupt_hook; }
static inline void clua_clear_interrupt(lua_State *L) {
  if (lua_gethook(L) == clua_interrupt_hook) lua_sethook(L, NULL, 0, 0);
}

/* Calls the function below its arguments from inside a C function, as lua.c runs every chunk from inside its own
 * main function: tracebacks then end with that C frame ("[C]: in ?"), as lua's do. */
static int clua_call_from_c(lua_State *L) {
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}
static inline lua_CFunction clua_call_from_c_cfunction(void) { return clua_call_from_c; }

/* The release and copyright line of the Lua headers luadyn was built with (lua -v prints it). */
static inline const char *clua_copyright(void) { return LUA_COPYRIGHT; }

/* -W: warnings on. */
static inline int clua_warning_on(lua_State *L) { lua_warning(L, "@on", 0); return 0; }

/* lua.c's -E: set before the standard libraries open, so that `package` ignores LUA_PATH and LUA_CPATH. */
static inline void clua_set_noenv(lua_State *L) {
  lua_pushboolean(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, "LUA_NOENV");
}
/* Generational collection, the mode lua.c sets. */
static inline void clua_gc_generational(lua_State *L) { lua_gc(L, LUA_GCGEN, 0, 0); }

/* A memory limit (luadyn --max-memory): an allocator over realloc and free that counts what Lua holds and refuses to
 * grow past the limit, so Lua raises "not enough memory" instead of the process running out. The count starts
 * from what the state already holds when the limit is set. One limit per process. While a Swift function runs
 * (clua_swift_depth > 0) a refusal would raise across its frame, so growth is allowed there and refused at Lua's
 * next allocation outside it; Swift functions allocate little at a time, so the overshoot stays small. */
static size_t clua_memory_limit = 0;
static size_t clua_memory_used = 0;
static void *clua_limited_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  (void)ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    clua_memory_used -= old < clua_memory_used ? old : clua_memory_used;
    return NULL;
  }
  if (nsize > old && clua_memory_used + (nsize - old) > clua_memory_limit && clua_swift_depth == 0) return NULL;
  void *p = realloc(ptr, nsize);
  if (p != NULL) clua_memory_used = clua_memory_used + nsize - old;
  return p;
}
/* Counts `delta` bytes that the state's scripts hold outside Lua (a world's arrays) as if Lua held them, so that the
 * limit bounds them too; a negative delta gives bytes back. Nothing to do without a limit. */
static inline void clua_charge_memory(long long delta) {
  if (clua_memory_limit == 0) return;
  if (delta < 0 && (size_t)(-delta) > clua_memory_used) clua_memory_used = 0;
  else clua_memory_used += (size_t)delta;
}
static inline void clua_limit_memory(lua_State *L, size_t limit) {
  clua_memory_used = (size_t)lua_gc(L, LUA_GCCOUNT) * 1024 + (size_t)lua_gc(L, LUA_GCCOUNTB);
  clua_memory_limit = limit;
  lua_setallocf(L, clua_limited_alloc, NULL);
}

#endif
