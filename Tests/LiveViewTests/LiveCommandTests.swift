import Dynamics
import Foundation
import Testing
@testable import LiveView

@Suite struct LiveCommandTests {
    @Test func understandsEveryCommandThePageSends() {
        #expect(LiveCommand.parse(#"{"cmd":"pause"}"#) == .pause)
        #expect(LiveCommand.parse(#"{"cmd":"play"}"#) == .play)
        #expect(LiveCommand.parse(#"{"cmd":"step"}"#) == .step)
        #expect(LiveCommand.parse(#"{"cmd":"reset"}"#) == .reset)
        #expect(LiveCommand.parse(#"{"cmd":"release"}"#) == .release)
        #expect(LiveCommand.parse(#"{"cmd":"drag","scene":2,"item":1,"x":10.5,"y":-3}"#)
                == .drag(scene: 2, item: 1, target: Vector(10.5, -3)))
        #expect(LiveCommand.parse(#"{"cmd":"gravity","value":0.5}"#) == .gravity(0.5))
        #expect(LiveCommand.parse(#"{"cmd":"item","scene":1,"item":0,"property":"friction","value":0.3}"#)
                == .itemProperty(scene: 1, item: 0, property: .friction, value: 0.3))
        // Unknown fields are ignored and null is as good as absent, as long as the command has what it needs.
        #expect(LiveCommand.parse(#"{"cmd":"pause","extra":[1,{"a":null}]}"#) == .pause)
        #expect(LiveCommand.parse(#" {"value":0.5, "scene":null, "cmd":"gravity"} "#) == .gravity(0.5))
        #expect(LiveCommand.parse(#"{"cmd":"drag","scene":2,"item":1.0,"x":1e2,"y":-0}"#)
                == .drag(scene: 2, item: 1, target: Vector(100, 0)))
    }

    @Test(arguments: [
        "", "not json", "[1,2]", "{}", #"{"cmd":"fly"}"#, #"{"cmd":7}"#,
        #"{"cmd":"drag","scene":1,"item":"a","x":1,"y":2}"#, #"{"cmd":"drag","scene":1,"item":1.5,"x":1,"y":2}"#,
        #"{"cmd":"drag","scene":1,"item":0,"x":1e300,"y":2}"#, #"{"cmd":"gravity","value":-1}"#,
        #"{"cmd":"gravity","value":true}"#, #"{"cmd":"item","scene":1,"item":0,"property":"mass","value":1}"#,
        #"{"cmd":"item","scene":1,"item":0,"property":"density","value":0}"#,
        // A known field of the wrong type spoils the message, whichever command it is for.
        #"{"cmd":"pause","x":"a"}"#, #"{"cmd":"play","item":true}"#, #"{"cmd":"drag","scene":1,"item":0,"x":1,"y":null}"#,
        // Not strict JSON, or too long to be a command.
        #"{"cmd":"pause",}"#, #"{'cmd':'pause'}"#, #"{"cmd":"pause"} x"#, #"{"cmd":"pause","cmd":"play"}"#,
        #"{"cmd":"pause","pad":""# + String(repeating: " ", count: 4096) + #""}"#,
    ])
    func dropsMalformedMessages(_ text: String) {
        #expect(LiveCommand.parse(text) == nil)
    }

    @Test func writesNumbersWithAtMostThreeDecimals() throws {
        var j = LiveJSON()
        j.numbers([0, 1, -1.5, 0.0004, 0.0005, 123.4567, -0.25, .nan, .infinity, 1e20, 0.05, 10.005, -1234567.02, 0.5])
        #expect(j.text == "[0,1,-1.5,0,0.001,123.457,-0.25,0,0,0,0.05,10.005,-1234567.02,0.5]")
        // Whatever the number, what is written reads back within half a thousandth.
        for k in 0..<2000 {
            // A fixed spread of values over twelve orders of magnitude, both signs.
            let x = sin(Double(k) * 12.9898) * 43758.5453 * [1, 10, 1e-3, 1e-6, 20][k % 5]
            var one = LiveJSON()
            one.number(x)
            let back = try #require(Double(one.text))
            #expect(abs(back - x) <= 0.0005 + 1e-9 * abs(x), "\(x) -> \(one.text)")
        }
        var s = LiveJSON()
        s.string("a\"b\\c\n\u{1}")
        #expect(s.text == #""a\"b\\c\n\u0001""#)
    }
}
