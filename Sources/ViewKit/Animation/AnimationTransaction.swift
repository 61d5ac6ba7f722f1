/// Options of `View.animate` (UIView.AnimationOptions): the curve.
public struct AnimationOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let curveEaseInOut = AnimationOptions([])
    public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
    public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
    public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

    var curve: TimingCurve {
        switch rawValue & (3 << 16) {
        case AnimationOptions.curveEaseIn.rawValue: return .easeIn
        case AnimationOptions.curveEaseOut.rawValue: return .easeOut
        case AnimationOptions.curveLinear.rawValue: return .linear
        default: return .easeInOut
        }
    }
}

/// The `animate` blocks being run. UIKit's API is static (`UIView.animate`), so the open blocks are
/// kept here, on the main actor; the animations themselves belong to each window's `Animator`.
@MainActor
enum AnimationTransaction {
    struct Context {
        let duration: Double
        let delay: Double
        let timing: AnimationTiming
        let group: AnimationGroup
    }

    private(set) static var stack: [Context] = []

    static var current: Context? { stack.last }

    static func run(_ context: Context, _ animations: () -> Void) {
        stack.append(context)
        animations()
        stack.removeLast()
        context.group.commit()
    }
}

extension View {
    /// Animates the changes made in `animations` over `duration` seconds after `delay`, on the options' curve.
    /// Model values change at once; the screen follows. `completion` gets false if the animation was interrupted.
    public static func animate(withDuration duration: Double, delay: Double = 0, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        AnimationTransaction.run(.init(duration: duration, delay: delay, timing: .curve(options.curve),
                                       group: AnimationGroup(completion: completion)), animations)
    }

    /// Animates with a damped spring (UIKit's spring animation): damping ratio below 1 overshoots;
    /// the initial velocity is in animation distances per second.
    public static func animate(withDuration duration: Double, delay: Double = 0, usingSpringWithDamping damping: Double,
                               initialSpringVelocity velocity: Double, options: AnimationOptions = [],
                               animations: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let spring = Spring(duration: duration, dampingRatio: damping, initialVelocity: velocity)
        AnimationTransaction.run(.init(duration: duration, delay: delay, timing: .spring(spring),
                                       group: AnimationGroup(completion: completion)), animations)
    }

    /// Runs `actions` with animations off, even inside an animate block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        AnimationTransaction.run(.init(duration: 0, delay: 0, timing: .curve(.linear), group: AnimationGroup(completion: nil)), actions)
    }
}
