// The proof of work's types (PowSettings, PowPuzzle, PowSolution) are part of this library's API
// (ServiceSettings.pow, ChallengeService.verify): re-exported so that users need no other product.
@_exported import CaptchaProofOfWork
