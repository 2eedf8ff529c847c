# label: ok
# flax-error: none
# class: 5 variational RNN rollout in jax.lax.scan; the body builds nnx.Rngs(latent=...) from the key folded with the step index
import jax
import jax.numpy as jnp
from flax import nnx

Z, H = 4, 16


class VRNNCell(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.prior = nnx.Linear(H, 2 * Z, rngs=rngs)
        self.gru = nnx.GRUCell(Z, H, rngs=rngs)

    def __call__(self, h, rngs: nnx.Rngs):
        mu, logvar = jnp.split(self.prior(h), 2, axis=-1)
        eps = rngs.latent.normal(mu.shape)
        z = mu + jnp.exp(0.5 * logvar) * eps
        h, _ = self.gru(h, z)
        return h, eps


def main():
    cell = VRNNCell(nnx.Rngs(0))
    key = jax.random.key(5)
    h0 = jnp.zeros((2, H))

    def step(h, t):
        h, eps = cell(h, nnx.Rngs(latent=jax.random.fold_in(key, t)))
        return h, eps

    _, eps = jax.lax.scan(step, h0, jnp.arange(6))
    return eps  # [time, batch, Z]
