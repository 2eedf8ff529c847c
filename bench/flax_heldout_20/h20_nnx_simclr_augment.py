# label: same-values
# flax-error: none
# class: 4 make_epoch_fn() scans a functools.partial of _contrastive_step; the Augmenter module held by the model draws its jitter from the key it stored at construction
"""SimCLR-style contrastive pretraining on tabular feature vectors: two jittered and
masked views per example, an MLP encoder with a projection head and the NT-Xent loss."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class CLRConfig:
    in_dim: int = 10
    hidden: int = 32
    proj: int = 8
    jitter: float = 0.1
    mask_p: float = 0.2
    temperature: float = 0.5


class Augmenter(nnx.Module):
    def __init__(self, cfg: CLRConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.key = rngs.augment()

    def view(self, x, which: int):
        k_noise, k_mask = jax.random.split(jax.random.fold_in(self.key, which))
        noise = self.cfg.jitter * jax.random.normal(k_noise, x.shape)
        keep = jax.random.bernoulli(k_mask, 1 - self.cfg.mask_p, x.shape)
        return (x + noise) * keep, noise


class SimCLR(nnx.Module):
    def __init__(self, cfg: CLRConfig, rngs: nnx.Rngs):
        self.augment = Augmenter(cfg, rngs)
        self.encoder = nnx.Sequential(nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs), nnx.relu)
        self.projector = nnx.Linear(cfg.hidden, cfg.proj, rngs=rngs)

    def embed(self, x):
        z = self.projector(self.encoder(x))
        return z / jnp.linalg.norm(z, axis=-1, keepdims=True)


def nt_xent(z1, z2, temperature):
    z = jnp.concatenate([z1, z2])
    sim = z @ z.T / temperature - 1e9 * jnp.eye(z.shape[0])
    n = z1.shape[0]
    targets = jnp.concatenate([jnp.arange(n, 2 * n), jnp.arange(n)])
    return -jnp.mean(jax.nn.log_softmax(sim)[jnp.arange(2 * n), targets])


def _contrastive_step(model, temperature, total, batch):
    v1, noise = model.augment.view(batch, 0)
    v2, _ = model.augment.view(batch, 1)
    loss = nt_xent(model.embed(v1), model.embed(v2), temperature)
    return total + loss, noise


def make_epoch_fn(model, cfg):
    step = functools.partial(_contrastive_step, model, cfg.temperature)
    return lambda batches: jax.lax.scan(step, 0.0, batches)


def main():
    cfg = CLRConfig()
    model = SimCLR(cfg, nnx.Rngs(params=0, augment=1))
    batches = jax.random.normal(jax.random.key(2), (5, 6, cfg.in_dim))
    total, noises = make_epoch_fn(model, cfg)(batches)
    return noises
