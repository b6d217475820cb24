#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import Synchronization

/// The HTTP + WebSocket server of one live view, on 127.0.0.1 only: `GET /` is the page (compiled into the
/// binary), `GET /live` the WebSocket that carries frames out and commands in; anything else is 404.
///
/// The server runs on one event-loop thread of its own; its owner (the Lua thread) only starts it, stops it, and
/// talks to pages through the `LiveHub`, so nothing here waits on Lua or touches the animator.
final class LiveServer: Sendable {
    let hub = LiveHub()
    /// The port it listens on (the one the system chose when 0 was asked for).
    let port: Int
    private let group: MultiThreadedEventLoopGroup
    private let listener: any Channel
    private let isStopped = Mutex(false)

    /// Starts listening on 127.0.0.1:`port` (0: any free port) and returns once it listens, or throws why not.
    init(port: Int, page: String) throws(LiveViewError) {
        guard (0...65535).contains(port) else {
            throw LiveViewError("port \(port) is out of range (0 to 65535; 0 picks a free one)")
        }
        let address: SocketAddress
        do {
            address = try SocketAddress(ipAddress: "127.0.0.1", port: port)
        } catch {
            throw LiveViewError("cannot make the address 127.0.0.1:\(port)")
        }
        // One thread is plenty for a few tabs on this machine, and leaves the cores to the world being served.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let hub = self.hub
        let pageBody = ByteBuffer(string: page)
        let bootstrap = ServerBootstrap(group: group)
            // A port just freed by `stop` still has its pages' connections in TIME_WAIT; without this a second
            // serve on the same port would be refused. Linux still refuses a port another socket listens on.
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try Self.configure(channel, hub: hub, page: pageBody)
                }
            }
        do {
            listener = try bootstrap.bind(to: address).wait()
        } catch {
            try? group.syncShutdownGracefully()
            throw Self.describe(error, port: port)
        }
        self.port = listener.localAddress?.port ?? port
        self.group = group
    }

    /// The page's address.
    var url: String { "http://127.0.0.1:\(port)/" }

    /// Closes every page's socket and the listening socket, and ends the server's thread; returns once the port is
    /// free again. Stopping twice does nothing more.
    func stop() {
        let first = isStopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        hub.close()
        try? listener.close().wait()
        // Closes the pages' connections that are still open, after the goodbyes `hub.close` queued on the loop.
        try? group.syncShutdownGracefully()
    }

    /// The pipeline of one accepted connection: HTTP/1 that becomes a WebSocket on `GET /live`, or the page.
    private static func configure(_ channel: any Channel, hub: LiveHub, page: ByteBuffer) throws {
        let upgrader = NIOWebSocketServerUpgrader(
            // The page's commands are a few hundred bytes; frames past this close the socket (1009).
            maxFrameSize: 1 << 16,
            shouldUpgrade: { channel, head in
                let isLive = head.method == .GET && LivePageHandler.path(of: head.uri) == "/live"
                return channel.eventLoop.makeSucceededFuture(isLive ? HTTPHeaders() : nil)
            },
            upgradePipelineHandler: { channel, _ in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(LiveSocketHandler(hub: hub))
                }
            }
        )
        let pageHandlerName = "live.page"
        let upgrade: NIOHTTPServerUpgradeSendableConfiguration = (
            upgraders: [upgrader],
            completionHandler: { context in
                // The socket is a WebSocket now: the page handler would only be handed frames it cannot read.
                context.pipeline.syncOperations.removeHandler(name: pageHandlerName, promise: nil)
            }
        )
        let sync = channel.pipeline.syncOperations
        try sync.configureHTTPServerPipeline(withServerUpgrade: upgrade)
        try sync.addHandler(LivePageHandler(page: page), name: pageHandlerName)
    }

    /// A bind failure worded for a person: a busy port names itself.
    private static func describe(_ error: any Error, port: Int) -> LiveViewError {
        if let error = error as? IOError, error.errnoCode == EADDRINUSE {
            return LiveViewError("port \(port) is busy (another program listens on 127.0.0.1:\(port)); "
                                 + "choose another port, or 0 for a free one")
        }
        if let error = error as? IOError, error.errnoCode == EACCES {
            return LiveViewError("port \(port) needs privileges this program does not have; use a port above 1023, "
                                 + "or 0 for a free one")
        }
        return LiveViewError("cannot listen on 127.0.0.1:\(port): \(error)")
    }
}

/// The plain HTTP side of a connection: the page on `GET /`, 404 for anything else (`GET /live` without a
/// WebSocket handshake included). Keeps the connection open when the browser asks to.
final class LivePageHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let page: ByteBuffer
    private var request: HTTPRequestHead?

    init(page: ByteBuffer) { self.page = page }

    /// The path of a request target, without its query or fragment.
    static func path(of uri: String) -> Substring {
        uri.prefix { $0 != "?" && $0 != "#" }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
        case .body:
            // No route reads a body; it is read and dropped so the next request on the connection is found.
            break
        case .end:
            guard let head = request else { return }
            request = nil
            respond(to: head, context: context)
        }
    }

    private func respond(to head: HTTPRequestHead, context: ChannelHandlerContext) {
        let isPage = head.method == .GET && Self.path(of: head.uri) == "/"
        var headers = HTTPHeaders()
        let body: ByteBuffer
        if isPage {
            headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
            // The page is compiled into the binary: a newer luadyn on the same port must not get an old page.
            headers.add(name: "Cache-Control", value: "no-store")
            body = page
        } else {
            headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
            body = context.channel.allocator.buffer(string: "Not Found\n")
        }
        headers.add(name: "Content-Length", value: String(body.readableBytes))
        let keepAlive = head.isKeepAlive
        if !keepAlive { headers.add(name: "Connection", value: "close") }
        let status: HTTPResponseStatus = isPage ? .ok : .notFound
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))),
                      promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let sent = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        if !keepAlive {
            sent.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A broken connection is that browser's business; the server and the other pages go on.
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension LivePageHandler: Sendable {}
