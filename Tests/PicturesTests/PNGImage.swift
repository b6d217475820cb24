/// A decoded 8-bit RGB or RGBA, non-interlaced PNG: what headless Chromium writes for screenshots.
struct PNGImage {
    let width: Int
    let height: Int
    /// Red, green, blue per pixel, row by row (alpha dropped).
    let rgb: [UInt8]

    func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        let i = (y * width + x) * 3
        return (rgb[i], rgb[i + 1], rgb[i + 2])
    }

    /// Decodes `bytes`; nil for anything malformed or in a form this reader does not handle.
    init?(bytes: [UInt8]) {
        let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        guard bytes.count > 8, Array(bytes[0..<8]) == signature else { return nil }
        var at = 8
        var header: [UInt8] = []
        var data: [UInt8] = []
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            guard length >= 0, at + 12 + length <= bytes.count else { return nil }
            let body = bytes[(at + 8)..<(at + 8 + length)]
            if type == "IHDR" { header = Array(body) }
            if type == "IDAT" { data += body }
            if type == "IEND" { break }
            at += 12 + length
        }
        guard header.count == 13 else { return nil }
        func be32(_ i: Int) -> Int { Int(header[i]) << 24 | Int(header[i + 1]) << 16 | Int(header[i + 2]) << 8 | Int(header[i + 3]) }
        let width = be32(0), height = be32(4)
        let depth = header[8], colorType = header[9], interlace = header[12]
        guard width > 0, height > 0, width < 20000, height < 20000, depth == 8, interlace == 0,
              colorType == 2 || colorType == 6 else { return nil }
        let channels = colorType == 6 ? 4 : 3
        let stride = width * channels
        guard let raw = Inflate.zlib(data), raw.count == height * (stride + 1) else { return nil }

        var pixels = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let src = y * (stride + 1) + 1
            let row = y * stride
            for i in 0..<stride {
                let x = Int(raw[src + i])
                let a = i >= channels ? Int(pixels[row + i - channels]) : 0
                let b = y > 0 ? Int(pixels[row - stride + i]) : 0
                let c = (i >= channels && y > 0) ? Int(pixels[row - stride + i - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
                default: return nil
                }
                pixels[row + i] = UInt8((x + predicted) & 0xff)
            }
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for p in 0..<(width * height) {
            for k in 0..<3 { rgb[p * 3 + k] = pixels[p * channels + k] }
        }
        self.width = width; self.height = height; self.rgb = rgb
    }
}
