# label: same-values
# flax-error: none
# class: 4 the scan body reaches the Linen denoiser through self.bundle.module / self.bundle.variables and its dropout key through self.dropout_key
import dataclasses
import math

import flax.linen as nn
import jax
import jax.numpy as jnp


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = jnp.exp(-math.log(10_000.0) * jnp.arange(half) / half)
    args = t[:, None].astype(jnp.float32) * freqs[None]
    return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


class EpsModel(nn.Module):
    features: int = 32
    dropout_rate: float = 0.2

    @nn.compact
    def __call__(self, x_t, t, train: bool = False):
        h = jnp.concatenate([x_t, timestep_embedding(t, 8)], axis=-1)
        h = nn.gelu(nn.Dense(self.features)(h))
        h = nn.Dropout(self.dropout_rate, deterministic=not train)(h)
        h = nn.gelu(nn.Dense(self.features)(h))
        return nn.Dense(x_t.shape[-1])(h)


@dataclasses.dataclass
class DenoiserBundle:
    module: nn.Module
    variables: dict


class DDPMUncertainty:
    """Monte-Carlo dropout estimate of the epsilon prediction at one timestep."""

    def __init__(self, bundle: DenoiserBundle, dropout_key, n_passes: int = 5):
        self.bundle = bundle
        self.dropout_key = dropout_key
        self.n_passes = n_passes

    def eps_samples(self, x_t, t):
        def one_pass(carry, _):
            eps = self.bundle.module.apply(
                self.bundle.variables, x_t, t, train=True,
                rngs={"dropout": self.dropout_key},
            )
            return carry, eps

        _, eps = jax.lax.scan(one_pass, None, None, length=self.n_passes)
        return eps


def main():
    model = EpsModel()
    x_t = jax.random.normal(jax.random.key(3), (4, 2))
    t = jnp.full((4,), 250)
    variables = model.init(jax.random.key(0), x_t, t)
    mc = DDPMUncertainty(DenoiserBundle(model, variables), jax.random.key(7))
    eps = mc.eps_samples(x_t, t)
    jax.block_until_ready(eps.std(axis=0))
    return eps
