---@meta luadyn
-- LuaLS annotations for LuaDynamics: point your editor's Lua language server at this file (workspace.library)
-- to get completion and type checks for scene scripts. Nothing here runs; see docs/lua-api.md for the semantics.

---@alias luadyn.PointLike Point|{[1]: number, [2]: number}|{x: number, y: number}
---@alias luadyn.SizeLike {[1]: number, [2]: number}|{width: number, height: number}
---@alias luadyn.RectLike {[1]: number, [2]: number, [3]: number, [4]: number}|{x: number, y: number, width: number, height: number}
---@alias luadyn.InsetsLike {[1]: number, [2]: number, [3]: number, [4]: number}|{top: number, left: number, bottom: number, right: number}
---@alias luadyn.RangeLike {[1]: number, [2]: number}|{minimum: number, maximum: number}
---@alias luadyn.BoundaryId string|number

---@class luadyn.Rect
---@field x number
---@field y number
---@field width number
---@field height number

---@class luadyn.Range
---@field minimum number
---@field maximum number

---An immutable 2D point or vector in points (CGPoint / CGVector).
---@class Point
-- generated from the Point description
---@field x number ro, horizontal, grows right
---@field y number ro, vertical, grows down
-- end of generated Point fields
---@operator add(luadyn.PointLike): Point
---@operator sub(luadyn.PointLike): Point
---@operator mul(number): Point
---@operator div(number): Point
---@operator unm: Point
local PointMethods = {}
---@return number
function PointMethods:length() end
---@return Point
function PointMethods:normalized() end
---@param q luadyn.PointLike
---@return number
function PointMethods:dot(q) end
---@param q luadyn.PointLike
---@return number
function PointMethods:distance(q) end
---@return number x, number y
function PointMethods:unpack() end

---@overload fun(p: luadyn.PointLike): Point
---@param x number
---@param y number
---@return Point
function Point(x, y) end

---A dynamic item (UIView as a UIDynamicItem).
---@class View
-- generated from the View description
---@field center Point rw, where the item's centre is; writing it moves the item (updateItemUsingCurrentState)
---@field angle number rw, rotation of its transform; positive turns clockwise on screen
---@field size {width: number, height: number} ro, fixed at creation
---@field bounds luadyn.Rect ro, (0, 0, width, height)
---@field frame luadyn.Rect ro, the axis-aligned box around the rotated item
---@field name string ro, shown by tostring and pictures; set when made
---@field color string rw, a CSS colour name or #rrggbb, for pictures
---@field shape "rectangle"|"ellipse"|Path ro, what it collides as (collisionBoundsType)
---@field velocity Point rw, linear velocity
---@field angularVelocity number rw, positive turns clockwise on screen
---@field mass number ro, density x area / 10000 (a 100x100 item of density 1 has mass 1)
---@field animator Animator? ro, the animator whose behaviours hold it
-- end of generated View fields
local ViewMethods = {}
---Takes the item out of every behaviour of its animator.
function ViewMethods:removeFromSuperview() end

---@class luadyn.ViewOptions
---@field center luadyn.PointLike?
---@field size luadyn.SizeLike?
---@field frame luadyn.RectLike?
---@field angle number?
---@field name string?
---@field color string?
---@field shape "rectangle"|"ellipse"|Path|nil

---@param options luadyn.ViewOptions
---@return View
function View(options) end

---@class luadyn.AnimatorDelegate
---@field didPause fun(self: table, animator: Animator)?
---@field willResume fun(self: table, animator: Animator)?

