# label: ok
# flax-error: none
# class: 2 the fori_loop body function, which calls a named compact Dense it closes over, is run once in Python before the loop under `if self.is_initializing():`
"""A recycling model that runs its recycle step once before the jax.lax.fori_loop while the module
initializes; init then apply."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Recycler(nn.Module):
    @nn.compact
    def __call__(self, nodes):
        trunk = nn.Dense(4, name="trunk")
        def recycle(i, prev):
            return jax.lax.stop_gradient(trunk(nodes + prev))
        prev = jnp.zeros_like(nodes)
        if self.is_initializing():
            prev = recycle(0, prev)
        return jax.lax.fori_loop(0, 3, recycle, prev)


def main():
    model = Recycler()
    nodes = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), nodes)
    jax.tree.map(lambda a: a + 0, variables)
    out = model.apply(variables, nodes)
    jax.tree.map(lambda a: a + 0, out)
