# label: ok
# flax-error: none
# class: 2 key from make_rng bound before the fori_loop, fold_in with the step inside; returns per-step draws
import jax
import jax.numpy as jnp
import flax.linen as nn


class Langevin(nn.Module):
    n: int = 5

    @nn.compact
    def __call__(self, x):
        key = self.make_rng("noise")
        out = jnp.zeros((self.n,) + x.shape)

        def body(i, acc):
            eps = jax.random.normal(jax.random.fold_in(key, i), x.shape)
            return acc.at[i].set(eps)

        return jax.lax.fori_loop(0, self.n, body, out)


def main():
    m = Langevin()
    x = jnp.zeros(4)
    v = m.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(0)}, x)
    draws = m.apply(v, x, rngs={"noise": jax.random.PRNGKey(9)})
    return draws
