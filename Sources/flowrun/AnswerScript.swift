#if Running
    import FlowEngine
    import FlowLoader
    import FlowModel
    import FlowrunFoundation
    import Foundation

    /// Scripted answers from `--input NAME=VALUE` options and an `--answers` YAML or JSON file (`-`: standard
    /// input). Every problem is a ``UsageError``: nothing has run yet.
    enum AnswerScript {
        /// Answers per input, in order: the file's first, then the options'. An `attributes` input (one of
        /// `attributeInputs`) takes `NAME.FIELD=VALUE` options, which fill one answer until a field comes again,
        /// or `NAME={"FIELD": "VALUE", …}`.
        static func answers(
            options: [String], file: String?, attributeInputs: Set<String> = []
        ) throws -> [String: [Value]] {
            var answers: [String: [Value]] = [:]
            if let file {
                for (name, values) in try load(file) { answers[name, default: []] += values }
            }
            // The answer each attributes input's `NAME.FIELD=` options are filling.
            var filling: [String: Int] = [:]
            for (name, value) in try pairs(options, option: "--input") {
                if let dot = name.firstIndex(of: "."), attributeInputs.contains(String(name[..<dot])) {
                    let input = String(name[..<dot])
                    let field = String(name[name.index(after: dot)...])
                    if let index = filling[input], case .object(var object) = answers[input]?[index],
                        object[field] == nil
                    {
                        object[field] = .string(value)
                        answers[input]?[index] = .object(object)
                    } else {
                        filling[input] = answers[input, default: []].count
                        answers[input, default: []].append(.object([field: .string(value)]))
                    }
                } else if attributeInputs.contains(name) {
                    answers[name, default: []].append(try attributes(value, input: name))
                } else {
                    answers[name, default: []].append(.string(value))
                }
            }
            return answers
        }

        /// `{"FIELD": "VALUE", …}` as an attributes answer; numbers and booleans are taken as their text.
        private static func attributes(_ text: String, input: String) throws -> Value {
            let wrong = UsageError(
                "--input \(input): an attributes input takes a JSON object of texts, "
                    + "e.g. \(input)='{\"displayName\": \"Kim\"}', or one --input \(input).FIELD=VALUE a field")
            guard let value = try? JSONDecoder().decode(Value.self, from: Data(text.utf8)),
                case .object(let fields) = value
            else { throw wrong }
            var object: [String: Value] = [:]
            for (field, value) in fields {
                switch value {
                case .string, .integer, .number, .boolean: object[field] = .string(value.description)
                case .list, .object, .null: throw wrong
                }
            }
            return .object(object)
        }

        /// `NAME=VALUE` options as pairs, in order.
        static func pairs(_ options: [String], option: String) throws -> [(String, String)] {
            try options.map { text in
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw UsageError("\(option) takes NAME=VALUE, got `\(text)`")
                }
                return (String(text[..<equals]), String(text[text.index(after: equals)...]))
            }
        }

        private static func load(_ file: String) throws -> [String: [Value]] {
            let read: (root: DataNode?, diagnostics: [Diagnostic])
            if file == "-" {
                let bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
                read = DataFileReader().parse(bytes, file: "-", format: .yaml)
            } else {
                if !FileManager.default.isReadableFile(atPath: file) {
                    let reason = FileManager.default.fileExists(atPath: file) ? "permission denied" : "no such file"
                    throw UsageError("cannot read the answers file \(file): \(reason)")
                }
                let format: DataFormat = FlowPath.pathExtension(file) == "json" ? .json : .yaml
                read = DataFileReader().read(file: file, format: format)
            }
            if let error = read.diagnostics.first(where: { $0.severity == .error }) {
                let place = error.position.map { ":\($0)" } ?? ""
                throw UsageError("the answers file \(file)\(place): \(error.message)")
            }
            guard let root = read.root, case .map(let entries) = root.value else {
                throw UsageError("the answers file \(file) must map input names to answers")
            }
            var answers: [String: [Value]] = [:]
            for entry in entries {
                let values: [DataNode]
                if case .list(let items) = entry.value.value { values = items } else { values = [entry.value] }
                answers[entry.key] = try values.map { try value($0, in: file) }
            }
            return answers
        }

        private static func value(_ node: DataNode, in file: String) throws -> Value {
            switch node.value {
            case .string(let text): return .string(text)
            case .bool(let flag): return .string(String(flag))
            case .int(let number): return .string(String(number))
            case .double(let number): return .string(String(number))
            case .map(let entries):
                var object: [String: Value] = [:]
                for entry in entries { object[entry.key] = try value(entry.value, in: file) }
                return .object(object)
            case .null, .list:
                throw UsageError(
                    "the answers file \(file):\(node.position): an answer "
                        + "must be text or a map, not \(node.kindDescription)"
                )
            }
        }
    }
#endif
