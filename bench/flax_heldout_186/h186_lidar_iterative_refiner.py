# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[19,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the refiner's __call__ runs jax.lax.while_loop and its setup-defined submodules create their params inside the loop body on init
"""LIDAR point-cloud denoising: a learned update is applied until the per-point residual drops
below a tolerance, the way classical iterative solvers are unrolled in perception stacks."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class RefinerSpec:
    hidden: int = 16
    max_iters: int = 6
    tolerance: float = 1e-3


class ResidualUpdate(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, points, context):
        h = nn.gelu(nn.Dense(self.hidden)(jnp.concatenate([points, context], axis=-1)))
        return nn.Dense(points.shape[-1])(h)


class IterativeRefiner(nn.Module):
    spec: RefinerSpec

    def setup(self):
        self.context_net = nn.Dense(self.spec.hidden)
        self.update = ResidualUpdate(self.spec.hidden)

    def __call__(self, points):
        context = nn.relu(self.context_net(points))

        def cond(state):
            _, residual, it = state
            return jnp.logical_and(residual > self.spec.tolerance, it < self.spec.max_iters)

        def body(state):
            pts, _, it = state
            delta = 0.1 * self.update(pts, context)
            return pts - delta, jnp.abs(delta).mean(), it + 1

        pts, residual, iters = lax.while_loop(cond, body, (points, jnp.inf, 0))
        return pts, iters


class DenoiseStage:
    """One stage of the perception pipeline; owns the model and its variables."""

    def __init__(self, spec: RefinerSpec, sample):
        self.model = IterativeRefiner(spec)
        self.variables = self.model.init(jax.random.key(0), sample)

    def __call__(self, points):
        return self.model.apply(self.variables, points)


def main():
    sweep = jax.random.normal(jax.random.key(1), (32, 3))
    stage = DenoiseStage(RefinerSpec(), sweep)
    cleaned, iters = stage(sweep)
    cleaned.block_until_ready()
    return None
