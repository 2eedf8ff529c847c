# label: ok
# flax-error: none
# class: 3 the key drawn once from the stored Rngs before the scan is folded with the step (`jax.random.fold_in(key, t)`) before the held GumbelSoftmax module samples from it
import jax
import jax.numpy as jnp
from flax import nnx


class GumbelSoftmax(nnx.Module):
    def __call__(self, logits, key):
        g = -jnp.log(-jnp.log(jax.random.uniform(key, logits.shape, minval=1e-6, maxval=1.0)))
        return jax.nn.softmax(logits + g)


class SkillPrior(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.logits = nnx.Param(jnp.zeros(4))
        self.gumbel = GumbelSoftmax()
        self.rngs = rngs

    def sample_plan(self, horizon):
        key = self.rngs.gumbel()
        def body(t, _):
            return t + 1, self.gumbel(self.logits[...], jax.random.fold_in(key, t))
        return jax.lax.scan(body, 0, None, length=horizon)[1]


def main():
    prior = SkillPrior(nnx.Rngs(0, gumbel=1))
    return prior.sample_plan(6)
