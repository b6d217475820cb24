#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A state for running code you did not write (`luadyn --sandbox`): it cannot run programs (`os.execute`,
/// `io.popen`), load C code (`package.loadlib`, C modules), reach the `debug` library or load binary chunks, and it
/// writes files only inside one output folder. Relative names written to go there (reading stays relative to the
/// working folder); anything that would leave it, by `..`, by an absolute name or through a symbolic link, is
/// refused with a message that says so.
public enum Sandbox {
    /// The output folder, once the sandbox is on.
    final class Folder {
        let path: String
        init(_ path: String) { self.path = path }
    }

    static let key = LuaKey("sandbox output folder")

    /// Closes the ways out of `state` and makes `outputFolder` (created when missing) the only place it may write.
    public static func apply(to state: LuaState, outputFolder: String) throws(LuaError) {
        guard !outputFolder.utf8.contains(0) else { throw LuaError("sandbox: the output folder's name contains a NUL") }
        if mkdir(outputFolder, 0o755) != 0 && errno != EEXIST {
            throw LuaError("sandbox: cannot make the output folder '\(outputFolder)': \(String(cString: strerror(errno)))")
        }
        guard let resolved = realpath(outputFolder, nil) else {
            throw LuaError("sandbox: cannot open the output folder '\(outputFolder)'")
        }
        let folder = String(cString: resolved)
        free(resolved)
        state.attach(Folder(folder), for: key)
        let s = state.stack
        let base = s.top
        defer { s.top = base }
        try s.load(closingScript, name: "=sandbox")
        // The check answers the Lua way, a name or nil and a message, so the wrappers can fail as io.open does.
        s.push(function: { (s: LuaStack) throws(LuaError) -> Int32 in
            guard let path = s.string(at: 1) else { throw LuaError.argument(1, "file name expected, got \(s.typeName(at: 1))") }
            do throws(LuaError) {
                s.push(try writablePath(path, in: s.state))
                return 1
            } catch {
                s.pushNil()
                s.push(error.message)
                return 2
            }
        })
        try s.call(arguments: 1, results: 0)
    }

    /// The name to write `path` under: inside the output folder when the sandbox is on (relative names go there),
    /// `path` itself when it is off. Throws when the sandbox is on and the file would be outside the folder.
    public static func writablePath(_ path: String, in state: LuaState) throws(LuaError) -> String {
        guard let folder = (state.attachment(for: key) as? Folder)?.path else { return path }
        guard !path.isEmpty, !path.utf8.contains(0) else { throw LuaError("sandbox: '\(path)' is not a file name") }
        let full = path.hasPrefix("/") ? path : folder + "/" + path
        // The folder the file goes in must exist and be inside the output folder once every link in it is followed.
        let slash = full.lastIndex(of: "/")!
        let parent = slash == full.startIndex ? "/" : String(full[..<slash])
        let name = String(full[full.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != "..", let resolved = realpath(parent, nil) else {
            throw LuaError("sandbox: '\(path)' is outside the output folder \(folder)")
        }
        let resolvedParent = String(cString: resolved)
        free(resolved)
        guard resolvedParent == folder || resolvedParent.hasPrefix(folder + "/") else {
            throw LuaError("sandbox: '\(path)' is outside the output folder \(folder)")
        }
        let target = resolvedParent + "/" + name
        // A link already there could point anywhere: writing through it is refused.
        var info = stat()
        if lstat(target, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK {
            throw LuaError("sandbox: '\(path)' is a symbolic link")
        }
        return target
    }

    /// Runs once with the path check as its argument; what it removes or wraps, scripts can no longer reach.
    private static let closingScript = """
        local writable = ...
        local rawload, rawloadfile, rawopen, rawoutput = load, loadfile, io.open, io.output
        local rawremove, rawrename = os.remove, os.rename
        os.execute, io.popen, package.loadlib = nil, nil, nil
        os.tmpname = function() error("os.tmpname is not available in the sandbox", 2) end
        debug, package.loaded.debug = nil, nil
        package.cpath = ""
        -- Text chunks only: the mode argument is replaced, the environment argument kept exactly as given.
        load = function(...)
          local chunk, name, _, env = ...
          if select("#", ...) >= 4 then return rawload(chunk, name, "t", env) end
          return rawload(chunk, name, "t")
        end
        loadfile = function(...)
          local file, _, env = ...
          if select("#", ...) >= 3 then return rawloadfile(file, "t", env) end
          return rawloadfile(file, "t")
        end
        dofile = function(file)
          local f = assert(rawloadfile(file, "t"))
          return f()
        end
        -- Lua modules as text; no searcher for C modules.
        package.searchers = {
          package.searchers[1],
          function(name)
            local path, err = package.searchpath(name, package.path)
            if not path then return "\\n\\t" .. err end
            local f, message = rawloadfile(path, "t")
            if not f then error(string.format("error loading module '%s' from file '%s':\\n\\t%s", name, path, message), 2) end
            return f, path
          end,
        }
        -- Writing is refused outside the output folder as the system refuses a file it cannot open: nil and a message.
        io.open = function(file, mode)
          if mode ~= nil and type(file) == "string" and string.find(mode, "[wa+]") then
            local path, message = writable(file)
            if not path then return nil, message end
            file = path
          end
          return rawopen(file, mode)
        end
        io.output = function(file)
          if type(file) == "string" then
            local path, message = writable(file)
            if not path then error(message, 2) end
            file = path
          end
          return rawoutput(file)
        end
        os.remove = function(file)
          local path, message = writable(file)
          if not path then return nil, message end
          return rawremove(path)
        end
        os.rename = function(from, to)
          local a, message = writable(from)
          if not a then return nil, message end
          local b, message2 = writable(to)
          if not b then return nil, message2 end
          return rawrename(a, b)
        end
        """
}
