# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a summarize helper called from the lax.scan body sows the context vector into 'intermediates', collected with mutable=['intermediates'] by a logging step
"""Contrastive predictive coding on audio frames: GRU context network and per-horizon predictors."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen


@dataclass(frozen=True)
class CPCConfig:
    frame: int = 16
    latent: int = 12
    context: int = 12
    horizons: int = 3


class CPC(linen.Module):
    cfg: CPCConfig

    def setup(self):
        self.encoder = linen.Sequential([linen.Dense(self.cfg.latent), linen.gelu])
        self.ar = linen.GRUCell(features=self.cfg.context)
        self.predictors = [linen.Dense(self.cfg.latent) for _ in range(self.cfg.horizons)]

    def summarize(self, c, z_t):
        c, out = self.ar(c, z_t)
        self.sow("intermediates", "context", out)
        return c

    def __call__(self, frames):
        z = self.encoder(frames)  # [time, latent]
        c = self.summarize(jnp.zeros((self.cfg.context,)), z[0])
        c, _ = jax.lax.scan(lambda c, z_t: (self.summarize(c, z_t), None), c, z[1:-self.cfg.horizons])
        t = z.shape[0] - self.cfg.horizons - 1
        preds = jnp.stack([p(c) for p in self.predictors])
        return preds, z[t + 1:t + 1 + self.cfg.horizons]


def info_nce(preds, targets):
    logits = preds @ targets.T
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=-1)))


def make_logging_step(model):
    def log_step(params, frames):
        (preds, targets), inter = model.apply({"params": params}, frames, mutable=["intermediates"])
        ctx = inter["intermediates"]["context"]
        return info_nce(preds, targets), jnp.stack([jnp.linalg.norm(c) for c in ctx])
    return log_step


def main():
    cfg = CPCConfig()
    model = CPC(cfg)
    frames = jax.random.normal(jax.random.key(0), (10, cfg.frame))
    params = model.init(jax.random.key(1), frames)["params"]
    loss, ctx_norms = make_logging_step(model)(params, frames)
    print(float(loss), ctx_norms.shape)
    return None
