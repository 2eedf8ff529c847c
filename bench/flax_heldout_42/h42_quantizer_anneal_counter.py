# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "step" in "/SoftQuantizer_0" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the fori_loop body closes over the variables dict passed to the helper and calls model.apply on it; the quantizer bumps its 'counters' step variable on every training call
"""Soft vector-quantising autoencoder whose assignment temperature is annealed.

The quantizer keeps its own step counter in a 'counters' collection so the temperature
schedule survives checkpoint/restore. Reconstruction loss over a few batches is
accumulated with a raw `lax.fori_loop`.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


def cosine_temperature(step, t0=1.0, t1=0.1, horizon=1000):
    frac = jnp.clip(step / horizon, 0.0, 1.0)
    return t1 + 0.5 * (t0 - t1) * (1 + jnp.cos(jnp.pi * frac))


class SoftQuantizer(nn.Module):
    codebook_size: int = 8
    dim: int = 4

    @nn.compact
    def __call__(self, z, train: bool = True):
        codebook = self.param("codebook", nn.initializers.normal(1.0), (self.codebook_size, self.dim))
        step = self.variable("counters", "step", lambda: jnp.zeros((), jnp.int32))
        temp = cosine_temperature(step.value)
        if train and not self.is_initializing():
            step.value = step.value + 1
        d = ((z[:, None, :] - codebook[None]) ** 2).sum(-1)
        w = jax.nn.softmax(-d / temp, axis=-1)
        return w @ codebook


class VQAutoencoder(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        z = nn.Dense(self.dim)(x)
        q = SoftQuantizer(dim=self.dim)(z, train=train)
        return nn.Dense(x.shape[-1])(q)


def reconstruction_loss(model, variables, data, train=True):
    def body(i, total):
        x = data[i]
        recon = model.apply(variables, x, train=train)
        return total + jnp.mean((recon - x) ** 2)

    return lax.fori_loop(0, data.shape[0], body, 0.0) / data.shape[0]


def main():
    model = VQAutoencoder()
    data = jax.random.normal(jax.random.PRNGKey(0), (5, 8, 6))
    variables = model.init(jax.random.PRNGKey(1), data[0])
    loss = reconstruction_loss(model, variables, data)
    loss.block_until_ready()
    return None
