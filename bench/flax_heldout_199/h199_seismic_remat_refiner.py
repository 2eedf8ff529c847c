# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block_0)/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 an IterativeRefiner holds model.bind(variables) of a stack of nn.remat blocks built in train mode and calls it in the while_loop body
"""Iterative seismic-trace denoising with a checkpointed (nn.remat) block stack."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class DenoiseBlock(nn.Module):
    channels: int
    train: bool

    @nn.compact
    def __call__(self, x):
        h = nn.Conv(self.channels, (5,), name="conv")(x)
        h = nn.BatchNorm(use_running_average=not self.train, name="norm")(h)
        return x + nn.Conv(x.shape[-1], (3,), name="proj")(nn.gelu(h))


RematBlock = nn.remat(DenoiseBlock)


class TraceDenoiser(nn.Module):
    depth: int = 3
    channels: int = 8
    train: bool = True

    @nn.compact
    def __call__(self, trace):
        for i in range(self.depth):
            trace = RematBlock(self.channels, self.train, name=f"block_{i}")(trace)
        return trace


@dataclasses.dataclass(frozen=True)
class RefineConfig:
    max_iters: int = 6
    tol: float = 1e-3
    relax: float = 0.5


class IterativeRefiner:
    def __init__(self, model, variables, cfg: RefineConfig):
        self.denoise = model.bind(variables)
        self.cfg = cfg

    def refine(self, noisy):
        def cond(state):
            i, _, delta = state
            return jnp.logical_and(i < self.cfg.max_iters, delta > self.cfg.tol)

        def body(state):
            i, trace, _ = state
            update = self.cfg.relax * (self.denoise(trace) - trace)
            return i + 1, trace + update, jnp.max(jnp.abs(update))

        _, clean, _ = lax.while_loop(cond, body, (0, noisy, jnp.inf))
        return clean


def main():
    noisy = jax.random.normal(jax.random.key(0), (2, 64, 1))
    model = TraceDenoiser()
    variables = model.init(jax.random.key(1), noisy)
    refiner = IterativeRefiner(model, variables, RefineConfig())
    refiner.refine(noisy)
    return None
