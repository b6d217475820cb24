import NIOCore
import NIOWebSocket

/// One page's WebSocket, on the server's event loop: text messages it sends go to the hub's inbox; what the hub
/// broadcasts to it is sent when the socket can take it.
///
/// A page that misbehaves only ever loses its own socket: binary frames and pongs are ignored, pings answered, a
/// close answered and the socket closed, a message that is not UTF-8 or too long dropped; NIO's frame decoder
/// closes the socket on frames that break the protocol.
final class LiveSocketHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// A message in pieces (continuation frames) longer than this is dropped: the page's commands are far shorter.
    static let maxMessageBytes = 1 << 16

    private let hub: LiveHub
    private var id: Int?
    private var context: ChannelHandlerContext?
    /// The text message being assembled from its fragments, until its final frame; nil between messages.
    private var partial: [UInt8]?
    /// The message being assembled grew past the limit: its remaining fragments are dropped too.
    private var isDiscarding = false
    private var sentClose = false

    init(hub: LiveHub) { self.hub = hub }

    func handlerAdded(context: ChannelHandlerContext) {
        // Added once the handshake is answered, so the socket is open: the page joins the hub now.
        self.context = context
        let loop = context.eventLoop
        let handler = NIOLoopBound(self, eventLoop: loop)
        // The hub calls these from the Lua thread; they only hop onto the loop, where the handler lives.
        id = hub.connect(LiveHub.Page(
            wake: { loop.execute { handler.value.sendWaiting() } },
            close: { loop.execute { handler.value.closeSocket(code: .goingAway) } }
        ))
        if id == nil { closeSocket(code: .goingAway) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        leaveHub()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        leaveHub()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // Messages that came while the socket was full are sent now (those the hub kept: the newest ones).
        if context.channel.isWritable { sendWaiting() }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            partial = nil
            isDiscarding = false
            append(frame)
        case .continuation:
            // A continuation outside a text message continues a binary one (or nothing): ignored like it.
            guard partial != nil || isDiscarding else { return }
            append(frame)
        case .ping:
            // A pong carries the ping's payload back.
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            // Answer with the page's own code (1000 when it gave none), then hang up.
            var payload = frame.unmaskedData
            let code = payload.readWebSocketErrorCode() ?? .normalClosure
            closeSocket(code: code)
        default:
            // Binary messages and pongs carry nothing the page is meant to send.
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // One page's broken socket never reaches the server or the other pages.
        leaveHub()
        context.close(promise: nil)
    }

    /// Adds a text frame's payload to the message being assembled, and hands a finished message to the hub.
    private func append(_ frame: WebSocketFrame) {
        if !isDiscarding {
            var payload = frame.unmaskedData
            var bytes = partial ?? []
            bytes.append(contentsOf: payload.readBytes(length: payload.readableBytes) ?? [])
            if bytes.count > Self.maxMessageBytes {
                isDiscarding = true
                partial = nil
            } else {
                partial = bytes
            }
        }
        guard frame.fin else { return }
        defer { partial = nil; isDiscarding = false }
        // Text frames must be UTF-8; a message that is not goes nowhere.
        guard let bytes = partial, let text = String(validating: bytes, as: UTF8.self) else { return }
        hub.receive(text)
    }

    /// Sends the messages the hub holds for this page, when the socket can take them; otherwise they wait (the hub
    /// drops the oldest) until the socket drains.
    private func sendWaiting() {
        guard let context, let id, !sentClose, context.channel.isWritable else { return }
        let messages = hub.take(id)
        guard !messages.isEmpty else { return }
        for text in messages {
            let frame = WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(string: text))
            context.write(wrapOutboundOut(frame), promise: nil)
        }
        context.flush()
    }

    /// Sends a close frame with `code` (once) and closes the socket when it is written.
    private func closeSocket(code: WebSocketErrorCode) {
        leaveHub()
        guard let context, !sentClose else { return }
        sentClose = true
        var data = context.channel.allocator.buffer(capacity: 2)
        data.write(webSocketErrorCode: code)
        let frame = WebSocketFrame(fin: true, opcode: .connectionClose, data: data)
        context.writeAndFlush(wrapOutboundOut(frame)).assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }

    private func leaveHub() {
        if let id { hub.disconnect(id) }
        id = nil
    }
}

@available(*, unavailable)
extension LiveSocketHandler: Sendable {}
