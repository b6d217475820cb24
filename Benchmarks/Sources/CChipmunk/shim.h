// Chipmunk 7.0.3 from Debian's libchipmunk-dev (C), used by the ChipmunkShim target.
#include <chipmunk/chipmunk.h>
