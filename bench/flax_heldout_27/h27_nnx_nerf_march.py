# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a module-level march() fori_loop wrapper receives a renderer closure that queries the radiance field, whose BatchNorm is still in training mode
"""Volume rendering through a tiny neural radiance field (emission-absorption model).

Rays are marched front to back with fixed steps; at each depth the field returns density
and colour for the whole batch of rays, and transmittance-weighted colour is accumulated.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class RenderConfig:
    freqs: int = 3
    hidden: int = 16
    samples: int = 6
    near: float = 0.5
    far: float = 2.5


def positional_encoding(x, freqs):
    scales = 2.0 ** jnp.arange(freqs)
    angles = x[..., None] * scales
    return jnp.concatenate([jnp.sin(angles), jnp.cos(angles)], axis=-1).reshape(x.shape[0], -1)


class RadianceField(nnx.Module):
    def __init__(self, cfg: RenderConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        d_in = 3 * 2 * cfg.freqs
        self.l1 = nnx.Linear(d_in, cfg.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(cfg.hidden, rngs=rngs)
        self.sigma = nnx.Linear(cfg.hidden, 1, rngs=rngs)
        self.rgb = nnx.Linear(cfg.hidden, 3, rngs=rngs)

    def __call__(self, points):
        h = nnx.relu(self.norm(self.l1(positional_encoding(points, self.cfg.freqs))))
        return nnx.softplus(self.sigma(h))[:, 0], nnx.sigmoid(self.rgb(h))


def march(sample_fn, init, n):
    return jax.lax.fori_loop(0, n, sample_fn, init)


def make_renderer(field, cfg):
    delta = (cfg.far - cfg.near) / cfg.samples

    def render(origins, dirs):
        def sample(i, acc):
            colour, transmittance = acc
            t = cfg.near + (i + 0.5) * delta
            density, rgb = field(origins + t * dirs)
            alpha = 1.0 - jnp.exp(-density * delta)
            colour = colour + (transmittance * alpha)[:, None] * rgb
            return colour, transmittance * (1.0 - alpha)

        init = (jnp.zeros_like(origins), jnp.ones(origins.shape[0]))
        return march(sample, init, cfg.samples)

    return render


def main():
    cfg = RenderConfig()
    field = RadianceField(cfg, nnx.Rngs(0))
    origins = jnp.zeros((4, 3))
    dirs = jnp.array([[0.0, 0.0, 1.0], [0.1, 0.0, 1.0], [0.0, 0.1, 1.0], [0.1, 0.1, 1.0]])
    render = make_renderer(field, cfg)
    colour, transmittance = render(origins, dirs / jnp.linalg.norm(dirs, axis=-1, keepdims=True))
    print("pixel colours", colour, "background weight", transmittance)
    return None
