# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 QCPipeline -> Evaluator.predict, a jax.jit(partial(model.apply, train=cfg.train_mode)) on the evaluator, applied to the evaluator's variables inside the window fori_loop
"""Seismology: a 1-D convolutional denoiser cleans a continuous station trace window by
window; the quality-control pipeline reports the mean SNR gain. Run settings come from a
frozen config shared with the training job."""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Denoiser(nn.Module):
    channels: int = 8

    @nn.compact
    def __call__(self, x, train: bool):
        h = nn.Conv(self.channels, (5,))(x[..., None])
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Conv(1, (5,))(nn.gelu(h))[..., 0]


@dataclasses.dataclass(frozen=True)
class RunConfig:
    window: int = 32
    n_windows: int = 6
    train_mode: bool = True


class Evaluator:
    def __init__(self, model, variables, cfg: RunConfig):
        self.cfg = cfg
        self.variables = variables
        self.predict = jax.jit(partial(model.apply, train=cfg.train_mode))

    def snr_gain(self, noisy, clean):
        cfg = self.cfg

        def window_gain(i, total):
            start = i * cfg.window
            x = lax.dynamic_slice(noisy, (start,), (cfg.window,))
            y = lax.dynamic_slice(clean, (start,), (cfg.window,))
            den = self.predict(self.variables, x[None])[0]
            before = jnp.sum((x - y) ** 2)
            after = jnp.sum((den - y) ** 2)
            return total + 10.0 * jnp.log10(before / (after + 1e-6))

        return lax.fori_loop(0, cfg.n_windows, window_gain, jnp.zeros(())) / cfg.n_windows


class QCPipeline:
    def __init__(self, evaluator: Evaluator):
        self.evaluator = evaluator

    def run(self, noisy, clean):
        return {"snr_gain_db": self.evaluator.snr_gain(noisy, clean)}


def main():
    cfg = RunConfig()
    model = Denoiser()
    variables = model.init(jax.random.key(0), jnp.zeros((1, cfg.window)), train=False)
    t = jnp.linspace(0.0, 20.0, cfg.window * cfg.n_windows)
    clean = jnp.sin(3.0 * t) * jnp.exp(-0.1 * t)
    noisy = clean + 0.3 * jax.random.normal(jax.random.key(1), clean.shape)
    report = QCPipeline(Evaluator(model, variables, cfg)).run(noisy, clean)
    float(report["snr_gain_db"])
    return None
