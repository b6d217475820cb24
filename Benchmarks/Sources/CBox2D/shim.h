// Box2D 2.4.1 from Debian's libbox2d-dev (C++ only): the Box2DShim C++ target includes it through this
// system-library target; Swift never imports it directly.
#ifdef __cplusplus
#include <box2d/box2d.h>
#endif
