# label: ok
# flax-error: none
# class: 4 the scan body in `run_denoiser` reaches the model through `pipeline.stages["denoise"]`, switched to eval mode first, so its nnx.BatchNorm only reads its running averages
"""A two-stage pipeline: encode, then iterative denoising of the latent."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Denoiser(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)

    def __call__(self, z):
        return z - 0.2 * jnp.tanh(self.norm(self.proj(z)))


class Encoder(nnx.Module):
    def __init__(self, din: int, dim: int, rngs: nnx.Rngs):
        self.lin = nnx.Linear(din, dim, rngs=rngs)

    def __call__(self, x):
        return self.lin(x)


@dataclass
class Pipeline:
    stages: dict = field(default_factory=dict)

    @classmethod
    def build(cls, din, dim, seed=0):
        rngs = nnx.Rngs(seed)
        return cls({"encode": Encoder(din, dim, rngs), "denoise": Denoiser(dim, rngs)})

    def for_inference(self):
        for stage in self.stages.values():
            stage.eval()
        return self


def run_denoiser(pipeline, z, steps):
    def step(z, _):
        z = pipeline.stages["denoise"](z)
        return z, jnp.linalg.norm(z)

    return scan(step, z, None, length=steps)


def main():
    pipeline = Pipeline.build(din=6, dim=4).for_inference()
    x = jnp.linspace(-1.0, 1.0, 18).reshape(3, 6)
    z = pipeline.stages["encode"](x)
    z, norms = run_denoiser(pipeline, z, steps=4)
    jax.block_until_ready((z, norms))
    return None
