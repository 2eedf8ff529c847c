# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 BroodMonitor passes itself to every function in its hooks tuple from inside its scan body, and a hook calls module.sow into "intermediates"
import jax
import jax.numpy as jnp
import flax.linen as nn


def record_activity(module, activity):
    module.sow("intermediates", "activity", activity.mean())


def record_peak(module, activity):
    module.sow("intermediates", "peak", activity.max())


class BroodMonitor(nn.Module):
    """Reads acoustic frames from a hive and tracks brood activity frame by frame."""

    channels: int = 5
    hooks: tuple = ()

    @nn.compact
    def __call__(self, frames):
        encoder = nn.Dense(self.channels, name="encoder")
        state0 = encoder(frames[0]) * 0.0

        def body(state, frame):
            activity = nn.relu(encoder(frame) + 0.5 * state)
            for hook in self.hooks:
                hook(self, activity)
            return activity, None

        final, _ = jax.lax.scan(body, state0, frames)
        return final


class HiveReport:
    def __init__(self, model, params):
        self.model = model
        self.params = params

    def run(self, frames):
        _, inter = self.model.apply({"params": self.params}, frames, mutable=["intermediates"])
        acts = jnp.stack(inter["intermediates"]["activity"])
        peaks = jnp.stack(inter["intermediates"]["peak"])
        return jnp.mean(acts), jnp.max(peaks)


def main():
    frames = jnp.cos(jnp.arange(12 * 2 * 5, dtype=jnp.float32) / 7.0).reshape(12, 2, 5)
    model = BroodMonitor(hooks=(record_activity, record_peak))
    params = model.init(jax.random.key(3), frames)["params"]
    report = HiveReport(model, params)
    jax.block_until_ready(report.run(frames))
    return None
