# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a module-level helper writes the Linen variable that `functools.partial(ema_update, self.ema, decay=0.9)` binds, called in a fori_loop body of a track method; applied with mutable ema_stats
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


def ema_update(var, x, decay):
    var.value = decay * var.value + (1.0 - decay) * x
    return var.value


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
