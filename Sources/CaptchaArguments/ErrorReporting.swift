import ArgumentParser
import CaptchaKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one line to standard error.
public func printError(_ line: String) {
  writeAll(fd: 2, Array((line + "\n").utf8))
}

/// Runs a command body, turning a library error into one sentence on stderr and its sysexits code
/// (`CommandLineWording`). Every subcommand's `run()` goes through this so errors look the same
/// everywhere.
public func reportingErrors<T>(_ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch {
    guard let report = CommandLineWording.report(error) else { throw error }
    printError("captcha-gen: \(report.message)")
    throw ExitCode(report.exitCode)
  }
}

/// A usage error (exit 64) raised from option validation, worded like the library's errors.
public func usageError(_ message: String) -> CaptchaError {
  CaptchaError(.usage, message)
}
