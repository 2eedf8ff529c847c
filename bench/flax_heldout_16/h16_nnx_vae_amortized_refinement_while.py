# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Encoder' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a refine_latent() helper calls the VAE's encode method in the while_loop body, and encode keeps the latest latent as an attribute of the encoder
"""NNX VAE with iterative latent refinement at inference time (semi-amortized inference)."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class VAEConfig:
    data_dim: int = 10
    latent_dim: int = 3
    hidden: int = 16
    max_iters: int = 6
    tol: float = 1e-4


class Encoder(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.fc = nnx.Linear(cfg.data_dim + cfg.latent_dim, cfg.hidden, rngs=rngs)
        self.mean = nnx.Linear(cfg.hidden, cfg.latent_dim, rngs=rngs)

    def __call__(self, x, z_prev):
        z = self.mean(nnx.tanh(self.fc(jnp.concatenate([x, z_prev], -1))))
        self.last_latent = nnx.Intermediate(z)
        return z


class Decoder(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.fc = nnx.Linear(cfg.latent_dim, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.data_dim, rngs=rngs)

    def __call__(self, z):
        return self.out(nnx.tanh(self.fc(z)))


class VAE(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.cfg = cfg
        self.encoder = Encoder(cfg, rngs=rngs)
        self.decoder = Decoder(cfg, rngs=rngs)

    def encode(self, x, z_prev):
        return self.encoder(x, z_prev)

    def __call__(self, x):
        z = self.encode(x, jnp.zeros(x.shape[:-1] + (self.cfg.latent_dim,)))
        return self.decoder(z), z


def refine_latent(model, x, cfg):
    def cond(carry):
        i, _, delta = carry
        return (i < cfg.max_iters) & (delta > cfg.tol)

    def body(carry):
        i, z, _ = carry
        z_new = 0.5 * z + 0.5 * model.encode(x, z)
        return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

    z0 = jnp.zeros(x.shape[:-1] + (cfg.latent_dim,))
    _, z, _ = jax.lax.while_loop(cond, body, (0, z0, jnp.asarray(jnp.inf)))
    return z


def main():
    cfg = VAEConfig()
    model = VAE(cfg, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (4, cfg.data_dim))
    recon, _ = model(x)
    z = refine_latent(model, x, cfg)
    assert model.decoder(z).shape == recon.shape
    return None
