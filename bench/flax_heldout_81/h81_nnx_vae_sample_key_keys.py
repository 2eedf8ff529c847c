# label: ok
# flax-error: none
# class: 3 the key is split into T keys before the fori_loop and indexed by the loop counter
"""Sequential VAE (NNX): ancestral sampling with one pre-split key per time step."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class Transition(nnx.Module):
    def __init__(self, z, rngs):
        self.mu = nnx.Linear(z, z, rngs=rngs)
        self.logvar = nnx.Linear(z, z, rngs=rngs)

    def __call__(self, z):
        return self.mu(z), self.logvar(z)


def main():
    T, Z = 8, 4
    trans = Transition(Z, nnx.Rngs(0))
    keys = jax.random.split(jax.random.key(11), T)

    def body(t, carry):
        z, eps_buf = carry
        mu, logvar = trans(z)
        eps = jax.random.normal(keys[t], z.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        return z, eps_buf.at[t].set(eps)

    _, eps = lax.fori_loop(0, T, body, (jnp.zeros(Z), jnp.zeros((T, Z))))
    return eps
