# label: ok
# flax-error: none
# class: 4 the same `functools.partial(ema_update, self.ema, decay=0.9)` in a fori_loop body when the module-level helper only reads the variable
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def ema_update(var, x, decay):
    return decay * var.value + (1.0 - decay) * x


class Tracker(nn.Module):
    def setup(self):
        self.encoder = nn.Dense(4)
        self.ema = self.variable("ema_stats", "mean", jnp.zeros, (4,))

    def __call__(self, frame):
        return self.encoder(frame) - self.ema.value

    def track(self, frames):
        update = functools.partial(ema_update, self.ema, decay=0.9)
        def body(i, drift):
            return drift + update(self.encoder(frames[i])).sum()
        return jax.lax.fori_loop(0, frames.shape[0], body, jnp.zeros(()))


def main():
    frames = jnp.ones((5, 3))
    model = Tracker()
    variables = model.init(jax.random.key(0), frames[0])
    jax.tree.map(lambda a: a + 0, variables)
    drift, stats = model.apply(variables, frames, method=Tracker.track, mutable=["ema_stats"])
    jax.tree.map(lambda a: a + 0, (drift, stats))
