# label: ok
# flax-error: none
# class: 3 the PRNG key is the `key` field of the GumbelPrior instance; the scan body passes the step and prior.apply folds it into self.key
"""Discrete latent prior sampled with the Gumbel-softmax trick: a learned categorical prior over
codes, one relaxed sample per time step drawn in lax.scan. The sampling key is a module field.
Returns the relaxed samples."""
import jax
import jax.numpy as jnp
lax = jax.lax
from flax import linen as nn


class GumbelPrior(nn.Module):
    key: jax.Array
    n_codes: int = 6
    tau: float = 0.7

    @nn.compact
    def __call__(self, step):
        logits = self.param('logits', nn.initializers.normal(1.0), (self.n_codes,))
        g = jax.random.gumbel(jax.random.fold_in(self.key, step), logits.shape)
        return jax.nn.softmax((logits + g) / self.tau)


def sample_sequence(prior, variables, length):
    def body(carry, step):
        y = prior.apply(variables, step)
        return carry, y

    _, ys = lax.scan(body, 0, jnp.arange(length))
    return ys


def main():
    prior = GumbelPrior(key=jax.random.key(7))
    variables = prior.init(jax.random.key(0), 0)
    ys = sample_sequence(prior, variables, 12)
    print(ys.argmax(-1))
    return ys
