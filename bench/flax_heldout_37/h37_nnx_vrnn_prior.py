# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 generate() splits the VRNN (its nnx.Rngs included) once and the raw jax.lax.scan body re-merges that closed-over state every step, then draws the latent noise from the merged copy's Rngs
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

    def body(h, _):
        m = nnx.merge(graphdef, state)
        h, x, eps = m.generate_step(h)
        return h, eps

    _, eps = jax.lax.scan(body, jnp.zeros((batch, H_DIM)), None, length=length)
    return eps


def main():
    model = VRNN(rngs=nnx.Rngs(params=0, latent=1))
    return generate(model, batch=2, length=6)
