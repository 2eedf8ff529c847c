# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "peak" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 self.method scan body updates a "stats" variable declared in setup; apply without mutable
import flax.linen as nn
import jax
import jax.numpy as jnp
from jax.lax import scan


class PeakTracker(nn.Module):
    def setup(self):
        self.peak = self.variable("stats", "peak", lambda: jnp.full((), -jnp.inf))
        self.score = nn.Dense(1)

    def track(self, best, x):
        s = self.score(x).max()
        self.peak.value = jnp.maximum(self.peak.value, s)
        return jnp.maximum(best, s), s

    def __call__(self, xs):
        self.score(xs[0])
        return scan(self.track, -jnp.inf, xs)


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (6, 4, 3))
    model = PeakTracker()
    variables = model.init(jax.random.PRNGKey(1), xs)
    model.apply(variables, xs)
