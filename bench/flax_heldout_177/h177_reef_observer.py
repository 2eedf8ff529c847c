# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "bleached_frames" in "/" because collection "tally" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 ReefObserver.probe is model.bind(variables) without mutable collections; the while_loop body notifies the observer, whose probe counts bleached frames in its 'tally' collection
"""Coral reef survey: frames from a diver transect camera are scored for bleaching until enough
coverage is recorded. An observer is notified after each frame; it holds the bleaching probe bound
to its variables and lets the probe tally bleached frames."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class BleachingProbe(nn.Module):
    def setup(self):
        self.encoder = nn.Dense(8)
        self.head = nn.Dense(1)
        self.tally = self.variable("tally", "bleached_frames", lambda: jnp.zeros((), jnp.int32))

    def __call__(self, frame):
        return nn.sigmoid(self.head(nn.relu(self.encoder(frame))))[..., 0]

    def record(self, frame):
        p = self(frame)
        self.tally.value = self.tally.value + (p.mean() > 0.5).astype(jnp.int32)
        return p


class ReefObserver:
    def __init__(self, probe):
        self.probe = probe

    def notify(self, step, frame):
        return self.probe.record(frame).mean()


def survey(observer, frames, coverage_needed):
    def cond(state):
        step, coverage = state
        return (step < frames.shape[0]) & (coverage < coverage_needed)

    def body(state):
        step, coverage = state
        bleached = observer.notify(step, frames[step])
        return step + 1, coverage + bleached

    return while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0)))


def main():
    model = BleachingProbe()
    frames = jax.random.uniform(jax.random.key(0), (12, 4, 9))
    variables = model.init(jax.random.key(1), frames[0])
    observer = ReefObserver(model.bind(variables))
    steps, coverage = survey(observer, frames, coverage_needed=3.0)
    coverage.block_until_ready()
    return None
