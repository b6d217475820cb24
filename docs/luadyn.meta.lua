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
---@field size {width: number, height: number} rw, fixed while an Animator holds the view; otherwise it may change (a PropertyAnimator animates it)
---@field bounds luadyn.Rect ro, (0, 0, width, height)
---@field frame luadyn.Rect ro, the axis-aligned box around the rotated item
---@field name string ro, shown by tostring and pictures; set when made
---@field color string rw, a CSS colour name or #rrggbb, for pictures
---@field shape "rectangle"|"ellipse"|"capsule"|Path ro, what it collides as (collisionBoundsType; a capsule rounds the shorter sides)
---@field velocity Point rw, linear velocity
---@field angularVelocity number rw, positive turns clockwise on screen
---@field mass number ro, density x area / 10000 (a 100x100 item of density 1 has mass 1)
---@field animator Animator? ro, the animator whose behaviours hold it
---@field superview View? ro, the view this one is a subview of; its center is measured from that view's top-left corner
---@field subviews View[] ro, subviews in the order added, the last on top
---@field alpha number rw, opacity in pictures (times the superviews' alpha)
---@field hidden boolean rw, a hidden view and its subviews are not drawn
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
---@field workerCount integer rw, threads a step may use, this one included (default: the cores the process may use); any count gives the same results bit for bit, and small worlds step on one
---@field restitutionThreshold number rw, contacts approaching slower than this do not bounce, so bouncing items come to rest
---@field sleepThreshold number rw, items slower than this for half a second may sleep; slow motion faster than it goes on
---@field allowsSleep boolean rw, false keeps every item awake, so the animator never pauses (not in UIKit)
---@field isRunning boolean ro, false once every item is at rest; true again when anything changes
---@field elapsedTime number ro, simulated seconds while running; stops at rest, so step loops use time
---@field time number ro, simulated seconds of every frame stepped, paused or not: while a.time < 5 do a:step() end
---@field referenceBounds luadyn.Rect? ro, (0, 0, w, h) of the reference view, or nil
---@field delegate table? rw, { didPause = function(self, animator) end, willResume = function(self, animator) end }
---@field kineticEnergy number ro, ½ m v² + ½ I ω² of every item that is not anchored (mass: a 100x100 item of density 1 is 1)
---@field potentialEnergy number ro, every spring's ½ k x², plus m g h for every gravity on each item, h its height above potentialEnergyZero (1000 m (zero - y) under default gravity)
---@field potentialEnergyZero number rw, the height where gravitational potential energy is 0, so things above the floor have positive energy
---@field units "points"|"metres" rw, how printing, traces, plots and pictures show lengths; scripts still read and write points
---@field pointsPerMetre number rw, points in a metre, for units = "metres"
---@field yUp boolean rw, show y growing upward from potentialEnergyZero (the floor) and angles counter-clockwise; scripts still use y down
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
---@param i integer
---@return LayoutAttributes?
function AnimatorMethods:layoutAttributesForCell(i) end
---@param kind string
---@param i integer
---@return LayoutAttributes?
function AnimatorMethods:layoutAttributesForSupplementaryView(kind, i) end
---@param kind string
---@param i integer
---@return LayoutAttributes?
function AnimatorMethods:layoutAttributesForDecorationView(kind, i) end
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
---@overload fun(layout: CollectionLayout): Animator
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

---What a "began" delegate method learns of the impact.
---@class luadyn.Contact
---@field normal Point unit normal from item1 (or the item) to the other side
---@field impulse number normal impulse of the step the contact began in, mass x pt/s
---@field speed number approach speed along the normal when that step began, pt/s

---@class luadyn.CollisionDelegate
---@field beganContact fun(self: table, c: Collision, item1: View, item2: View, point: Point, contact: luadyn.Contact)?
---@field endedContact fun(self: table, c: Collision, item1: View, item2: View)?
---@field beganBoundaryContact fun(self: table, c: Collision, item: View, id: luadyn.BoundaryId?, point: Point, contact: luadyn.Contact)?
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
---@field frictionTorque number rw, resists turning; a pin's motor gives at most this
---@field motorSpeed number rw, pin: the spin its motor drives the (second) item at, with frictionTorque at most
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
---@field anchored boolean rw, pushed by nothing, others collide with it; it moves only at a velocity given to it (isAnchored)
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

---items that move as one rigid body and collide by their own shapes; add it to behaviours in place of its members.
---@class ItemGroup
-- generated from the ItemGroup description
---@field items View[] ro, the members, in the order given (they move with the group)
---@field center Point ro, the members' centre of mass
---@field angle number ro, how far the group has turned since it was made
---@field bounds luadyn.Rect ro, (0, 0, width, height) of the box around the members when made
---@field frame luadyn.Rect ro, the axis-aligned box around the members as they are now
---@field velocity Point ro, velocity of the centre
---@field angularVelocity number ro, positive turns clockwise on screen
---@field mass number ro, the members' masses added up (density x area / 10000 each)
---@field name string ro, shown by tostring and pictures; set when made
---@field color string rw, a CSS colour name or #rrggbb for the group's outline
---@field animator Animator? ro, the animator whose behaviours hold it
-- end of generated ItemGroup fields
local ItemGroupMethods = {}
---Takes the group out of every behaviour of its animator.
function ItemGroupMethods:removeFromSuperview() end

---Members move as one rigid body (UIDynamicItemGroup); add the group to behaviours in place of its members.
---@overload fun(...: View): ItemGroup
---@param options {[integer]: View, name: string?, color: string?}
---@return ItemGroup
function ItemGroup(options) end

---A table of your own used wherever a View is (a UIDynamicItem): read when first used (and by animator:updateItem),
---given center (a Point) and angle by ordinary assignment after every frame, so a __newindex sees each update.
---@class luadyn.CustomItem
---@field center luadyn.PointLike
---@field bounds luadyn.RectLike? bounds or size is needed
---@field size luadyn.SizeLike?
---@field angle number?
---@field collisionBoundsType "rectangle"|"ellipse"|"path"|nil
---@field collisionBoundingPath Path? with collisionBoundsType "path"
---@field name string?
---@field color string?

---a vertical list of cells whose layout attributes are items behaviours can animate.
---@class CollectionLayout
-- generated from the CollectionLayout description
---@field count integer ro, how many cells
---@field itemSize {width: number, height: number} ro, every cell's size
---@field spacing number ro, the gap above, between and below cells
---@field width number ro, the collection view's width
---@field height number ro, the collection view's height
---@field contentSize {width: number, height: number} ro, the size of the whole list (collectionViewContentSize)
---@field contentOffset Point rw, the content point at the view's top-left corner: how far the list is scrolled
-- end of generated CollectionLayout fields
local CollectionLayoutMethods = {}
---The attributes of cell i (1-based), at its resting place when first asked; the same item every time.
---@param i integer
---@return LayoutAttributes
function CollectionLayoutMethods:attributes(i) end
---Scrolls the content by dy points (down for positive dy).
---@param dy number
function CollectionLayoutMethods:scrollBy(dy) end
---@param kind string
---@param i integer
---@param frame luadyn.RectLike
---@return LayoutAttributes
function CollectionLayoutMethods:supplementaryAttributes(kind, i, frame) end
---@param kind string
---@param i integer
---@param frame luadyn.RectLike
---@return LayoutAttributes
function CollectionLayoutMethods:decorationAttributes(kind, i, frame) end

---A vertical list of cells (UICollectionViewLayout); Animator(layout) animates their layout attributes.
---@param options {count: integer?, itemSize: luadyn.SizeLike?, spacing: number?, width: number?, height: number?}?
---@return CollectionLayout
function CollectionLayout(options) end

---where a cell (or supplementary or decoration view) of a CollectionLayout is; an item behaviours can animate.
---@class LayoutAttributes
-- generated from the LayoutAttributes description
---@field center Point rw, the element's centre in the content; writing it moves it
---@field size {width: number, height: number} ro, fixed by the layout
---@field frame luadyn.Rect ro, the axis-aligned box around the element
---@field bounds luadyn.Rect ro, (0, 0, width, height)
---@field angle number rw, rotation of its transform
---@field index integer ro, 1-based position in the list (indexPath.item + 1)
---@field alpha number rw, opacity
---@field zIndex integer rw, drawing order: higher is drawn on top
---@field representedElementCategory "cell"|"supplementaryView"|"decorationView" ro, what the attributes stand for
---@field representedElementKind string? ro, the kind of a supplementary or decoration view
---@field velocity Point rw, linear velocity
---@field name string ro, "cell1", "cell2", ...; shown by pictures
---@field animator Animator? ro, the animator whose behaviours hold it
-- end of generated LayoutAttributes fields

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

---a title and a root view holding the controller's views, shown and hidden by transitions.
---@class ViewController
-- generated from the ViewController description
---@field title string rw, shown by tostring and as the root view's name
---@field view View ro, the root view (the container's size in a transition); the views are its subviews
-- end of generated ViewController fields

---a transition from one ViewController to another, run by an animator table (UIViewControllerAnimatedTransitioning).
---@class Transition
-- generated from the Transition description
---@field context TransitionContext? ro, the context, once started
---@field containerView View? ro, the container, once started
---@field from ViewController ro, the controller going away
---@field to ViewController ro, the controller being shown
---@field animator table ro, the UIViewControllerAnimatedTransitioning table
---@field interactive PercentDrivenTransition? ro, the interaction controller
---@field style "custom"|"fullScreen"|"overFullScreen" ro, presentation style; overFullScreen keeps the from-view under the new one
---@field isFinished boolean ro, true once completeTransition was called
---@field wasCancelled boolean ro, true when it completed with false
---@field time number ro, simulated seconds stepped since the start
---@field isRecording boolean ro, true between record() and stopRecording()
-- end of generated Transition fields

---what a transition's animator works with: the container, both controllers, their frames, completion.
---@class TransitionContext
-- generated from the TransitionContext description
---@field containerView View ro, the view the transition happens in; the from-view is in it, the animator adds the to-view
---@field isAnimated boolean ro, always true here
---@field isInteractive boolean ro, true while an interaction drives the transition
---@field presentationStyle "custom"|"fullScreen"|"overFullScreen" ro, the transition's style
---@field transitionWasCancelled boolean ro, true once the interaction cancelled the transition
---@field targetTransform table ro, { a = 1, b = 0, c = 0, d = 1, tx = 0, ty = 0 }: no rotation here
---@field duration number ro, what transitionDuration returned
-- end of generated TransitionContext fields

---drives a transition by a percentage (pass as Transition{ interactive = p }), then finishes or cancels it.
---@class PercentDrivenTransition
-- generated from the PercentDrivenTransition description
---@field percentComplete number ro, how far update has driven the transition
---@field completionSpeed number rw, finish and cancel run the rest of the way at this multiple of the normal speed
---@field completionCurve "easeInOut"|"linear"|"easeIn"|"easeOut" rw, the curve of that last run
-- end of generated PercentDrivenTransition fields

---moves views' center, angle, alpha and size to targets along a timing curve; pausable, scrubbable, reversible.
---@class PropertyAnimator
-- generated from the PropertyAnimator description
---@field duration number ro, how long the whole way takes
---@field curve string ro, "linear", "easeIn" (Bezier 0.42,0,1,1), "easeOut" (0,0,0.58,1), "easeInOut" (0.42,0,0.58,1), "cubic" or "spring"
---@field dampingRatio number? ro, the spring's damping ratio (0 < ratio <= 1)
---@field fractionComplete number rw, the fraction of the duration done; setting it scrubs (pauses an inactive animator there)
---@field scrubsLinearly boolean rw, scrubbing moves views linearly in fractionComplete
---@field isRunning boolean ro, true while time moves it
---@field isReversed boolean rw, runs back toward the start
---@field state "inactive"|"active"|"stopped" ro, UIViewAnimatingState
-- end of generated PropertyAnimator fields
---UIFieldBehavior: pushes its items inside its region (see docs/lua-api.md "Field").
---@class Field: luadyn.ItemHolder
-- generated from the Field description
---@field items View[] ro, the items this behaviour acts on, in order added
---@field kind "linearGravity"|"radialGravity"|"velocity"|"noise"|"turbulence"|"spring"|"electric"|"magnetic"|"vortex"|"drag"|"custom" ro, set by the maker
---@field position Point rw, the centre of radial, spring, electric and vortex fields, of the region, and of falloff
---@field region Region rw, only items whose centre is inside (placed at position) feel the field
---@field strength number rw, scales the field; negative reverses it
---@field falloff number rw, beyond minimumRadius the force scales with (distance / 100 pt)^-falloff; 0 is uniform
---@field minimumRadius number rw, nearer distances count as this in the falloff
---@field direction Point rw, linear gravity: acceleration in units of 1000 pt/s^2; velocity: target in units of 100 pt/s
---@field smoothness number rw, noise and turbulence: 0 gives features about 50 pt across, 1 about 500 pt
---@field animationSpeed number rw, noise and turbulence: how fast the pattern changes; 0 freezes it
---@field seed integer rw, noise and turbulence: another seed, another pattern
---@field action fun(b: Behavior)? rw, runs once per frame after the step (UIDynamicBehavior.action)
---@field animator Animator? ro, the animator this behaviour is in (UIDynamicBehavior.dynamicAnimator)
---@field children Behavior[] ro, child behaviours, in order added (childBehaviors)
-- end of generated Field fields
Field = {}
---@class luadyn.FieldOptions
---@field [integer] View
---@field position luadyn.PointLike?
---@field region Region?
---@field strength number?
---@field falloff number?
---@field minimumRadius number?
---@field direction luadyn.PointLike?
---@field smoothness number?
---@field animationSpeed number?
---@field seed integer?
---@field action fun(b: Field)?
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.linearGravity(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.radialGravity(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.velocity(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.noise(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.turbulence(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.spring(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.electric(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.magnetic(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.vortex(options) end
---@overload fun(...: View): Field
---@param options luadyn.FieldOptions?
---@return Field
function Field.drag(options) end
---@alias luadyn.CustomField fun(field: Field, position: Point, velocity: Point, mass: number, charge: number, time: number): (number|Point), number?
---@overload fun(fn: luadyn.CustomField, ...: View): Field
---@param fn luadyn.CustomField
---@param options luadyn.FieldOptions?
---@return Field
function Field.custom(fn, options) end

---UIRegion: where a field acts, placed at the field's position.
---@class Region
-- generated from the Region description

-- end of generated Region fields
---@operator call(number|{radius: number?, size: luadyn.SizeLike?}): Region
Region = {}
---@type Region
Region.infinite = nil
---@return Region
function Region:inverse() end
---@param other Region
---@return Region
function Region:union(other) end
---@param other Region
---@return Region
function Region:difference(other) end
---@param other Region
---@return Region
function Region:intersection(other) end
---@param point luadyn.PointLike
---@return boolean
function Region:contains(point) end
