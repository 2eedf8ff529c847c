# label: trace-context
# flax-error: TraceContextError: Cannot mutate WKVState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the scan body is the module method self.step, which writes the WKV numerator/denominator into nnx.Variable state
import jax
import jax.numpy as jnp
from flax import nnx


class WKVState(nnx.Variable):
    pass


class RWKVTimeMix(nnx.Module):
    def __init__(self, d: int, *, rngs: nnx.Rngs):
        self.key = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.value = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.receptance = nnx.Linear(d, d, use_bias=False, rngs=rngs)
        self.time_decay = nnx.Param(jnp.zeros(d))
        self.num = WKVState(jnp.zeros(d))
        self.den = WKVState(jnp.zeros(d))

    def step(self, _, xt):
        k, v = self.key(xt), self.value(xt)
        r = jax.nn.sigmoid(self.receptance(xt))
        w = jnp.exp(-jnp.exp(self.time_decay[...]))
        self.num[...] = w * self.num[...] + jnp.exp(k) * v
        self.den[...] = w * self.den[...] + jnp.exp(k)
        return None, r * self.num[...] / (self.den[...] + 1e-6)

    def __call__(self, x):
        _, out = jax.lax.scan(self.step, None, x)
        return out


def main():
    model = RWKVTimeMix(8, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (6, 8))
    y = model(x)
    y.block_until_ready()
    return None
