# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a LinearizeTracer to escape the scope of the transformation.
# class: 4 loss history list of a plain logger held by the scene model appended from the raw fori_loop body, via optimise -> Scene.photometric_loss
"""Inverse rendering: recover albedo and lighting latents by fitting a differentiable shader."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RenderConfig:
    pixels: int = 24
    latent: int = 6
    iterations: int = 5
    lr: float = 0.3


class LossLog:
    def __init__(self):
        self.history = []

    def log(self, value):
        self.history.append(value)


class Shader(nnx.Module):
    def __init__(self, cfg: RenderConfig, rngs: nnx.Rngs):
        self.basis = nnx.Linear(cfg.latent, cfg.pixels, rngs=rngs)

    def __call__(self, albedo, light):
        return jax.nn.sigmoid(self.basis(albedo)) * jnp.maximum(light, 0.0)


class Scene(nnx.Module):
    def __init__(self, cfg: RenderConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.shader = Shader(cfg, rngs)
        self.logger = LossLog()

    def photometric_loss(self, latents, target):
        albedo, light = latents
        loss = jnp.mean((self.shader(albedo, light) - target) ** 2)
        self.logger.log(loss)
        return loss


def optimise(scene, target):
    def body(_, latents):
        grads = jax.grad(lambda z: scene.photometric_loss(z, target))(latents)
        return jax.tree.map(lambda z, g: z - scene.cfg.lr * g, latents, grads)

    init = (jnp.zeros((scene.cfg.latent,)), jnp.float32(0.5))
    return jax.lax.fori_loop(0, scene.cfg.iterations, body, init)


def main():
    cfg = RenderConfig()
    scene = Scene(cfg, nnx.Rngs(0))
    target = jnp.linspace(0.1, 0.9, cfg.pixels)
    albedo, light = optimise(scene, target)
    curve = jnp.stack(scene.logger.history)
    print("light", float(light), "loss curve", curve.round(4).tolist())
    return None
