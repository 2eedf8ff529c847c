# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a DDIMSampler object holds the NNX denoiser; its _predict_x0 method, called from the scan body, stores the prediction on the sampler for a preview
"""Deterministic DDIM sampling from a small NNX denoiser, keeping the last x0 prediction."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class DDIMConfig:
    dim: int = 2
    width: int = 32
    train_steps: int = 100
    sample_steps: int = 10


class TimeEmbedding(nnx.Module):
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(width, width, rngs=rngs)
        self.width = width

    def __call__(self, t):
        freqs = jnp.exp(-jnp.log(1000.0) * jnp.arange(self.width // 2) / (self.width // 2))
        ang = t[:, None] * freqs[None]
        return nnx.silu(self.proj(jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], -1)))


class Denoiser(nnx.Module):
    def __init__(self, cfg: DDIMConfig, *, rngs: nnx.Rngs):
        self.temb = TimeEmbedding(cfg.width, rngs=rngs)
        self.inp = nnx.Linear(cfg.dim, cfg.width, rngs=rngs)
        self.hidden = nnx.Linear(cfg.width, cfg.width, rngs=rngs)
        self.out = nnx.Linear(cfg.width, cfg.dim, rngs=rngs)

    def __call__(self, x, t):
        h = nnx.silu(self.inp(x) + self.temb(t))
        return self.out(nnx.silu(self.hidden(h)))


class DDIMSampler:
    def __init__(self, denoiser: Denoiser, cfg: DDIMConfig):
        self.denoiser = denoiser
        self.cfg = cfg
        self.alpha_bars = jnp.cumprod(1.0 - jnp.linspace(1e-4, 0.02, cfg.train_steps))
        self.last_x0 = None

    def _predict_x0(self, x, t):
        a = self.alpha_bars[t]
        eps = self.denoiser(x, jnp.full((x.shape[0],), t, jnp.float32))
        x0 = (x - jnp.sqrt(1 - a) * eps) / jnp.sqrt(a)
        self.last_x0 = x0
        return x0, eps

    def sample(self, x_T):
        ts = jnp.linspace(self.cfg.train_steps - 1, 0, self.cfg.sample_steps).astype(jnp.int32)

        def body(x, pair):
            t, t_prev = pair
            x0, eps = self._predict_x0(x, t)
            a_prev = jnp.where(t_prev >= 0, self.alpha_bars[jnp.maximum(t_prev, 0)], 1.0)
            return jnp.sqrt(a_prev) * x0 + jnp.sqrt(1 - a_prev) * eps, None

        x, _ = jax.lax.scan(body, x_T, (ts, jnp.append(ts[1:], -1)))
        return x


def main():
    cfg = DDIMConfig()
    sampler = DDIMSampler(Denoiser(cfg, rngs=nnx.Rngs(0)), cfg)
    x = sampler.sample(jax.random.normal(jax.random.key(1), (4, cfg.dim)))
    print("sample", x.mean(0), "preview spread", jnp.std(sampler.last_x0))
    return None
