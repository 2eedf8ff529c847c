# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a small dataclass log object is captured by the raw jax.lax.scan body, which stores the learned update's norm on it each step; the norm is read after the loop
"""NNX learned optimizer meta-training unroll with a tiny logging dataclass (the kind of
'metrics' side-channel kept in research code) recording the last update norm."""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass
class UnrollConfig:
    n_steps: int = 12
    dim: int = 6


@dataclasses.dataclass
class UnrollLog:
    last_update_norm: Any = None


class PerParamMLP(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 8, rngs=rngs)
        self.l2 = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, g, w):
        return 1e-2 * self.l2(nnx.tanh(self.l1(jnp.stack([g, w], -1)))).squeeze(-1)


def quadratic(w, target):
    return 0.5 * jnp.sum((w - target) ** 2)


def meta_unroll(lopt, cfg: UnrollConfig, target, log: UnrollLog):
    def step(w, _):
        g = jax.grad(quadratic)(w, target)
        upd = lopt(g, w)
        log.last_update_norm = jnp.linalg.norm(upd)
        return w - upd, quadratic(w - upd, target)

    _, losses = jax.lax.scan(step, jnp.zeros(cfg.dim), None, length=cfg.n_steps)
    return losses.mean()


def main():
    cfg = UnrollConfig()
    lopt = PerParamMLP(rngs=nnx.Rngs(0))
    log = UnrollLog()
    meta_loss = meta_unroll(lopt, cfg, jnp.ones(cfg.dim), log)
    summary = {'meta_loss': meta_loss, 'log_update_norm': jnp.log(log.last_update_norm)}
    jax.block_until_ready(summary)
    return None


if __name__ == "__main__":
    main()
