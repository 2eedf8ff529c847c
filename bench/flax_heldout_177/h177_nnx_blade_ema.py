# label: trace-context
# flax-error: TraceContextError: Cannot mutate WearEMA from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 Monitor.run (template method on an nnx.Module) owns the scan; the body calls the subclass hook after_step, which writes self.wear_ema, a Variable subclass
"""Wind turbine blade inspection: drone images of a blade's leading edge are embedded frame by
frame and an exponential moving average of the erosion features is kept on the monitor. The base
monitor's run() is a template method; subclasses provide extract, score and after_step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class WearEMA(nnx.Variable):
    pass


class Monitor(nnx.Module):
    def run(self, frames):
        def body(carry, frame):
            features = self.extract(frame)
            self.after_step(features)
            return carry, self.score(features)

        _, scores = lax.scan(body, None, frames)
        return scores

    def extract(self, frame):
        raise NotImplementedError

    def score(self, features):
        raise NotImplementedError

    def after_step(self, features):
        pass


class BladeWearMonitor(Monitor):
    def __init__(self, pixels: int, rngs: nnx.Rngs, decay: float = 0.9):
        self.encoder = nnx.Linear(pixels, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)
        self.wear_ema = WearEMA(jnp.zeros((8,)))
        self.decay = decay

    def extract(self, frame):
        return nnx.relu(self.encoder(frame)).mean(0)

    def score(self, features):
        return nnx.sigmoid(self.head(features - self.wear_ema[...]))[0]

    def after_step(self, features):
        self.wear_ema[...] = self.decay * self.wear_ema[...] + (1.0 - self.decay) * features


def main():
    monitor = BladeWearMonitor(20, nnx.Rngs(0))
    frames = jax.random.uniform(jax.random.key(1), (6, 3, 20))
    monitor.run(frames).block_until_ready()
    return None
