/// Escape codes to redraw a picture in place, frame after frame, without scrolling the terminal.
public enum LiveFrame {
    /// Sent once before the first frame: clear the screen and hide the cursor so it does not flicker over the picture.
    public static let begin = "\u{1B}[2J\u{1B}[?25l"
    /// Sent once after the last frame: bring the cursor back (after the picture, which stays on screen).
    public static let end = "\u{1B}[?25h\n"

    /// One frame: cursor home, each line cleared to its end as it is written (a narrower frame leaves no
    /// leftovers), an optional status line under the picture, then everything below cleared.
    public static func frame(_ lines: [String], status: String? = nil) -> String {
        var out = "\u{1B}[H"
        for line in lines { out += line + "\u{1B}[K\n" }
        if let status { out += status + "\u{1B}[K\n" }
        return out + "\u{1B}[J"
    }

    /// The same for a picture already joined into one string.
    public static func frame(_ picture: String, status: String? = nil) -> String {
        frame(picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init), status: status)
    }
}
