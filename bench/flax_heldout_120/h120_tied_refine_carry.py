# label: ok
# flax-error: none
# class: 1 the compact __call__ declares the shared Dense and runs the fori_loop itself; the first refinement step runs before the loop and is carried in
"""Weight-tied iterative refinement (a DEQ-style block applied K times) with lax.fori_loop.

The first application of the shared block happens before the loop, so its parameters exist
when the loop body reuses it; the first iterate enters the loop as the carry.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class TiedRefiner(nn.Module):
    features: int = 8
    steps: int = 5

    @nn.compact
    def __call__(self, x):
        block = nn.Dense(self.features, name="tied")
        inject = nn.Dense(self.features, name="inject")(x)

        def refine(i, z):
            return nn.tanh(block(z) + inject)

        z1 = refine(0, jnp.zeros_like(inject))
        return lax.fori_loop(1, self.steps, refine, z1)


def main():
    model = TiedRefiner()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.key(0), x)
    z = model.apply(variables, x)
    jax.block_until_ready(z)
    return None
