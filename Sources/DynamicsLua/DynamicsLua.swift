// DynamicsLua: see ../../README.md and DESIGN.md for what lives here.
