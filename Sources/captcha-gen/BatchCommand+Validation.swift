import ArgumentParser

extension BatchCommand {
  /// The rules about which of batch's own options go together (ArgumentParser runs this after
  /// parsing; a broken rule is a usage error, exit 64). The captcha options' rules are
  /// `MakeOptionGroup.validate()`'s.
  func validate() throws {
    if images != nil && list != nil {
      throw ValidationError("Give either --images or --list, not both.")
    }
    if seed == nil && (shard != nil || resume) {
      throw ValidationError("--shard and --resume need --seed, so every run derives the same items.")
    }
  }
}
