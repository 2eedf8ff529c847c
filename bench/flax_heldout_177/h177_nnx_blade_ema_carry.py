# label: ok
# flax-error: none
# class: 1 Monitor.run (template method on an nnx.Module) owns the scan; the hook state (the WearEMA Variable's value) travels in the carry and is written back with commit after the loop
"""Wind turbine blade inspection: drone images of a blade's leading edge are embedded frame by
frame and an exponential moving average of the erosion features is kept on the monitor. The base
monitor's run() is a template method; the hook state goes through the scan carry and is committed
to the Variable once the loop is over."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class WearEMA(nnx.Variable):
    pass


class Monitor(nnx.Module):
    def run(self, frames):
        def body(hook_state, frame):
            features = self.extract(frame)
            score = self.score(hook_state, features)
            return self.after_step(hook_state, features), score

        hook_state, scores = lax.scan(body, self.hook_state(), frames)
        self.commit(hook_state)
        return scores

    def extract(self, frame):
        raise NotImplementedError

    def score(self, hook_state, features):
        raise NotImplementedError

    def hook_state(self):
        return None

    def after_step(self, hook_state, features):
        return hook_state

    def commit(self, hook_state):
        pass


class BladeWearMonitor(Monitor):
    def __init__(self, pixels: int, rngs: nnx.Rngs, decay: float = 0.9):
        self.encoder = nnx.Linear(pixels, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)
        self.wear_ema = WearEMA(jnp.zeros((8,)))
        self.decay = decay

    def extract(self, frame):
        return nnx.relu(self.encoder(frame)).mean(0)

    def score(self, ema, features):
        return nnx.sigmoid(self.head(features - ema))[0]

    def hook_state(self):
        return self.wear_ema[...]

    def after_step(self, ema, features):
        return self.decay * ema + (1.0 - self.decay) * features

    def commit(self, ema):
        self.wear_ema[...] = ema


def main():
    monitor = BladeWearMonitor(20, nnx.Rngs(0))
    frames = jax.random.uniform(jax.random.key(1), (6, 3, 20))
    monitor.run(frames).block_until_ready()
    return None