---UIDynamicAnimator: runs behaviours over items, frame by frame.
---@class Animator
-- generated from the Animator description
---@field behaviors Behavior[] ro, top-level behaviours in order added
---@field items View[] ro, every item in any of its behaviours
---@field timeStep number rw, the frame length step() uses
---@field substeps integer rw, solver sub-steps per frame
---@field restitutionThreshold number rw, contacts approaching slower than this do not bounce, so bouncing items come to rest
---@field sleepThreshold number rw, items slower than this for half a second may sleep; slow motion faster than it goes on
---@field allowsSleep boolean rw, false keeps every item awake, so the animator never pauses (not in UIKit)
---@field isRunning boolean ro, false once every item is at rest; true again when anything changes
---@field elapsedTime number ro, simulated seconds while running; stops at rest, so step loops use time
---@field time number ro, simulated seconds of every frame stepped, paused or not: while a.time < 5 do a:step() end
---@field referenceBounds luadyn.Rect? ro, (0, 0, w, h) of the reference view, or nil
---@field delegate table? rw, { didPause = function(self, animator) end, willResume = function(self, animator) end }
---@field kineticEnergy number ro, ½ m v² + ½ I ω² of every item that is not anchored (mass: a 100x100 item of density 1 is 1)
---@field potentialEnergy number ro, every spring's ½ k x², plus -m (g · (p - (0, potentialEnergyZero))) summed over every gravity on each item (so 1000 m h for an item h above the floor under default gravity)
---@field potentialEnergyZero number rw, the height where gravitational potential energy is 0
---@field units "points"|"metres" rw, how pictures and the live view show lengths (scripts always use points)
---@field pointsPerMetre number rw, points in one metre, for display
---@field yUp boolean rw, pictures and the live view show y growing upward (scripts keep y down)
---@field isRecording boolean ro, true between animator:record() and animator:stopRecording()
-- end of generated Animator fields
local AnimatorMethods = {}
---@param b Behavior
function AnimatorMethods:addBehavior(b) end
---@param b Behavior
function AnimatorMethods:removeBehavior(b) end
function AnimatorMethods:removeAllBehaviors() end
---@param rect luadyn.RectLike
---@return View[]
function AnimatorMethods:itemsIn(rect) end
---@param view View
function AnimatorMethods:updateItem(view) end
---@param dt number?
function AnimatorMethods:step(dt) end
---@param seconds number
function AnimatorMethods:run(seconds) end
---@param maxSeconds number? default 60
---@return number seconds
---@return boolean atRest false when it stopped at maxSeconds
function AnimatorMethods:runUntilRest(maxSeconds) end
---@return {name: string, center: Point, angle: number, velocity: Point, angularVelocity: number}[]
function AnimatorMethods:state() end

