# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the tracker's own track method runs the while_loop and assigns its 'ema' variables inside the body
"""Feature tracker that keeps an exponential moving average of projected observations.

Modelled on reports where an EMA is kept in a Linen variable collection and updated inside a
raw while_loop, then the module is applied for evaluation without mutable=.
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
            i, delta = state
            return (i < n) & (delta > tol)

        def body(state):
            i, _ = state
            z = self.encode(xs[i])
            new = self.decay * self.mean.value + (1 - self.decay) * z
            delta = jnp.max(jnp.abs(new - self.mean.value))
            self.mean.value = new
            self.steps.value = self.steps.value + 1
            return i + 1, delta

        i, _ = jax.lax.while_loop(cond, body, (jnp.array(0), jnp.array(jnp.inf)))
        return i


def main():
    model = EMATracker()
    xs = jax.random.normal(jax.random.key(0), (20, 3))
    variables = model.init(jax.random.key(1), xs[0], method=EMATracker.encode)
    used = model.apply(variables, xs, method=EMATracker.track)
    print(used)
    return None
