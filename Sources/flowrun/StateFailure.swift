#if Running
    import NativeAuth
    import NativeAuthEmulator

    /// A state folder that cannot be written (the disk full, the folder read-only): one line in words, exit 1.
    enum StateFailure {
        /// `could not save the run's state in .flowrun: the disk is full` when `error` is a failure of the disk or
        /// of the folder; nil for any other error.
        static func failure(_ error: any Error, folder: String) -> CommandFailure? {
            let storage =
                (error as? FileAccountStoreError).flatMap { StorageFailure(errno: $0.code, folder: folder) }
                ?? StorageFailure(error, folder: folder)
            return storage.map(failure)
        }

        /// The failure of a store that could not read or write its database in `folder` during a run.
        static func failure(writingIn folder: String) -> CommandFailure {
            failure(StorageFailure(writingIn: folder))
        }

        private static func failure(_ storage: StorageFailure) -> CommandFailure {
            CommandFailure("could not save the run's state in \(storage.folder): \(storage.reason)")
        }
    }
#endif
