-- Parsing of points, sizes, rects, insets and ranges in both forms is exercised through the public
-- constructors once they exist; here: the forms Point accepts.
assert(Point{1, 2} == Point(1, 2))
assert(Point{x = 1, y = 2} == Point(1, 2))
expectError("bad argument #1 to 'Point' (point {x, y} expected, got nothing for point element 2 (y))", function() return Point({1}) end)
expectError("bad argument #1 to 'Point' (point {x, y} expected, got string for y)", function() return Point({x = 1, y = "2"}) end)
expectError("bad argument #1 to 'Point' (finite number expected for x, got", function() return Point({x = 0/0, y = 2}) end)
expectError("bad argument #1 to 'Point' (point expected, got boolean)", function() return Point(true) end)
