# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the lax.while_loop body is the bound _march_step, which jitters sample depths through a helper that calls the renderer's Rngs stream
"""NeRF-style volume rendering by adaptive ray marching with early ray termination."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class RenderConfig:
    n_freqs: int = 4
    hidden: int = 32
    near: float = 0.5
    far: float = 4.0
    step: float = 0.25
    min_transmittance: float = 1e-3


def posenc(x, n_freqs):
    freqs = 2.0 ** jnp.arange(n_freqs)
    ang = x[..., None] * freqs
    return jnp.concatenate([x, jnp.sin(ang).reshape(*x.shape[:-1], -1),
                            jnp.cos(ang).reshape(*x.shape[:-1], -1)], axis=-1)


class RadianceField(nnx.Module):
    def __init__(self, cfg, rngs):
        d_in = 3 + 6 * cfg.n_freqs
        self.n_freqs = cfg.n_freqs
        self.trunk = nnx.Sequential(nnx.Linear(d_in, cfg.hidden, rngs=rngs), nnx.relu,
                                    nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs), nnx.relu)
        self.out = nnx.Linear(cfg.hidden, 4, rngs=rngs)

    def __call__(self, pts):
        h = self.out(self.trunk(posenc(pts, self.n_freqs)))
        return nnx.softplus(h[..., 0]), nnx.sigmoid(h[..., 1:])


class Renderer(nnx.Module):
    def __init__(self, field, cfg, rngs):
        self.field, self.cfg, self.rngs = field, cfg, rngs

    def _sample_depth(self, t):
        return t + jax.random.uniform(self.rngs.jitter(), t.shape) * self.cfg.step

    def _march_step(self, state):
        t, trans, color, origins, dirs = state
        ts = self._sample_depth(t)
        sigma, rgb = self.field(origins + ts[:, None] * dirs)
        alpha = 1.0 - jnp.exp(-sigma * self.cfg.step)
        color = color + (trans * alpha)[:, None] * rgb
        return t + self.cfg.step, trans * (1.0 - alpha), color, origins, dirs

    def _active(self, state):
        t, trans = state[0], state[1]
        return jnp.any((trans > self.cfg.min_transmittance) & (t < self.cfg.far))

    def render(self, origins, dirs):
        n = origins.shape[0]
        init = (jnp.full((n,), self.cfg.near), jnp.ones((n,)), jnp.zeros((n, 3)), origins, dirs)
        return jax.lax.while_loop(self._active, self._march_step, init)[2]


def main():
    cfg = RenderConfig()
    rngs = nnx.Rngs(params=0, jitter=1)
    renderer = Renderer(RadianceField(cfg, rngs), cfg, rngs)
    origins = jnp.zeros((8, 3)).at[:, 2].set(-2.0)
    dirs = jax.random.normal(jax.random.key(3), (8, 3)) * 0.2 + jnp.array([0.0, 0.0, 1.0])
    dirs = dirs / jnp.linalg.norm(dirs, axis=-1, keepdims=True)
    image = renderer.render(origins, dirs)
    print(image.mean(0))
    return None
