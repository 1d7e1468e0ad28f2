import CaptchaBatch
import CaptchaCheck
import CaptchaImaging
import CaptchaKinds
import CaptchaSupport
import VectorRaster

extension CaptchaBatch {
  /// A batch engine that also runs the self-attack on every item, on the writer thread that wrote
  /// it, and adds the report to `tally`. Items are attacked from their files as written (what a client
  /// gets), so items skipped by `--resume` are checked the same way. The files and the manifest are
  /// exactly those of `engine(request:kind:)`; an item that cannot be read back counts in the
  /// tally as not checked and is still made.
  public static func engine(
    request: BatchRequest, kind: any CaptchaKind, checkingInto tally: SelfAttackTally
  ) -> BatchEngine<BatchBackground> {
    var engine = engine(request: request, kind: kind)
    let make = engine.make
    let existing = engine.existing
    engine.make = { item, background in
      let pending = try make(item, background)
      return PendingItem {
        let record = try pending.write()
        check(item, into: tally)
        return record
      }
    }
    engine.existing = { item in
      guard let record = existing(item) else { return nil }
      check(item, into: tally)
      return record
    }
    return engine
  }

  /// Attacks the captcha in `item`'s folder and records the result.
  static func check(_ item: BatchItem, into tally: SelfAttackTally) {
    do {
      tally.add(try KindCatalog.selfAttack(folder: item.folderPath))
    } catch {
      tally.addError()
    }
  }
}
