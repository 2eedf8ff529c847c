# label: ok
# flax-error: none
# class: 1 key drawn with make_rng once before the loop, folded with the step inside the inline body
import jax
import jax.numpy as jnp
import flax.linen as nn


class NoisyWalk(nn.Module):
    steps: int = 5

    @nn.compact
    def __call__(self, x0):
        scale = self.param("scale", nn.initializers.ones, (x0.shape[-1],))
        base = self.make_rng("noise")

        def body(i, carry):
            x, trace = carry
            eps = jax.random.normal(jax.random.fold_in(base, i), x.shape)
            x = x + scale * eps
            return x, trace.at[i].set(eps)

        trace = jnp.zeros((self.steps,) + x0.shape)
        _, trace = jax.lax.fori_loop(0, self.steps, body, (x0, trace))
        return trace


def main():
    m = NoisyWalk()
    x0 = jnp.zeros(3)
    v = m.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x0)
    v = jax.tree.map(lambda a: a + 0, v)
    return m.apply(v, x0, rngs={"noise": jax.random.PRNGKey(2)})
