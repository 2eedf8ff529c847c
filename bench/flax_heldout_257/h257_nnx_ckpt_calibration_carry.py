# label: ok
# flax-error: none
# class: 5 the while_loop body in StatsCalibrator.calibrate merges the model from the carry and returns its state in the carry; the final carry is written back and saved into self.ckpt, the checkpoint wrapper holding the model
"""Recalibrates normalisation statistics of a lipophilicity model on a new compound series, with checkpoint/restore."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class LipophilicityModel(nnx.Module):
    def __init__(self, descriptors: int, width: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(descriptors, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, momentum=0.5, rngs=rngs)
        self.out = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.silu(self.norm(self.proj(x))))[..., 0]


class CheckpointedModel:
    def __init__(self, model: nnx.Module):
        self.model = model
        self._saved = None
        self.saves = 0

    def save(self, state):
        self._saved = state
        self.saves += 1

    def restore(self) -> nnx.Module:
        if self._saved is not None:
            nnx.update(self.model, self._saved)
        return self.model


class StatsCalibrator:
    def __init__(self, ckpt: CheckpointedModel, tol: float = 1e-3):
        self.ckpt = ckpt
        self.tol = tol

    def calibrate(self, series):
        graphdef, state = nnx.split(self.ckpt.model)
        n_batches = series.shape[0]

        def keep_going(carry):
            i, _, shift = carry
            return (i < n_batches) & (shift > self.tol)

        def absorb(carry):
            i, state, _ = carry
            model = nnx.merge(graphdef, state)
            before = model.norm.mean[...]
            model(series[i])
            shift = jnp.abs(model.norm.mean[...] - before).max()
            return i + 1, nnx.state(model), shift

        _, state, _ = jax.lax.while_loop(keep_going, absorb, (0, state, jnp.asarray(jnp.inf)))
        nnx.update(self.ckpt.model, state)
        self.ckpt.save(nnx.state(self.ckpt.model, nnx.BatchStat))
        model = self.ckpt.restore()
        model.eval()
        return model


def main():
    series = 2.0 + jax.random.normal(jax.random.key(0), (4, 10, 7))
    ckpt = CheckpointedModel(LipophilicityModel(7, 12, nnx.Rngs(0)))
    model = StatsCalibrator(ckpt).calibrate(series)
    log_p = model(series[0])
    jax.block_until_ready(log_p)
