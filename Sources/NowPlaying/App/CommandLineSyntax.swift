/// A command line's syntax declared as a table — its positional arguments and its options, each with its help —
/// from which it is parsed and its help written. Parsing is string comparisons: swift-argument-parser, which the
/// app used before, reflected on the command's properties and parsed two more commands' worth of them for its
/// completion scripts at every start, 10 million instructions and about 2 ms of the interface thread before the
/// window could open (README, Performance). Its conventions are kept: `--name value` or `--name=value`, options
/// anywhere among the arguments, `--` before arguments that start with a dash, the last of a repeated option
/// winning, help asked anywhere, its messages and its help's layout (at 80 columns). Its shell completion scripts
/// (`--generate-completion-script`) are not.
struct CommandLineSyntax<Command> {
    /// One option: a flag, or an option that takes a value.
    struct Option {
        enum Kind {
            case flag(WritableKeyPath<Command, Bool>)
            /// Sets the value on the command; throws `Invalid` (with a reason, or none) for a value it refuses.
            case value(name: String, set: (inout Command, String) throws -> Void)
        }

        /// The long name, without its dashes.
        let name: String
        let kind: Kind
        let help: String
        /// The values it takes, where they are a fixed list (shown in the help and in the error for another).
        var values: [String] = []
        /// The value it has when not given, shown in the help.
        var defaultValue: String?
        /// Left out of the help (options for tools rather than users).
        var isHidden = false

        /// "--name <value>", as the help and the errors name it.
        var label: String {
            switch kind {
            case .flag: "--\(name)"
            case .value(let value, _): "--\(name) <\(value)>"
            }
        }
    }

    /// A value an option refuses, with why when there is more to say than that it is not valid.
    struct Invalid: Error {
        var reason: String?
    }

    let commandName: String
    let abstract: String
    /// The positional arguments: their name in the help, their help, and where they go.
    let positional: (name: String, help: String, key: WritableKeyPath<Command, [String]>)
    let options: [Option]

    /// The command with the options and arguments of `arguments` (without the program's name) set on `command`.
    /// Throws `CommandLineError.helpRequested` for `-h` or `--help`, and a usage error for anything else amiss.
    func parse(_ arguments: [String], into command: Command) throws -> Command {
        // Help is looked for first: asked anywhere before `--`, it is given whatever else is amiss.
        if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
            throw CommandLineError.helpRequested
        }
        var command = command
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                command[keyPath: positional.key] += rest
                break
            }
            guard Self.isOption(argument) else {
                command[keyPath: positional.key].append(argument)
                continue
            }
            let (name, attached) = Self.split(argument)
            guard name.hasPrefix("--"), let option = options.first(where: { $0.name == name.dropFirst(2) }) else {
                throw CommandLineError.usage("Unknown option '\(name)'", help: nil)
            }
            switch option.kind {
            case .flag(let key):
                if let attached {
                    throw CommandLineError.usage("The option '\(name)' does not take any value, but '\(attached)' was specified.", help: nil)
                }
                command[keyPath: key] = true
            case .value(_, let set):
                // A value is the next argument unless that is an option (`--state-dir --paused` lacks one).
                guard let value = attached ?? rest.first.flatMap({ Self.isOption($0) ? nil : rest.popFirst() }) else {
                    throw CommandLineError.usage("Missing value for '\(option.label)'", help: helpLine(option))
                }
                do {
                    try set(&command, value)
                } catch let invalid as Invalid {
                    let choices = option.values.isEmpty ? ""
                        : ". Please provide one of \(Self.listed(option.values.map { "'\($0)'" }))."
                    throw CommandLineError.usage("The value '\(value)' is invalid for '\(option.label)'"
                                                 + (invalid.reason.map { ": \($0)" } ?? "") + choices, help: helpLine(option))
                }
            }
        }
        return command
    }

    /// Whether an argument names an option (a dash and more), rather than being a value or a path.
    private static func isOption(_ argument: String) -> Bool { argument.hasPrefix("-") && argument != "-" }

    /// "--name=value" → ("--name", "value"); anything else whole, with no value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
    private static func listed(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// The one line an error quotes of an option's help.
    private func helpLine(_ option: Option) -> String { "\(option.label)  \(option.help)" }

    var usage: String { "\(commandName) [<options>] [<\(positional.name)> ...]" }

    /// The help `--help` prints: the abstract, the usage, then each argument and option with its help, wrapped to
    /// 80 columns with the help in a column of its own.
    var help: String {
        var lines = Self.wrapped("OVERVIEW: " + abstract, width: 79)
        lines += ["", "USAGE: " + usage, "", "ARGUMENTS:"]
        lines += Self.entry("<\(positional.name)>", positional.help)
        lines += ["", "OPTIONS:"]
        for option in options where !option.isHidden {
            var text = option.help
            var notes: [String] = []
            if !option.values.isEmpty { notes.append("values: " + option.values.joined(separator: ", ")) }
            if let value = option.defaultValue { notes.append("default: " + value) }
            if !notes.isEmpty { text += " (" + notes.joined(separator: "; ") + ")" }
            lines += Self.entry(option.label, text)
        }
        lines += Self.entry("-h, --help", "Show help information.")
        return lines.joined(separator: "\n") + "\n\n"
    }

    /// An argument or option in the help: its label indented by 2, its text in a column at 26 (on the next line
    /// after a longer label).
    private static func entry(_ label: String, _ text: String) -> [String] {
        let column = 26
        var body = wrapped(text, width: 79 - column)
        let head = "  " + label
        if head.count + 2 <= column, !body.isEmpty {
            let first = body.removeFirst()
            return [head + String(repeating: " ", count: column - head.count) + first]
                + body.map { String(repeating: " ", count: column) + $0 }
        }
        return [head] + body.map { String(repeating: " ", count: column) + $0 }
    }

    /// `text` in lines of at most `width` characters, broken between words.
    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// Why a command line was not run as given.
enum CommandLineError: Error, CustomStringConvertible {
    /// `-h` or `--help`: the help is printed and nothing runs.
    case helpRequested
    /// An argument the command does not take, or an option's value it refuses (with that option's help line).
    case usage(String, help: String?)

    var description: String {
        switch self {
        case .helpRequested: "Help was asked for."
        case .usage(let message, _): message
        }
    }
}
