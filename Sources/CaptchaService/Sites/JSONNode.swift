#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Any JSON value, read as it is, for files checked key by key (`SitesFile`).
enum JSONNode: Decodable, Equatable {
  case object([String: JSONNode])
  case array([JSONNode])
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONNode].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONNode].self))
    }
  }

  /// Parses `bytes`; nil when they are not JSON.
  static func parse(_ bytes: [UInt8]) -> JSONNode? {
    try? JSONDecoder().decode(JSONNode.self, from: Data(bytes))
  }

  /// "a string", "a list"… for sentences about a value of the wrong type.
  var typeDescription: String {
    switch self {
    case .object: return "an object"
    case .array: return "a list"
    case .string: return "a string"
    case .number: return "a number"
    case .bool: return "true or false"
    case .null: return "null"
    }
  }
}
