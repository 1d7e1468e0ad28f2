import ArgumentParser
import CaptchaKit
import Foundation
import Logging

/// `serve --log-format`: how log lines on standard error look.
enum LogFormat: String, ExpressibleByArgument, CaseIterable {
  /// swift-log's text lines: time, level, label, `key=value` fields, message.
  case text
  /// One JSON object per line (`time`, `level`, `logger`, `message`, then the fields), for log
  /// collectors.
  case json

  /// Sends the process's logs to standard error in this format.
  func bootstrap() {
    switch self {
    case .text: LoggingSystem.bootstrap { @Sendable label in StreamLogHandler.standardError(label: label) }
    case .json: LoggingSystem.bootstrap { @Sendable label in JSONLogHandler(label: label) }
    }
  }
}

/// A swift-log handler that writes each entry as one line of compact JSON on standard error, in
/// one write (lines from different threads never interleave). Metadata values are strings.
struct JSONLogHandler: LogHandler {
  let label: String
  var logLevel: Logger.Level = .info
  var metadata: Logger.Metadata = [:]
  var metadataProvider: Logger.MetadataProvider?

  /// The members every line starts with, in order.
  static let fixedKeys: Set<String> = ["time", "level", "logger", "message"]

  init(label: String) {
    self.label = label
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var fields = metadata
    if let provided = metadataProvider?.get() { fields.merge(provided) { $1 } }
    if let explicit = event.metadata { fields.merge(explicit) { $1 } }
    if let error = event.error { fields["error"] = "\(error)" }
    let text = Self.line(level: event.level, label: label, message: "\(event.message)", fields: fields)
    _ = writeAll(fd: 2, Array((text + "\n").utf8))
  }

  /// The JSON text of one entry (without the line break).
  static func line(
    level: Logger.Level, label: String, message: String, fields: Logger.Metadata, time: Date = Date()
  )
    -> String
  {
    var members: [(String, JSONValue)] = [
      ("time", .string(Date.ISO8601FormatStyle(includingFractionalSeconds: true).format(time))),
      ("level", .string(level.rawValue)), ("logger", .string(label)), ("message", .string(message)),
    ]
    for key in fields.keys.sorted() where !fixedKeys.contains(key) {
      members.append((key, .string("\(fields[key]!)")))
    }
    return JSONWriter.text(.object(members), layout: .compact)
  }
}
