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
#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

/* A Swift function returns this to ask the trampoline to raise the value on top of the stack. */
#define CLUA_RAISE (-1)

static inline int clua_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int clua_upvalueindex(int i) { return lua_upvalueindex(i); }

static inline int clua_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcall(L, nargs, nresults, msgh);
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

/* Calls the Swift dispatcher in upvalue 1 and raises for it when it asks (see CLUA_RAISE above). */
static int clua_trampoline(lua_State *L) {
  lua_CFunction swift_function = (lua_CFunction)lua_touserdata(L, lua_upvalueindex(1));
  int results = swift_function(L);
  if (results == CLUA_RAISE) return lua_error(L);
  return results;
}

/* Pushes a C closure that runs `swift_function` through the trampoline, with `nup` further upvalues
 * (already on the stack) that the Swift function sees as upvalues 2 ... nup + 1. */
static inline void clua_pushswiftclosure(lua_State *L, lua_CFunction swift_function, int nup) {
  lua_pushlightuserdata(L, (void *)swift_function);
  if (nup > 0) lua_insert(L, -(nup + 1));
  lua_pushcclosure(L, clua_trampoline, nup + 1);
}

/* The interrupt hook of lua.c: a signal handler may only set a hook (lua_sethook is async-signal-safe). */
static void clua_interrupt_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, NULL, 0, 0);
  luaL_error(L, "interrupted!");
}
static inline void clua_request_interrupt(lua_State *L) {
  lua_sethook(L, clua_interrupt_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}
static inline void clua_clear_interrupt(lua_State *L) { lua_sethook(L, NULL, 0, 0); }

#endif
