# label: ok
# flax-error: none
# class: 1 the tracker's own track method runs the while_loop; the EMA enters from the 'ema' collection as the initial carry and leaves in the carry
"""Feature tracker that keeps an exponential moving average (working variant).

The running mean is read from the 'ema' collection once, threaded through the while_loop
carry, and returned from track instead of being assigned inside the body.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class EMATracker(nn.Module):
    dim: int = 4
    decay: float = 0.9

    def setup(self):
        self.proj = nn.Dense(self.dim)
        self.mean = self.variable("ema", "mean", jnp.zeros, (self.dim,))
        self.steps = self.variable("ema", "steps", lambda: jnp.array(0, jnp.int32))

    def encode(self, x):
        return jnp.tanh(self.proj(x))

    def track(self, xs, tol=1e-3):
        n = xs.shape[0]

        def cond(state):
            i, delta, _ = state
            return (i < n) & (delta > tol)

        def body(state):
            i, _, mean = state
            z = self.encode(xs[i])
            new = self.decay * mean + (1 - self.decay) * z
            delta = jnp.max(jnp.abs(new - mean))
            return i + 1, delta, new

        init = (jnp.array(0), jnp.array(jnp.inf), self.mean.value)
        i, _, mean = jax.lax.while_loop(cond, body, init)
        return i, mean


def main():
    model = EMATracker()
    xs = jax.random.normal(jax.random.key(0), (20, 3))
    variables = model.init(jax.random.key(1), xs[0], method=EMATracker.encode)
    used, mean = model.apply(variables, xs, method=EMATracker.track)
    print(used, mean)
    return None
