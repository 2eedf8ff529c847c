# label: ok
# flax-error: none
# class: 4 a decode_trajectory() helper calls the VAE's decode method in the scan body; decode runs the decoder's nnx.List of layers through a module-level apply_stack helper, reading parameters only
"""NNX VAE: decoding a latent interpolation path, one point per scan step."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class VAEConfig:
    data_dim: int = 10
    latent_dim: int = 3
    hidden: int = 16
    depth: int = 3
    path_len: int = 5


def apply_stack(layers, h, activation=nnx.gelu):
    for layer in layers[:-1]:
        h = activation(layer(h))
    return layers[-1](h)


class Encoder(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.fc = nnx.Linear(cfg.data_dim, cfg.hidden, rngs=rngs)
        self.stats = nnx.Linear(cfg.hidden, 2 * cfg.latent_dim, rngs=rngs)

    def __call__(self, x):
        return jnp.split(self.stats(nnx.tanh(self.fc(x))), 2, axis=-1)


class Decoder(nnx.Module):
    def __init__(self, cfg, *, rngs):
        dims = [cfg.latent_dim] + [cfg.hidden] * (cfg.depth - 1) + [cfg.data_dim]
        self.layers = nnx.List([nnx.Linear(a, b, rngs=rngs) for a, b in zip(dims[:-1], dims[1:])])

    def __call__(self, z):
        return apply_stack(self.layers, z)


class VAE(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.encoder = Encoder(cfg, rngs=rngs)
        self.decoder = Decoder(cfg, rngs=rngs)

    def encode(self, x):
        mean, _ = self.encoder(x)
        return mean

    def decode(self, z):
        return nnx.sigmoid(self.decoder(z))


def decode_trajectory(model, z_start, z_end, steps):
    alphas = jnp.linspace(0.0, 1.0, steps)

    def body(prev, alpha):
        frame = model.decode((1.0 - alpha) * z_start + alpha * z_end)
        return frame, jnp.abs(frame - prev).mean()

    last, changes = jax.lax.scan(body, model.decode(z_start), alphas)
    return last, changes


def main():
    cfg = VAEConfig()
    model = VAE(cfg, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (2, cfg.data_dim))
    z = model.encode(x)
    last, changes = decode_trajectory(model, z[0], z[1], cfg.path_len)
    assert last.shape == (cfg.data_dim,)
    return None
