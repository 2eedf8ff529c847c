# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 6 (24 B)
# class: 5 a step factory closes over the container's denoiser and optimizer; the fori_loop body differentiates and updates them
"""Fine-tuning a seismogram denoiser on a station's quiet-hour recordings."""
from __future__ import annotations

from typing import Any, Callable

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Denoiser(nnx.Module):
    def __init__(self, samples: int, bottleneck: int, *, rngs: nnx.Rngs):
        self.down = nnx.Linear(samples, bottleneck, rngs=rngs)
        self.up = nnx.Linear(bottleneck, samples, rngs=rngs)

    def __call__(self, trace):
        return self.up(nnx.gelu(self.down(trace)))


class ServiceContainer:
    def __init__(self):
        self._factories: dict[str, Callable[[ServiceContainer], Any]] = {}
        self._singletons: dict[str, Any] = {}

    def provide(self, name: str):
        def register(factory):
            self._factories[name] = factory
            return factory
        return register

    def __getitem__(self, name: str):
        if name not in self._singletons:
            self._singletons[name] = self._factories[name](self)
        return self._singletons[name]


container = ServiceContainer()


@container.provide("denoiser")
def _denoiser(c):
    return Denoiser(samples=32, bottleneck=6, rngs=nnx.Rngs(4))


@container.provide("optimizer")
def _optimizer(c):
    return nnx.Optimizer(c["denoiser"], optax.adamw(3e-3), wrt=nnx.Param)


def reconstruction_loss(model, noisy, clean):
    return jnp.mean((model(noisy) - clean) ** 2)


def make_train_step(model, optimizer, noisy, clean):
    def step(i, loss_sum):
        loss, grads = nnx.value_and_grad(reconstruction_loss)(model, noisy, clean)
        optimizer.update(model, grads)
        return loss_sum + loss

    return step


def fine_tune(c: ServiceContainer, noisy, clean, steps: int = 4):
    step = make_train_step(c["denoiser"], c["optimizer"], noisy, clean)
    total = jax.lax.fori_loop(0, steps, step, jnp.float32(0.0))
    return total / steps


def main():
    t = jnp.linspace(0.0, 4.0, 32)
    clean = jnp.stack([jnp.sin(3.0 * t), jnp.sin(5.0 * t + 1.0)])
    noisy = clean + 0.2 * jax.random.normal(jax.random.key(6), clean.shape)
    mean_loss = fine_tune(container, noisy, clean)
    jax.block_until_ready((mean_loss, container["denoiser"](noisy)))
    return None
