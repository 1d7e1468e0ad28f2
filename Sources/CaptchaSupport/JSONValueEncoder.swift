/// Encodes any `Encodable` into a `JSONValue`, keeping object keys in the order `encode(to:)` writes
/// them (for synthesized conformances, the order of the type's `CodingKeys`). A record therefore
/// names its keys once, in its `CodingKeys`, and `JSONWriter` lays the value out; `nil` optionals
/// encoded with `encodeIfPresent` (the synthesized default) leave their key out.
///
/// Integers become `.int`/`.uint`, floating-point numbers `.double`, so the text is what
/// `JSONWriter` prints for those cases. Encoding never fails: nothing here throws, so an error can
/// only come from a type's own `encode(to:)`.
public enum JSONValueEncoder {
  /// The JSON value of `value`.
  public static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
    let root = JSONNode()
    try root.store(value, codingPath: [])
    return root.value
  }
}

/// A JSON value under construction: containers hand out child nodes, which fill in later.
final class JSONNode {
  enum Content {
    case empty
    case scalar(JSONValue)
    case object([(String, JSONNode)])
    case array([JSONNode])
  }

  var content: Content = .empty

  var value: JSONValue {
    switch content {
    case .empty: return .null
    case .scalar(let v): return v
    case .object(let members): return .object(members.map { ($0.0, $0.1.value) })
    case .array(let items): return .array(items.map(\.value))
    }
  }

  /// The child for `key`, created (in order) or reused.
  func member(_ key: String) -> JSONNode {
    if case .object(var members) = content {
      if let found = members.first(where: { $0.0 == key }) { return found.1 }
      let child = JSONNode()
      members.append((key, child))
      content = .object(members)
      return child
    }
    let child = JSONNode()
    content = .object([(key, child)])
    return child
  }

  /// A new element at the end of this array.
  func appended() -> JSONNode {
    let child = JSONNode()
    if case .array(let items) = content {
      content = .array(items + [child])
    } else {
      content = .array([child])
    }
    return child
  }

  func becomeObject() { if case .object = content {} else { content = .object([]) } }
  func becomeArray() { if case .array = content {} else { content = .array([]) } }

  /// Stores `value`: scalars directly, anything else through its own `encode(to:)`.
  func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
    switch value {
    case let v as String: content = .scalar(.string(v))
    case let v as Bool: content = .scalar(.bool(v))
    case let v as Double: content = .scalar(.double(v))
    case let v as Float: content = .scalar(.double(Double(v)))
    case let v as Int: content = .scalar(.int(Int64(v)))
    case let v as Int64: content = .scalar(.int(v))
    case let v as Int32: content = .scalar(.int(Int64(v)))
    case let v as Int16: content = .scalar(.int(Int64(v)))
    case let v as Int8: content = .scalar(.int(Int64(v)))
    case let v as UInt: content = .scalar(.uint(UInt64(v)))
    case let v as UInt64: content = .scalar(.uint(v))
    case let v as UInt32: content = .scalar(.uint(UInt64(v)))
    case let v as UInt16: content = .scalar(.uint(UInt64(v)))
    case let v as UInt8: content = .scalar(.uint(UInt64(v)))
    case let v as JSONValue: content = .scalar(v)
    default: try value.encode(to: JSONNodeEncoder(node: self, codingPath: codingPath))
    }
  }
}

/// The `Encoder` handed to a type's `encode(to:)`: every container writes into one node.
struct JSONNodeEncoder: Encoder {
  let node: JSONNode
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.becomeObject()
    return KeyedEncodingContainer(JSONKeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.becomeArray()
    return JSONUnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    JSONSingleContainer(node: node, codingPath: codingPath)
  }
}

struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: JSONNode
  var codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .scalar(.null) }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try node.member(key.stringValue).store(value, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    JSONNodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
      .container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    JSONNodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    JSONNodeEncoder(node: node.member("super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    JSONNodeEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key])
  }
}

struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
  let node: JSONNode
  var codingPath: [any CodingKey]
  var count: Int {
    if case .array(let items) = node.content { return items.count }
    return 0
  }

  mutating func encodeNil() throws { node.appended().content = .scalar(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.appended().store(value, codingPath: codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    JSONNodeEncoder(node: node.appended(), codingPath: codingPath).container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    JSONNodeEncoder(node: node.appended(), codingPath: codingPath).unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    JSONNodeEncoder(node: node.appended(), codingPath: codingPath)
  }
}

struct JSONSingleContainer: SingleValueEncodingContainer {
  let node: JSONNode
  var codingPath: [any CodingKey]

  mutating func encodeNil() throws { node.content = .scalar(.null) }

  mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
}
