# label: ok
# flax-error: none
# class: 1 TraceStacker.__call__ runs lax.scan itself; the AGC gain is read before the loop, carried through it and written once after
"""Common-midpoint stacking with automatic gain control kept as Linen state.

The AGC gain is a running envelope that persists between gathers, so it lives in the
'stats' collection and is returned as an update by `apply`.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class StackConfig:
    n_traces: int = 6
    n_samples: int = 32
    gain_decay: float = 0.9
    eps: float = 1e-3


class TraceStacker(nn.Module):
    cfg: StackConfig

    @nn.compact
    def __call__(self, gather):
        cfg = self.cfg
        gain = self.variable("stats", "agc_gain", lambda: jnp.ones((cfg.n_samples,)))
        taper = self.param("taper", nn.initializers.ones, (cfg.n_samples,))

        def stack_one(carry, trace):
            total, running = carry
            envelope = jnp.abs(trace)
            running = cfg.gain_decay * running + (1.0 - cfg.gain_decay) * envelope
            balanced = taper * trace / (running + cfg.eps)
            return (total + balanced, running), jnp.max(balanced)

        init = (jnp.zeros((cfg.n_samples,)), gain.value)
        (stacked, final_gain), peaks = lax.scan(stack_one, init, gather)
        gain.value = final_gain
        return stacked / cfg.n_traces, peaks


class StackingJob:
    """Processes one survey line gather by gather, carrying the AGC state along."""

    def __init__(self, cfg: StackConfig, seed: int = 0):
        self.cfg = cfg
        self.model = TraceStacker(cfg)
        self.key = jax.random.key(seed)

    def run(self, gathers):
        variables = self.model.init(self.key, gathers[0])
        images = []
        for gather in gathers:
            (image, _), updates = self.model.apply(variables, gather, mutable=["stats"])
            variables = {**variables, **updates}
            images.append(image)
        return jnp.stack(images), variables


def main():
    cfg = StackConfig()
    gathers = jax.random.normal(jax.random.key(3), (2, cfg.n_traces, cfg.n_samples))
    images, variables = StackingJob(cfg).run(gathers)
    print("image rms", float(jnp.sqrt(jnp.mean(images**2))))
    print("mean gain", float(variables["stats"]["agc_gain"].mean()))
    return None
