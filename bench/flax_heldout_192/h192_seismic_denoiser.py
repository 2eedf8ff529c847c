# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[64] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the denoising cell is an nn.remat-wrapped module built in setup and first called inside the module's own scan body during init
"""Seismic trace denoiser: an iterative refinement cell, rematerialised to save memory on long records."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DenoiseConfig:
    n_channels: int = 3
    n_samples: int = 32
    n_iterations: int = 4
    step_size: float = 0.2


class RefineCell(nn.Module):
    n_samples: int

    @nn.compact
    def __call__(self, trace):
        h = nn.gelu(nn.Dense(2 * self.n_samples, name="expand")(trace))
        return nn.Dense(self.n_samples, name="project")(h)


CheckpointedCell = nn.remat(RefineCell)


class IterativeDenoiser(nn.Module):
    cfg: DenoiseConfig

    def setup(self):
        self.cell = CheckpointedCell(self.cfg.n_samples)

    def __call__(self, traces):
        def refine(estimate, _):
            estimate = estimate - self.cfg.step_size * self.cell(estimate)
            return estimate, jnp.linalg.norm(estimate)

        cleaned, norms = jax.lax.scan(refine, traces, None, length=self.cfg.n_iterations)
        return cleaned


def main():
    cfg = DenoiseConfig()
    records = jax.random.normal(jax.random.key(0), (cfg.n_channels, cfg.n_samples))
    model = IterativeDenoiser(cfg)
    variables = model.init(jax.random.key(1), records)
    model.apply(variables, records).block_until_ready()
    return None
