import Foundation
import Testing

/// The binary's contact kernels: `LUADYN_CONTACT_KERNEL` forces one, and every kernel gives the same output to the
/// last bit, the default one too. A kernel the processor lacks gives way to the widest it has, so the same runs
/// pass on any machine.
@Suite struct ContactKernelTests {
    /// A pyramid of boxes and a few balls thrown at it; prints every item's centre, angle and velocity exactly.
    static let script = """
        animator = Animator{ width = 600, height = 400, allowsSleep = false }
        local items = {}
        for row = 0, 7 do
          for i = 0, 7 - row do
            items[#items + 1] = View{ center = {300 + (i - (7 - row) / 2) * 21, 390 - row * 20.5}, size = {20, 20} }
          end
        end
        for k = 0, 5 do
          local ball = View{ center = {40 + k * 90, 40 + (k % 2) * 30}, size = {16, 16}, shape = "ellipse" }
          ball.velocity = {150 - k * 40, 60}
          items[#items + 1] = ball
        end
        animator:addBehavior(Gravity(table.unpack(items)))
        animator:addBehavior(Collision{ translatesReferenceBoundsIntoBoundary = true, table.unpack(items) })
        animator:addBehavior(ItemBehavior{ friction = 0.6, elasticity = 0.2, table.unpack(items) })
        animator:run(60)
        for _, v in ipairs(items) do
          print(string.format("%a %a %a %a %a %a", v.center.x, v.center.y, v.angle, v.velocity.x, v.velocity.y,
                              v.angularVelocity))
        end
        """

    @Test func everyKernelPrintsTheSameBits() throws {
        let dir = try LuaDyn.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("kernels.lua")
        try Self.script.write(to: file, atomically: true, encoding: .utf8)
        var outputs: [String: String] = [:]
        for kernel in ["swift", "sse2", "avx2"] {
            let result = try LuaDyn.run([file.path], environment: ["LUADYN_CONTACT_KERNEL": kernel])
            #expect(result.status == 0 && result.stderr == "", "\(kernel): \(result.stderr)")
            outputs[kernel] = result.stdout
        }
        let unset = try LuaDyn.run([file.path], unsetting: ["LUADYN_CONTACT_KERNEL"])
        let reference = try #require(outputs["swift"])
        // 42 items, and the run moved them: the balls flew, the pyramid settled.
        #expect(reference.split(separator: "\n").count == 42)
        #expect(reference.contains("p+") && !reference.contains("nan"))
        for (kernel, output) in outputs { #expect(output == reference, "\(kernel)") }
        #expect(unset.stdout == reference)
    }
}
