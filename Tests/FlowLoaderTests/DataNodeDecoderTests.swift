import FlowLoader
import FlowModel
import Testing

/// Configuration types decode from the positioned tree, and every error says where.
@Suite struct DataNodeDecoderTests {
    struct Codes: Decodable, Equatable {
        var length: Int
        var label: String?
        var ratio: Double?
    }

    struct Settings: Decodable, Equatable {
        var tenant: String
        var codes: Codes
        var clients: [String]
    }

    func tree(_ yaml: String) throws -> DataNode {
        try #require(DataFileReader().parse(Array(yaml.utf8), file: "settings.yaml").root)
    }

    @Test func decodesNestedMapsListsAndScalars() throws {
        let node = try tree("tenant: 1234\ncodes: { length: 8, ratio: 2 }\nclients: [a, b]\n")
        let settings = try DataNodeDecoder().decode(Settings.self, from: node)
        #expect(settings == Settings(tenant: "1234", codes: Codes(length: 8, ratio: 2), clients: ["a", "b"]))
    }

    @Test func aWrongTypeIsLocatedAtTheValue() throws {
        let node = try tree("tenant: contoso\ncodes:\n  length: eight\nclients: []\n")
        #expect {
            try DataNodeDecoder().decode(Settings.self, from: node)
        } throws: { error in
            guard let error = error as? DataDecodingError else { return false }
            return error.position == SourcePosition(line: 3, column: 11) && error.path == "codes.length"
                && error.message == "expected an integer"
        }
    }

    @Test func aWrongListItemIsLocatedByIndex() throws {
        let node = try tree("tenant: contoso\ncodes: { length: 8 }\nclients:\n  - a\n  - [b]\n")
        #expect {
            try DataNodeDecoder().decode(Settings.self, from: node)
        } throws: { error in
            guard let error = error as? DataDecodingError else { return false }
            return error.position == SourcePosition(line: 5, column: 5) && error.path == "clients[1]"
        }
    }

    @Test func aMissingKeyIsLocatedAtItsMap() throws {
        let node = try tree("tenant: contoso\ncodes:\n  label: x\nclients: []\n")
        #expect {
            try DataNodeDecoder().decode(Settings.self, from: node)
        } throws: { error in
            guard let error = error as? DataDecodingError else { return false }
            return error.position == SourcePosition(line: 3, column: 3) && error.message == "missing key 'length'"
        }
    }

    @Test func anIntegerOutOfRangeIsRefused() throws {
        let node = try tree("300")
        #expect(throws: DataDecodingError.self) { try DataNodeDecoder().decode(UInt8.self, from: node) }
        #expect(try DataNodeDecoder().decode(UInt16.self, from: node) == 300)
    }
}
