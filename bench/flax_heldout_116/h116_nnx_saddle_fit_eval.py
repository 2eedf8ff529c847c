# label: ok
# flax-error: none
# class: 5 make_fit_step(model) returns a step that calls a jax.checkpoint-wrapped closure over model; SaddleFitter puts the model in eval mode before building the step, so the scanned step only reads batch statistics
"""Saddle fitting studio: rolls a rider's pressure-mat frames through a
rematerialised comfort model to score each fitting adjustment."""
import jax
import jax.numpy as jnp
from flax import nnx


class ComfortModel(nnx.Module):
    def __init__(self, cells, *, rngs: nnx.Rngs):
        self.conv = nnx.Linear(cells, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.score = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, pressure):
        return self.score(nnx.gelu(self.norm(self.conv(pressure))))[..., 0]


def make_fit_step(model):
    @jax.checkpoint
    def comfort(pressure):
        return model(pressure)

    def step(best, frame):
        score = comfort(frame).mean()
        return jnp.maximum(best, score), score

    return step


class SaddleFitter:
    def __init__(self, model):
        self.model = model
        self.model.eval()  # fitting sessions score, they do not recalibrate
        self.step = make_fit_step(model)

    def score_session(self, frames):
        best, scores = jax.lax.scan(self.step, -jnp.inf, frames)
        return best, scores


def main():
    model = ComfortModel(9, rngs=nnx.Rngs(0))
    frames = jax.random.uniform(jax.random.key(1), (6, 4, 9))
    SaddleFitter(model).score_session(frames)
    return None
