# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 params come in as sweep.params; the 'intermediates' collection that apply returns inside the scan body is handed to the hooks in sweep.hooks, which keep it on themselves
"""Wind-tunnel angle-of-attack sweep: a surrogate maps pressure-tap readings to lift and
drag coefficients and sows its wake features; hooks collect diagnostics for the run report."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class WakeSurrogate(nn.Module):
    width: int = 12

    @nn.compact
    def __call__(self, taps):
        wake = nn.gelu(nn.Dense(self.width)(taps))
        self.sow("intermediates", "wake", wake)
        return nn.Dense(2)(wake)  # (C_L, C_D)


class PeakWakeHook:
    name = "peak_wake"

    def __init__(self):
        self.value = None

    def __call__(self, step, intermediates):
        self.value = jnp.max(jnp.abs(intermediates["wake"][0]))


class LastWakeHook:
    name = "last_wake"

    def __init__(self):
        self.value = None

    def __call__(self, step, intermediates):
        self.value = intermediates["wake"][0]


class TunnelSweep:
    def __init__(self, model, params, hooks=()):
        self.model = model
        self.params = params
        self.hooks = list(hooks)

    def run(self, taps_by_angle):
        def body(lift_sum, xs):
            step, taps = xs
            coeffs, state = self.model.apply({"params": self.params}, taps, mutable=["intermediates"])
            for hook in self.hooks:
                hook(step, state["intermediates"])
            return lift_sum + coeffs[:, 0].mean(), coeffs

        steps = jnp.arange(taps_by_angle.shape[0])
        lift_sum, _ = lax.scan(body, jnp.zeros(()), (steps, taps_by_angle))
        return lift_sum

    def report(self):
        return {hook.name: jnp.asarray(hook.value) * 1.0 for hook in self.hooks}


def main():
    taps = jax.random.normal(jax.random.key(0), (7, 3, 10))  # 7 angles, 3 repeats, 10 taps
    model = WakeSurrogate()
    params = model.init(jax.random.key(1), taps[0])["params"]
    sweep = TunnelSweep(model, params, hooks=[PeakWakeHook(), LastWakeHook()])
    sweep.run(taps)
    sweep.report()
    return None
