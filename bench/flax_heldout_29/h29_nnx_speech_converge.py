# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 enhance_until_stable helper's while_loop body calls model.enhance with a deterministic flag taken from a config left at its training value, reaching nnx.Dropout
"""Speech enhancement by iterated spectral refinement until the update falls below a tolerance."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RefineConfig:
    bins: int = 16
    hidden: int = 24
    tol: float = 1e-3
    max_iters: int = 6
    deterministic: bool = False


class RefineBlock(nnx.Module):
    def __init__(self, cfg, rngs):
        self.fc = nnx.Linear(cfg.bins, cfg.hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.gate = nnx.Linear(cfg.hidden, cfg.bins, rngs=rngs)

    def __call__(self, spec, deterministic):
        h = self.drop(nnx.relu(self.fc(jnp.log1p(spec))), deterministic=deterministic)
        return nnx.sigmoid(self.gate(h))


class Refiner(nnx.Module):
    def __init__(self, cfg: RefineConfig, rngs: nnx.Rngs):
        self.block = RefineBlock(cfg, rngs)
        self.cfg = cfg

    def enhance(self, spec, noisy, deterministic):
        return noisy * self.block(spec, deterministic)


def enhance_until_stable(model, noisy, cfg: RefineConfig):
    def cond(state):
        i, _, delta = state
        return jnp.logical_and(i < cfg.max_iters, delta > cfg.tol)

    def body(state):
        i, spec, _ = state
        new = model.enhance(spec, noisy, cfg.deterministic)
        return i + 1, new, jnp.abs(new - spec).mean()

    return jax.lax.while_loop(cond, body, (0, noisy, jnp.inf))


def main():
    cfg = RefineConfig()
    model = Refiner(cfg, nnx.Rngs(params=0, dropout=1))
    noisy = jnp.abs(jax.random.normal(jax.random.key(2), (4, cfg.bins)))
    iters, clean, delta = enhance_until_stable(model, noisy, model.cfg)
    print("iterations", int(iters), float(clean.mean()), float(delta))
    return None
