import Foundation

/// A small blocking WebSocket client for tests (RFC 6455, text frames, client frames masked): it talks to the
/// live view's server and to headless Chromium's DevTools socket. Every read waits at most its timeout.
final class TestWebSocket {
    struct Failure: Error, CustomStringConvertible { var description: String }

    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to ws://127.0.0.1:`port``path` and completes the opening handshake.
    init(port: Int, path: String, timeout: Double = 10) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { Glibc.close(fd); throw Failure(description: "cannot connect to port \(port)") }
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: bHVhZHluLXRlc3Qta2V5MQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try writeAll(Array(request.utf8))
        let deadline = Date().addingTimeInterval(timeout)
        while !buffer.containsHeaderEnd {
            guard try fill(until: deadline) else { throw Failure(description: "no handshake answer") }
        }
        let end = buffer.headerEnd!
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        guard header.hasPrefix("HTTP/1.1 101") else { throw Failure(description: "handshake refused: \(header)") }
    }

    deinit { Glibc.close(fd) }

    /// Sends one text message.
    func send(_ text: String) throws { try sendFrame(opcode: 1, payload: Array(text.utf8)) }

    /// Sends one frame of any opcode (tests send binary and broken frames on purpose).
    func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65536 {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xff)) }
        }
        frame += mask
        for (i, byte) in payload.enumerated() { frame.append(byte ^ mask[i % 4]) }
        try writeAll(frame)
    }

    /// Writes bytes as they are, frame or not.
    func sendRaw(_ bytes: [UInt8]) throws { try writeAll(bytes) }

    /// The next text message, or nil when the socket closed or `timeout` passed.
    func receive(timeout: Double = 10) throws -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        var message: [UInt8] = []
        while true {
            while frameLength() == nil {
                guard try fill(until: deadline) else { return nil }
            }
            let (headerLength, payloadLength) = frameLength()!
            let opcode = buffer[0] & 0x0f, fin = buffer[0] & 0x80 != 0
            let payload = Array(buffer[headerLength..<(headerLength + payloadLength)])
            buffer.removeFirst(headerLength + payloadLength)
            switch opcode {
            case 8: return nil
            case 9: try sendFrame(opcode: 10, payload: payload)
            case 10: continue
            default:
                message += payload
                if fin { return String(decoding: message, as: UTF8.self) }
            }
        }
    }

    /// Closes the socket without a closing handshake, as a crashed tab would.
    func drop() { shutdown(fd, Int32(SHUT_RDWR)) }

    private func frameLength() -> (Int, Int)? {
        guard buffer.count >= 2 else { return nil }
        var header = 2, length = Int(buffer[1] & 0x7f)
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3]); header = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            length = (2..<10).reduce(0) { $0 << 8 | Int(buffer[$1]) }; header = 10
        }
        if buffer[1] & 0x80 != 0 { header += 4 }
        return buffer.count >= header + length ? (header, length) : nil
    }

    private func fill(until deadline: Date) throws -> Bool {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { return false }
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(remaining * 1000) + 1) > 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let got = read(fd, &chunk, chunk.count)
        guard got > 0 else { return false }
        buffer += chunk[..<got]
        return true
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send failed") }
            sent += n
        }
    }
}

private extension Array where Element == UInt8 {
    var headerEnd: Int? {
        guard count >= 4 else { return nil }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 { return i }
        return nil
    }
    var containsHeaderEnd: Bool { headerEnd != nil }
}
