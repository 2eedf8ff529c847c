# label: ok
# flax-error: none
# class: 5 a config-keyed cache of nnx.jit-compiled step functions; the model is split, its state carried through the while_loop and merged inside the body before the cached step
"""Textile loom tension control: warp tension is stepped until the weave settles."""
import dataclasses
import functools
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class LoomConfig:
    warp_threads: int = 8
    gain: float = 0.2
    tolerance: float = 0.05
    max_picks: int = 30


class TensionModel(nnx.Module):
    def __init__(self, threads: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(threads, threads, rngs=rngs)

    def __call__(self, tension):
        return jnp.tanh(self.mix(tension))


_COMPILED: Dict[LoomConfig, Callable] = {}


def tension_step(model: TensionModel, tension, gain: float):
    return tension - gain * model(tension)


def compiled_step(cfg: LoomConfig) -> Callable:
    if cfg not in _COMPILED:
        _COMPILED[cfg] = nnx.jit(functools.partial(tension_step, gain=cfg.gain))
    return _COMPILED[cfg]


class LoomController:
    def __init__(self, cfg: LoomConfig, model: TensionModel):
        self.cfg = cfg
        self.model = model

    def settle(self, tension):
        step = compiled_step(self.cfg)
        graphdef, state = nnx.split(self.model)

        def unsettled(carry):
            picks, t, delta, _ = carry
            return (picks < self.cfg.max_picks) & (delta > self.cfg.tolerance)

        def pick(carry):
            picks, t, _, state = carry
            model = nnx.merge(graphdef, state)
            new_t = step(model, t)
            return picks + 1, new_t, jnp.max(jnp.abs(new_t - t)), nnx.state(model)

        picks, t, delta, state = jax.lax.while_loop(
            unsettled, pick, (0, tension, jnp.array(jnp.inf), state)
        )
        nnx.update(self.model, state)
        return picks, t, delta


def main():
    cfg = LoomConfig()
    controller = LoomController(cfg, TensionModel(cfg.warp_threads, nnx.Rngs(0)))
    picks, tension, _ = controller.settle(jnp.linspace(-1.0, 1.0, cfg.warp_threads))
    jax.block_until_ready((picks, tension))
    return None
