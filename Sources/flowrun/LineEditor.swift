#if Running
    /// One line being typed at a terminal: the keys people press, as bytes, become edits of the text and the
    /// cursor. Arrows, Home/End (and Ctrl-A/E, Ctrl-B/F), Backspace and Delete anywhere in the line, Ctrl-U (to the
    /// start), Ctrl-K (to the end) and Ctrl-W (the word before the cursor), bracketed paste; every other escape
    /// sequence and control character is dropped, so it never becomes part of the answer.
    struct LineEditor {
        /// What a byte did to the line.
        enum Step: Equatable {
            /// Nothing visible changed (a byte of a longer sequence or character, or an ignored key).
            case pending
            /// The text or the cursor changed: draw the line again.
            case changed
            /// Enter: the answer.
            case done(String)
            /// Ctrl-C, or Ctrl-D on an empty line.
            case cancelled
        }

        private(set) var characters: [Character] = []
        /// Where the next character goes: 0 … `characters.count`.
        private(set) var cursor = 0
        private var escape: [UInt8]?
        private var utf8: [UInt8] = []
        private var pasting = false

        var text: String { String(characters) }

        mutating func feed(_ byte: UInt8) -> Step {
            if escape != nil { return continueEscape(byte) }
            if !utf8.isEmpty || byte >= 0x80 { return continueCharacter(byte) }
            switch byte {
            case 0x1B:
                escape = []
                return .pending
            case 0x0A, 0x0D:
                return pasting ? .pending : .done(text)
            case 0x03: return .cancelled
            case 0x04: return characters.isEmpty ? .cancelled : deleteAtCursor()
            case 0x01: return move(to: 0)
            case 0x05: return move(to: characters.count)
            case 0x02: return move(to: cursor - 1)
            case 0x06: return move(to: cursor + 1)
            case 0x7F, 0x08: return deleteBeforeCursor()
            case 0x15: return remove(0..<cursor)
            case 0x0B: return remove(cursor..<characters.count)
            case 0x17: return deleteWordBeforeCursor()
            case 0x20...0x7E: return insert(Character(Unicode.Scalar(byte)))
            default: return .pending
            }
        }

        // MARK: Sequences

        /// `ESC [ params final`, `ESC O final`; anything else after ESC ends the sequence and is dropped.
        private mutating func continueEscape(_ byte: UInt8) -> Step {
            guard var sequence = escape else { return .pending }
            sequence.append(byte)
            escape = sequence
            if sequence.count == 1 {
                if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") { return .pending }
                escape = nil
                return .pending
            }
            // A parameter or intermediate byte: the sequence goes on (bounded, so garbage cannot grow forever).
            if (0x20...0x3F).contains(byte), sequence.count < 16 { return .pending }
            escape = nil
            guard (0x40...0x7E).contains(byte) else { return .pending }
            let parameters = String(decoding: sequence.dropFirst().dropLast(), as: UTF8.self)
            switch (Character(Unicode.Scalar(byte)), parameters) {
            case ("D", _): return move(to: cursor - 1)
            case ("C", _): return move(to: cursor + 1)
            case ("H", _), ("~", "1"), ("~", "7"): return move(to: 0)
            case ("F", _), ("~", "4"), ("~", "8"): return move(to: characters.count)
            case ("~", "3"): return deleteAtCursor()
            case ("~", "200"):
                pasting = true
                return .pending
            case ("~", "201"):
                pasting = false
                return .pending
            default: return .pending
            }
        }

        /// Collects the bytes of one UTF-8 character; an invalid one is dropped.
        private mutating func continueCharacter(_ byte: UInt8) -> Step {
            utf8.append(byte)
            let lead = utf8[0]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            if length == 1 || (utf8.count > 1 && byte & 0xC0 != 0x80) {
                utf8 = []
                return .pending
            }
            guard utf8.count == length else { return .pending }
            defer { utf8 = [] }
            var decoded = String(decoding: utf8, as: UTF8.self)
            guard let character = decoded.popLast(), decoded.isEmpty, character != "\u{FFFD}" else { return .pending }
            return insert(character)
        }

        // MARK: Edits

        private mutating func insert(_ character: Character) -> Step {
            characters.insert(character, at: cursor)
            cursor += 1
            return .changed
        }

        private mutating func move(to position: Int) -> Step {
            let clamped = min(max(position, 0), characters.count)
            guard clamped != cursor else { return .pending }
            cursor = clamped
            return .changed
        }

        private mutating func deleteBeforeCursor() -> Step {
            guard cursor > 0 else { return .pending }
            return remove((cursor - 1)..<cursor)
        }

        private mutating func deleteAtCursor() -> Step {
            guard cursor < characters.count else { return .pending }
            return remove(cursor..<(cursor + 1))
        }

        /// The spaces before the cursor, then the word before them.
        private mutating func deleteWordBeforeCursor() -> Step {
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            return remove(start..<cursor)
        }

        private mutating func remove(_ range: Range<Int>) -> Step {
            guard !range.isEmpty else { return .pending }
            characters.removeSubrange(range)
            if cursor > range.lowerBound { cursor = max(range.lowerBound, cursor - range.count) }
            return .changed
        }
    }
#endif
