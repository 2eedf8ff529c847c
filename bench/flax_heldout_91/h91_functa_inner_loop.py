# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "shift" in "/" because collection "modulations" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 module method self.inner_step is the raw scan body and writes the per-signal modulations held in a non-param 'modulations' collection that apply left immutable
"""Functa-style implicit neural representation (Dupont et al. 2022): a shared SIREN modulated by
per-signal shift vectors; the modulations are fitted to a new signal with a few inner SGD steps."""
import functools

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class SirenLayer(nn.Module):
    features: int
    w0: float = 30.0

    @nn.compact
    def __call__(self, x, shift):
        return jnp.sin(self.w0 * nn.Dense(self.features)(x) + shift)


class ModulatedSiren(nn.Module):
    width: int = 32
    depth: int = 3
    inner_steps: int = 3
    inner_lr: float = 1e-2

    def setup(self):
        self.layers = [SirenLayer(self.width) for _ in range(self.depth)]
        self.out = nn.Dense(1)
        self.mods = self.variable("modulations", "shift",
                                  lambda: jnp.zeros((self.depth, self.width)))

    def decode(self, coords, shift):
        h = coords
        for layer, s in zip(self.layers, shift):
            h = layer(h, s)
        return self.out(h)

    def inner_step(self, _, __, coords, target):
        def loss(shift):
            return jnp.mean((self.decode(coords, shift) - target) ** 2)

        value, g = jax.value_and_grad(loss)(self.mods.value)
        self.mods.value = self.mods.value - self.inner_lr * g
        return None, value

    def __call__(self, coords, target):
        if self.is_initializing():
            return self.decode(coords, self.mods.value)
        _, losses = lax.scan(functools.partial(self.inner_step, coords=coords, target=target),
                             None, None, length=self.inner_steps)
        return self.decode(coords, self.mods.value), losses


def main():
    coords = jnp.stack(jnp.meshgrid(jnp.linspace(-1, 1, 8), jnp.linspace(-1, 1, 8)), -1).reshape(-1, 2)
    target = jnp.sin(3 * coords[:, :1]) * jnp.cos(2 * coords[:, 1:])
    model = ModulatedSiren()
    variables = model.init(jax.random.PRNGKey(0), coords, target)
    recon, losses = model.apply(variables, coords, target)
    losses.block_until_ready()
    return None
