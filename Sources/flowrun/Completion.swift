import ArgumentParser

extension CompletionKind {
    /// Flow and scenario files (`.yaml`, `.yml`, `.json`) and the folders that hold them, in the bash, zsh and
    /// fish completion scripts (`flowrun --generate-completion-script SHELL`).
    static var flowFiles: CompletionKind { .file(extensions: ["yaml", "yml", "json"]) }
}
