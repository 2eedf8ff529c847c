# label: same-values
# flax-error: none
# class: 4 a factory splits an NNX model with nnx.Dropout and returns a Monte-Carlo step whose raw jax.lax.scan body merges a copy of the same closed-over state each sample and records the dropout masks
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class MCDropoutNet(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.drop(self.lin(x))

    def mask(self, like):
        return self.drop(jnp.ones_like(like))


def make_mc_sampler(model, n_samples):
    graphdef, state = nnx.split(model)

    def run(x):
        def body(carry, _):
            m = nnx.merge(graphdef, state, copy=True)
            m.train()
            return carry + m(x), m.mask(x)

        total, masks = scan(body, jnp.zeros_like(x), None, length=n_samples)
        return total / n_samples, masks

    return run


def main():
    model = MCDropoutNet(6, rngs=nnx.Rngs(params=0, dropout=1))
    _, masks = make_mc_sampler(model, 5)(jnp.ones((2, 6)))
    return masks
