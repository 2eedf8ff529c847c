# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 ShiftReplay.run -> self.callbacks (CallbackList) -> each hook's on_step stores the sown 'intermediates' collection returned by model.apply inside the scan body
"""Port crane wear: replays a shift of container lifts through a wire-rope wear model and
lets monitoring hooks watch the predicted wear after each lift."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RopeWearModel(nn.Module):
    sheaves: int = 4

    @nn.compact
    def __call__(self, lift):
        load = nn.Dense(self.sheaves)(lift)
        self.sow("intermediates", "sheave_load", load)
        return nn.softplus(load)


class PeakWearHook:
    def __init__(self):
        self.samples = []

    def on_step(self, intermediates):
        (load,) = intermediates["sheave_load"]
        self.samples.append(load)

    def report(self):
        return float(jnp.max(jnp.stack(self.samples)))


class CallbackList:
    def __init__(self, hooks):
        self.hooks = list(hooks)

    def on_step(self, intermediates):
        for hook in self.hooks:
            hook.on_step(intermediates)

    def reports(self):
        return [hook.report() for hook in self.hooks]


class ShiftReplay:
    def __init__(self, model, variables, callbacks):
        self.model = model
        self.variables = variables
        self.callbacks = callbacks

    def run(self, lifts):
        def lift_step(cumulative, lift):
            wear, state = self.model.apply(self.variables, lift, mutable=["intermediates"])
            self.callbacks.on_step(state["intermediates"])
            return cumulative + wear, None

        total, _ = scan(lift_step, jnp.zeros(self.model.sheaves), lifts)
        return total, self.callbacks.reports()


def main():
    model = RopeWearModel()
    lifts = jax.random.uniform(jax.random.key(11), (10, 3))
    variables = model.init(jax.random.key(0), lifts[0])
    ShiftReplay(model, variables, CallbackList([PeakWearHook()])).run(lifts)
    return None
