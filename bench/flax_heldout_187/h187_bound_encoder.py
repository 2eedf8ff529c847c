# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body reaches the BatchNorm encoder through evaluator.bound.encoder (a module bound without mutable) and calls it in train mode
"""Embedding a validation set batch by batch with the encoder of a trained
autoencoder.  The model is bound once with .bind() so submodules can be called
directly, and the batches are walked with lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    latent: int = 4

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(32)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(self.latent)(nn.relu(x))


class AutoEncoder(nn.Module):
    def setup(self):
        self.encoder = Encoder()
        self.decoder = nn.Dense(10)

    def __call__(self, x, train: bool = True):
        return self.decoder(self.encoder(x, train))


class Evaluator:
    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def embed(self, batches):
        def body(total, xb):
            z = self.bound.encoder(xb)
            return total + jnp.sum(z ** 2), z

        total, zs = jax.lax.scan(body, jnp.float32(0.0), batches)
        return zs, total


def main():
    model = AutoEncoder()
    data = jax.random.normal(jax.random.key(0), (3, 8, 10))
    variables = model.init(jax.random.key(1), data[0], train=False)
    evaluator = Evaluator(model, variables)
    zs, total = evaluator.embed(data)
    return None
