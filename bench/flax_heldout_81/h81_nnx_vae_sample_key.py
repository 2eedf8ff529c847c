# label: same-values
# flax-error: none
# class: 3 the reparameterisation key is closed over by the fori_loop body and never advanced
"""Sequential VAE (NNX): ancestral sampling of latents z_t with lax.fori_loop."""
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
    key = jax.random.key(11)

    def body(t, carry):
        z, eps_buf = carry
        mu, logvar = trans(z)
        eps = jax.random.normal(key, z.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        return z, eps_buf.at[t].set(eps)

    _, eps = lax.fori_loop(0, T, body, (jnp.zeros(Z), jnp.zeros((T, Z))))
    return eps
