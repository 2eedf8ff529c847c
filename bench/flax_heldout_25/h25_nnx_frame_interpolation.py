# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 nnx.jit-compiled refine function given the outside interpolator module from the raw scan body (via Interpolator.run)
"""Video frame interpolation: a coarse-to-fine refiner predicts intermediate frames."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class InterpConfig:
    pixels: int = 16
    hidden: int = 32
    refinements: int = 3


class FusionNet(nnx.Module):
    def __init__(self, cfg: InterpConfig, rngs: nnx.Rngs):
        self.encode = nnx.Linear(cfg.pixels * 3, cfg.hidden, rngs=rngs)
        self.norm = nnx.LayerNorm(cfg.hidden, rngs=rngs)
        self.decode = nnx.Linear(cfg.hidden, cfg.pixels, rngs=rngs)

    def __call__(self, prev_frame, next_frame, estimate):
        h = self.norm(nnx.relu(self.encode(jnp.concatenate([prev_frame, next_frame, estimate]))))
        return estimate + 0.5 * jnp.tanh(self.decode(h))


class Interpolator(nnx.Module):
    def __init__(self, cfg: InterpConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.fusion = FusionNet(cfg, rngs)


@nnx.jit
def refine(model: Interpolator, prev_frame, next_frame, estimate):
    return model.fusion(prev_frame, next_frame, estimate)


class InterpolationService:
    def __init__(self, cfg: InterpConfig, seed: int = 0):
        self.model = Interpolator(cfg, nnx.Rngs(seed))

    def run(self, prev_frame, next_frame):
        def body(estimate, _):
            estimate = refine(self.model, prev_frame, next_frame, estimate)
            return estimate, jnp.abs(estimate - 0.5 * (prev_frame + next_frame)).mean()

        init = 0.5 * (prev_frame + next_frame)
        return jax.lax.scan(body, init, None, length=self.model.cfg.refinements)


def main():
    cfg = InterpConfig()
    service = InterpolationService(cfg)
    prev_frame = jnp.linspace(0.0, 1.0, cfg.pixels)
    next_frame = jnp.roll(prev_frame, 2)
    middle, deviation = service.run(prev_frame, next_frame)
    print("middle frame mean", float(middle.mean()), "deviation", deviation.round(3).tolist())
    return None
