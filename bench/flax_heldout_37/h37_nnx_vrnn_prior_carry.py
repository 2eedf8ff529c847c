# label: ok
# flax-error: none
# class: 4 generate() splits the VRNN (its nnx.Rngs included) and threads the state through the raw jax.lax.scan carry, merging it in the body and returning nnx.state of the merged copy
"""Sampling sequences from a variational RNN (Chung et al. 2015) prior, NNX version."""
import jax
import jax.numpy as jnp
from flax import nnx

X_DIM, Z_DIM, H_DIM = 3, 4, 16


class VRNN(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.prior = nnx.Linear(H_DIM, 2 * Z_DIM, rngs=rngs)
        self.decoder = nnx.Linear(H_DIM + Z_DIM, X_DIM, rngs=rngs)
        self.rnn = nnx.GRUCell(X_DIM + Z_DIM, H_DIM, rngs=rngs)
        self.rngs = rngs

    def generate_step(self, h):
        mu, log_sigma = jnp.split(self.prior(h), 2, axis=-1)
        eps = jax.random.normal(self.rngs.latent(), mu.shape)
        z = mu + jnp.exp(log_sigma) * eps
        x = self.decoder(jnp.concatenate([h, z], -1))
        h, _ = self.rnn(h, jnp.concatenate([x, z], -1))
        return h, x, eps


def generate(model, batch: int, length: int):
    graphdef, state = nnx.split(model)

    def body(carry, _):
        h, state = carry
        m = nnx.merge(graphdef, state)
        h, x, eps = m.generate_step(h)
        return (h, nnx.state(m)), eps

    (_, state), eps = jax.lax.scan(body, (jnp.zeros((batch, H_DIM)), state), None, length=length)
    nnx.update(model, state)
    return eps


def main():
    model = VRNN(rngs=nnx.Rngs(params=0, latent=1))
    return generate(model, batch=2, length=6)
