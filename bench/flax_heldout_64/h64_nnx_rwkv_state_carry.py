# label: ok
# flax-error: none
# class: 2 the scan body is the module method self.step; the WKV numerator/denominator travel in the carry and are written to nnx.Variable after the loop
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

    def step(self, carry, xt):
        num, den = carry
        k, v = self.key(xt), self.value(xt)
        r = jax.nn.sigmoid(self.receptance(xt))
        w = jnp.exp(-jnp.exp(self.time_decay[...]))
        num = w * num + jnp.exp(k) * v
        den = w * den + jnp.exp(k)
        return (num, den), r * num / (den + 1e-6)

    def __call__(self, x):
        (num, den), out = jax.lax.scan(self.step, (self.num[...], self.den[...]), x)
        self.num[...] = num
        self.den[...] = den
        return out


def main():
    model = RWKVTimeMix(8, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (6, 8))
    y = model(x)
    y.block_until_ready()
    return None
