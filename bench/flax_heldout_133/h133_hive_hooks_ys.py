# label: ok
# flax-error: none
# class: 4 BroodMonitor passes itself to every function in its hooks tuple from inside its scan body; the hook values leave as ys and are sown after the loop
import jax
import jax.numpy as jnp
import flax.linen as nn


def record_activity(module, activity):
    return activity.mean()


def record_peak(module, activity):
    return activity.max()


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
            return activity, tuple(hook(self, activity) for hook in self.hooks)

        final, recorded = jax.lax.scan(body, state0, frames)
        for hook, values in zip(self.hooks, recorded):
            self.sow("intermediates", hook.__name__.removeprefix("record_"), values)
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