---@class luadyn.DrawOptions
---@field width integer? cells, default 80 (or the terminal's width if narrower)
---@field height integer? most lines; the picture narrows to fit
---@field glyphs "braille"|"blocks"|"ascii"?
---@field color boolean? default: only on a colour terminal
---@field filled boolean? default true
---@field joints boolean? default true
---@field contacts boolean? default false
---@field labels boolean? default true
---@field view luadyn.RectLike? the part of the world shown

---Prints the world as a terminal drawing (returns nothing; see drawing).
---@param options luadyn.DrawOptions?
function AnimatorMethods:draw(options) end
---The terminal drawing as a string.
---@param options luadyn.DrawOptions?
---@return string
function AnimatorMethods:drawing(options) end
---Animates in the terminal (Ctrl-C stops); when not a terminal, steps at once and prints the last frame.
---@param seconds number
---@param options {speed: number?, fps: number?, width: integer?, height: integer?, glyphs: string?, color: boolean?, filled: boolean?, joints: boolean?, contacts: boolean?, labels: boolean?, view: luadyn.RectLike?}?
---@return number seconds simulated
function AnimatorMethods:play(seconds, options) end
---Writes an SVG picture of the world.
---@param file string
---@param options {velocities: boolean?, velocityScale: number?, contacts: boolean?, labels: boolean?, width: number?, view: luadyn.RectLike?, background: string|false?}?
---@return string file
function AnimatorMethods:snapshot(file, options) end
---Starts recording every frame stepped from now on.
---@param options {maxFrames: integer?}?
function AnimatorMethods:record(options) end
---@return integer frames kept
function AnimatorMethods:stopRecording() end
---Writes the recording as one self-contained HTML page with a player.
---@param file string
---@param options {trails: boolean?, speed: number?, width: integer?, title: string?, autoplay: boolean?, labels: boolean?}?
---@return string file
function AnimatorMethods:exportHTML(file, options) end
---Writes a row now and after every frame until stopTrace (CSV, or JSON Lines for .jsonl).
---@param options {file: string, items: View[]?, fields: ("center"|"velocity"|"angle"|"angularVelocity")[]?, format: "csv"|"jsonl"?}
---@return string file
function AnimatorMethods:trace(options) end
---@return integer rows written
function AnimatorMethods:stopTrace() end

---@overload fun(): Animator
---@overload fun(view: View): Animator
---@param options {width: number?, height: number?, timeStep: number?, substeps: integer?, allowsSleep: boolean?, delegate: luadyn.AnimatorDelegate?}
---@return Animator
function Animator(options) end

---UIDynamicBehavior: the base of every behaviour, and a composite on its own.
---@class Behavior
-- generated from the Behavior description
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated Behavior fields
local BehaviorMethods = {}
---@param child Behavior
function BehaviorMethods:addChild(child) end
---@param child Behavior
function BehaviorMethods:removeChild(child) end

---@param options {children: Behavior[]?, action: fun(b: Behavior)?}?
---@return Behavior
function Behavior(options) end

---A behaviour that holds items.
---@class luadyn.ItemHolder: Behavior
---@field items View[] ro
local ItemHolderMethods = {}
---@param view View
function ItemHolderMethods:addItem(view) end
---@param view View
function ItemHolderMethods:removeItem(view) end

---UIGravityBehavior: magnitude 1 = 1000 pt/s^2.
---@class Gravity: luadyn.ItemHolder
-- generated from the Gravity description
---@field items View[] ro, the items this behaviour acts on, in order added
---@field direction Point rw, the acceleration vector in units of 1000 pt/s^2
---@field angle number rw, pi/2 is down
---@field magnitude number rw, 1 = 1000 pt/s^2
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated Gravity fields
local GravityMethods = {}
---@param angle number
---@param magnitude number
function GravityMethods:setAngle(angle, magnitude) end
---@overload fun(...: View): Gravity
---@param options {[integer]: View, direction: luadyn.PointLike?, angle: number?, magnitude: number?, action: fun(b: Gravity)?}
---@return Gravity
function Gravity(options) end

---@class luadyn.CollisionDelegate
---@field beganContact fun(self: table, c: Collision, item1: View, item2: View, point: Point)?
---@field endedContact fun(self: table, c: Collision, item1: View, item2: View)?
---@field beganBoundaryContact fun(self: table, c: Collision, item: View, id: luadyn.BoundaryId?, point: Point)?
---@field endedBoundaryContact fun(self: table, c: Collision, item: View, id: luadyn.BoundaryId?)?

---UICollisionBehavior.
---@class Collision: luadyn.ItemHolder
-- generated from the Collision description
---@field items View[] ro, the items this behaviour acts on, in order added
---@field mode "everything"|"items"|"boundaries" rw, what the items collide with (collisionMode)
---@field translatesReferenceBoundsIntoBoundary boolean rw, the animator's reference bounds become a boundary (identifier nil)
---@field boundaryIdentifiers (string|number)[] ro, identifiers of added boundaries, in order added
---@field delegate table? rw, beganContact, endedContact, beganBoundaryContact, endedBoundaryContact (collisionDelegate)
---@field collisionDelegate table? rw, same as delegate
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated Collision fields
local CollisionMethods = {}
---@param insets luadyn.InsetsLike
function CollisionMethods:setTranslatesReferenceBoundsIntoBoundary(insets) end
---@overload fun(self: Collision, id: luadyn.BoundaryId, path: Path)
---@param id luadyn.BoundaryId
---@param p1 luadyn.PointLike
---@param p2 luadyn.PointLike
function CollisionMethods:addBoundary(id, p1, p2) end
---@param id luadyn.BoundaryId
---@return Path?
function CollisionMethods:boundary(id) end
---@param id luadyn.BoundaryId
function CollisionMethods:removeBoundary(id) end
function CollisionMethods:removeAllBoundaries() end
---@overload fun(...: View): Collision
---@param options {[integer]: View, mode: "everything"|"items"|"boundaries"|nil, translatesReferenceBoundsIntoBoundary: boolean?, delegate: luadyn.CollisionDelegate?, action: fun(b: Collision)?}
---@return Collision
function Collision(options) end

---UIAttachmentBehavior.
---@class Attachment: Behavior
-- generated from the Attachment description
---@field kind "distance"|"fixed"|"pin"|"sliding"|"limit" ro, which attachment this is (attachedBehaviorType)
---@field items View[] ro, one or two items
---@field anchorPoint Point rw, the anchor
---@field length number rw, the distance kept between the attachment points
---@field frequency number rw, 0 = a rigid rod
---@field stiffness number? rw, a Hooke spring: force = stiffness x stretch, period 2 pi sqrt(m / stiffness); frequency clears it
---@field damping number rw, damping ratio, 1 = critical
---@field frictionTorque number rw, resists turning
---@field attachmentRange luadyn.Range rw, points along the axis (sliding), radians (pin), distance (limit)
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated Attachment fields
---@operator call(View): Attachment
Attachment = {}
---@class luadyn.AttachmentTuning
---@field length number?
---@field frequency number?
---@field damping number?
---@field frictionTorque number?
---@field attachmentRange luadyn.RangeLike?
---@field action fun(b: Attachment)?
---@param item1 View
---@param item2 View
---@param anchor luadyn.PointLike
---@param options luadyn.AttachmentTuning?
---@return Attachment
function Attachment.fixed(item1, item2, anchor, options) end
---@param item1 View
---@param item2 View
---@param anchor luadyn.PointLike
---@param options luadyn.AttachmentTuning?
---@return Attachment
function Attachment.pin(item1, item2, anchor, options) end
---@overload fun(item: View, anchor: luadyn.PointLike, axis: luadyn.PointLike, options: luadyn.AttachmentTuning?): Attachment
---@param item1 View
---@param item2 View
---@param anchor luadyn.PointLike
---@param axis luadyn.PointLike
---@param options luadyn.AttachmentTuning?
---@return Attachment
function Attachment.sliding(item1, item2, anchor, axis, options) end
---@param item1 View
---@param offset1 luadyn.PointLike
---@param item2 View
---@param offset2 luadyn.PointLike
---@param options luadyn.AttachmentTuning?
---@return Attachment
function Attachment.limit(item1, offset1, item2, offset2, options) end

---UISnapBehavior.
---@class Snap: Behavior
-- generated from the Snap description
---@field items View[] ro, the one item
---@field snapPoint Point rw, where the item goes
---@field damping number rw, 0 = most oscillation, 1 = least
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated Snap fields
---@param item View
---@param point luadyn.PointLike
---@param options {damping: number?, action: fun(b: Snap)?}?
---@return Snap
function Snap(item, point, options) end

---UIPushBehavior.
---@class Push: luadyn.ItemHolder
-- generated from the Push description
---@field items View[] ro, the items this behaviour acts on, in order added
---@field mode "continuous"|"instantaneous" ro, set when made
---@field active boolean rw, an instantaneous push fires once on the next step, then turns false
---@field angle number rw, 0 points right
---@field magnitude number rw, 1 gives a 100x100 density-1 item 100 pt/s^2 (or 100 pt/s at once)
---@field direction Point rw, angle and magnitude as a vector
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated Push fields
local PushMethods = {}
---@param angle number
---@param magnitude number
function PushMethods:setAngle(angle, magnitude) end
---@param item View
---@param offset luadyn.PointLike
function PushMethods:setTargetOffset(item, offset) end
---@param item View
---@return Point
function PushMethods:targetOffset(item) end
---@param options {[integer]: View, mode: "continuous"|"instantaneous"|nil, active: boolean?, angle: number?, magnitude: number?, direction: luadyn.PointLike?, action: fun(b: Push)?}
---@return Push
function Push(options) end

---UIDynamicItemBehavior.
---@class ItemBehavior: luadyn.ItemHolder
-- generated from the ItemBehavior description
---@field items View[] ro, the items this behaviour acts on, in order added
---@field elasticity number rw, bounciness; 1 keeps all speed
---@field friction number rw, sliding friction
---@field density number rw, mass per 10000 pt^2
---@field resistance number rw, linear damping
---@field angularResistance number rw, angular damping
---@field allowsRotation boolean rw, false keeps the angle
---@field anchored boolean rw, an anchored item never moves but others collide with it (isAnchored)
---@field charge number rw, for electric and magnetic fields
---@field allowsSleep boolean rw, false keeps the items (and what they touch) awake
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated ItemBehavior fields
local ItemBehaviorMethods = {}
---@param item View
---@param v luadyn.PointLike
function ItemBehaviorMethods:addLinearVelocity(item, v) end
---@param item View
---@return Point
function ItemBehaviorMethods:linearVelocity(item) end
---@param item View
---@param w number
function ItemBehaviorMethods:addAngularVelocity(item, w) end
---@param item View
---@return number
function ItemBehaviorMethods:angularVelocity(item) end
---@overload fun(...: View): ItemBehavior
---@param options {[integer]: View, elasticity: number?, friction: number?, density: number?, resistance: number?, angularResistance: number?, allowsRotation: boolean?, anchored: boolean?, charge: number?, action: fun(b: ItemBehavior)?}
---@return ItemBehavior
function ItemBehavior(options) end

---UIBezierPath: lines and curves for boundaries and item shapes. Drawing methods return the path.
---@class Path
-- generated from the Path description
---@field bounds luadyn.Rect ro, the box around its points
---@field points Point[][] ro, the flattened points of each subpath
-- end of generated Path fields
---@operator call: Path
Path = {}
---@param x number
---@param y number
---@return Path
function Path:moveTo(x, y) end
---@param x number
---@param y number
---@return Path
function Path:lineTo(x, y) end
---@return Path
function Path:quadTo(cx, cy, x, y) end
---@return Path
function Path:curveTo(c1x, c1y, c2x, c2y, x, y) end
---@param clockwise boolean? default true
---@return Path
function Path:arc(cx, cy, r, a0, a1, clockwise) end
---@return Path
function Path:close() end
---@param rect luadyn.RectLike
---@return Path
function Path.rect(rect) end
---@param rect luadyn.RectLike
---@return Path
function Path.oval(rect) end
---@param rect luadyn.RectLike
---@param radius number
---@return Path
function Path.roundedRect(rect, radius) end
---@param points luadyn.PointLike[]
---@return Path
function Path.polygon(points) end
---@param p1 luadyn.PointLike
---@param p2 luadyn.PointLike
---@return Path
function Path.segment(p1, p2) end

---Prints help: the globals, a type, an object's type, or a field or method name.
---@param what any?
function help(what) end

---@class luadyn.PlotSeries
---@field name string?
---@field values number[]?
---@field x number[]?
---@field y number[]?
---@field color string?

---A line chart of one or more series as text; a last table of options may follow
---({ width = 60, height = 12, title =, min =, max =, color = }).
---@param ... number[]|luadyn.PlotSeries|{width: integer?, height: integer?, title: string?, min: number?, max: number?, color: boolean?}
---@return string
function plot(...) end

---Chooses the animator the REPL's dot-commands (.step, .run, .state, .draw, .play, .plot) act on; without it they
---act on the animator made last. Returns the animator.
---@param animator Animator
---@return Animator
function use(animator) end
