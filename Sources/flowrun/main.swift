// The entry point. ArgumentParser's own `main()` exits 64 (EX_USAGE) on a usage error; flowrun's documented
// exit codes use 2 for that, so parsing and running happen here and the exit code is mapped.
await FlowrunEntry.main(Array(CommandLine.arguments.dropFirst()))
